import { ListingStatus, MaterialType, ProductDocumentKind } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { listings, productDocuments, products } from '../../db/schema/index.ts';

/**
 * The product's derived tags (spec §1, docs/design.md §5, issue 4 item 3). Nobody types them in: they follow from the
 * material type, the documents and the listings, and are stored on `products` only so the catalogue can filter on
 * them with an index.
 */
export interface DerivedTags {
  isPrefabricated: boolean;
  isLowCarbon: boolean;
  isGreen: boolean;
  /** Stars (1–3) of the best green certificate valid today; null without one. */
  starRating: number | null;
  /** `YYYY-MM-DD`: the latest validity of the green certificates valid today; null without one. */
  greenValidUntil: string | null;
  isGovProcurement: boolean;
}

export interface TagDocument {
  kind: number;
  starRating: number | null;
  /** `YYYY-MM-DD` or null. */
  validFrom: string | null;
  validUntil: string | null;
}

export interface TagEvidence {
  materialType: number;
  documents: readonly TagDocument[];
  /** The product has at least one listing that is listed and meets its city's demand standard. */
  hasGovProcurementListing: boolean;
}

/**
 * A green building material certificate counts on `today` when it has a star rating of 1–3 and today lies within
 * its validity, both ends included (a certificate valid until 2026-12-31 still counts on that day). ISO dates
 * compare correctly as strings.
 */
export function isValidGreenCertificate(doc: TagDocument, today: string): boolean {
  if (doc.kind !== ProductDocumentKind.GREEN_CERTIFICATE) return false;
  if (doc.starRating === null || doc.starRating < 1 || doc.starRating > 3) return false;
  if (doc.validUntil === null || doc.validUntil < today) return false;
  if (doc.validFrom !== null && doc.validFrom > today) return false;
  return true;
}

/** The pure rule: tags from the evidence as of `today` (`YYYY-MM-DD`, Asia/Shanghai). */
export function deriveProductTags(evidence: TagEvidence, today: string): DerivedTags {
  const valid = evidence.documents.filter((d) => isValidGreenCertificate(d, today));
  const starRating = valid.length > 0 ? Math.max(...valid.map((d) => d.starRating as number)) : null;
  const greenValidUntil =
    valid.length > 0 ? valid.map((d) => d.validUntil as string).reduce((a, b) => (a > b ? a : b)) : null;
  return {
    isPrefabricated: evidence.materialType === MaterialType.PREFABRICATED,
    isLowCarbon: evidence.documents.some((d) => d.kind === ProductDocumentKind.CARBON_FOOTPRINT_REPORT),
    isGreen: valid.length > 0,
    starRating,
    greenValidUntil,
    isGovProcurement: evidence.hasGovProcurementListing,
  };
}

/**
 * Whether a product is green on `today`, for every filter and view: the stored flag alone may be stale for up to
 * one sweep after a certificate expired, the date comparison never is (so correctness needs no job).
 */
export const isGreenOn = (today: string) =>
  sql<boolean>`(${products.isGreen} and ${products.greenValidUntil} >= ${today}::date)`;

/** The same rule for a product row already read. */
export function greenNow(row: { isGreen: boolean; greenValidUntil: string | null }, today: string): boolean {
  return row.isGreen && row.greenValidUntil !== null && row.greenValidUntil >= today;
}

/**
 * Recompute and store a product's tags, in the caller's transaction. Call it whenever the evidence changes:
 * documents (product module, certificate module), material type (product module), listings (listing module).
 * An unknown product id does nothing.
 */
export async function recomputeProductTags(tx: Tx, productId: number, today: string = shanghaiToday()) {
  const [product] = await tx
    .select({ materialType: products.materialType })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) return;
  const documents = await tx
    .select({
      kind: productDocuments.kind,
      starRating: productDocuments.starRating,
      validFrom: productDocuments.validFrom,
      validUntil: productDocuments.validUntil,
    })
    .from(productDocuments)
    .where(eq(productDocuments.productId, productId));
  const [gov] = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(
      and(
        eq(listings.productId, productId),
        eq(listings.status, ListingStatus.LISTED),
        eq(listings.govProcurement, true),
      ),
    )
    .limit(1);
  const tags = deriveProductTags(
    { materialType: product.materialType, documents, hasGovProcurementListing: gov !== undefined },
    today,
  );
  await tx.update(products).set(tags).where(eq(products.id, productId));
}
