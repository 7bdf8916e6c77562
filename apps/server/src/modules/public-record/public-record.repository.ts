import { LedgerDocType, ListingStatus, ProductDocumentKind } from '@jcbb/contract';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  certificates,
  ledgerRecords,
  listings,
  materialClassifications,
  organizations,
  productDocuments,
  products,
} from '../../db/schema/index.ts';

/** Listed (3) listings of enabled products: what the catalogue shows now (catalogue's `publishedIn`, every city). */
const published = and(eq(listings.status, ListingStatus.LISTED), eq(listings.productEnabled, true));

// ---- the site map ----

/** Each city's listed products, the most recently approved first, at most `perCity` a city. */
export async function listedProductsByCity(tx: Tx, perCity: number) {
  const ranked = tx
    .select({
      cityCode: listings.cityCode,
      productId: listings.productId,
      name: listings.productName,
      orgId: listings.orgId,
      listedAt: listings.listedAt,
      rank: sql<number>`row_number() over (partition by ${listings.cityCode} order by ${listings.listedAt} desc nulls last, ${listings.id} desc)`.as(
        'rank',
      ),
    })
    .from(listings)
    .where(published)
    .as('ranked');
  return tx
    .select({
      cityCode: ranked.cityCode,
      productId: ranked.productId,
      name: ranked.name,
      companyName: organizations.name,
      listedAt: ranked.listedAt,
    })
    .from(ranked)
    .innerJoin(organizations, eq(organizations.id, ranked.orgId))
    .where(lte(ranked.rank, perCity))
    .orderBy(asc(ranked.cityCode), asc(ranked.rank));
}

/** Makers with at least one listed product, by name, with how many products they have listed. */
export async function listedCompanies(tx: Tx, limit: number) {
  return tx
    .select({
      id: organizations.id,
      name: organizations.name,
      productCount: sql<number>`count(distinct ${listings.productId})::int`,
    })
    .from(listings)
    .innerJoin(organizations, eq(organizations.id, listings.orgId))
    .where(published)
    .groupBy(organizations.id, organizations.name)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(limit);
}

export async function listedCompanyCount(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${listings.orgId})::int` })
    .from(listings)
    .where(published);
  return row?.n ?? 0;
}

/** Every listed product once, with the date of its latest approval (for lastmod), by product id. */
export async function listedProductDates(tx: Tx) {
  return tx
    .select({ productId: listings.productId, listedAt: sql<Date | string | null>`max(${listings.listedAt})` })
    .from(listings)
    .where(published)
    .groupBy(listings.productId)
    .orderBy(asc(listings.productId));
}

/** Per city: its listed products and the latest approval (for the catalogue's and committee page's lastmod). */
export async function cityListingDates(tx: Tx) {
  return tx
    .select({
      cityCode: listings.cityCode,
      n: sql<number>`count(*)::int`,
      listedAt: sql<Date | string | null>`max(${listings.listedAt})`,
    })
    .from(listings)
    .where(published)
    .groupBy(listings.cityCode);
}

// ---- the snapshot ----

/** A product with its maker and class names. */
export async function productRecord(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      product: products,
      makerName: organizations.name,
      makerUpdatedAt: organizations.updatedAt,
      classifyName: materialClassifications.name,
    })
    .from(products)
    .innerJoin(organizations, eq(organizations.id, products.orgId))
    .leftJoin(materialClassifications, eq(materialClassifications.code, products.classifyCode))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

export async function orgRecord(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      regionCode: organizations.regionCode,
      certStatus: organizations.certStatus,
      certifiedAt: organizations.certifiedAt,
      updatedAt: organizations.updatedAt,
    })
    .from(organizations)
    .where(eq(organizations.id, id))
    .limit(1);
  return row;
}

/** An organisation's products made by the moment, oldest first (at most `limit`). */
export async function productsOfOrg(tx: Tx, orgId: number, before: Date, limit: number) {
  return tx
    .select({
      id: products.id,
      name: products.name,
      enableStatus: products.enableStatus,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(eq(products.orgId, orgId), lte(products.createdAt, before)))
    .orderBy(asc(products.id))
    .limit(limit);
}

/** A product's listings with the city's name. */
export async function listingsOf(tx: Tx, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return tx
    .select({
      id: listings.id,
      productId: listings.productId,
      cityCode: listings.cityCode,
      cityName: administrativeDivisions.name,
      status: listings.status,
      listedAt: listings.listedAt,
      govProcurement: listings.govProcurement,
      createdAt: listings.createdAt,
      updatedAt: listings.updatedAt,
    })
    .from(listings)
    .leftJoin(administrativeDivisions, eq(administrativeDivisions.code, listings.cityCode))
    .where(inArray(listings.productId, [...productIds]))
    .orderBy(asc(listings.cityCode));
}

/**
 * The products' certificates and carbon-footprint reports on record by the moment, with the platform certificate's
 * revocation when there is one. Deleted documents are gone from the platform: they cannot be shown.
 */
export async function documentsAt(tx: Tx, productIds: readonly number[], before: Date) {
  if (productIds.length === 0) return [];
  return tx
    .select({
      productId: productDocuments.productId,
      kind: productDocuments.kind,
      certNo: productDocuments.certNo,
      issuer: productDocuments.issuer,
      starRating: productDocuments.starRating,
      validFrom: productDocuments.validFrom,
      validUntil: productDocuments.validUntil,
      certificateId: productDocuments.certificateId,
      revokedAt: certificates.revokedAt,
    })
    .from(productDocuments)
    .leftJoin(certificates, eq(certificates.id, productDocuments.certificateId))
    .where(
      and(
        inArray(productDocuments.productId, [...productIds]),
        inArray(productDocuments.kind, [
          ProductDocumentKind.GREEN_CERTIFICATE,
          ProductDocumentKind.CARBON_FOOTPRINT_REPORT,
        ]),
        lte(productDocuments.createdAt, before),
      ),
    )
    .orderBy(asc(productDocuments.productId), asc(productDocuments.id));
}

/** The products' platform certificates issued by the moment: their ledger entries and revocations. */
export async function certificatesAt(tx: Tx, productIds: readonly number[], before: Date) {
  if (productIds.length === 0) return [];
  return tx
    .select({
      certNo: certificates.certNo,
      content: certificates.content,
      leafIndex: certificates.leafIndex,
      revokedAt: certificates.revokedAt,
      revocationContent: certificates.revocationContent,
      revocationLeafIndex: certificates.revocationLeafIndex,
    })
    .from(certificates)
    .where(and(inArray(certificates.productId, [...productIds]), lte(certificates.issuedAt, before)))
    .orderBy(desc(certificates.issuedAt));
}

/** Documents the public may know of: test and carbon-footprint reports, certificates (no contracts, no letters). */
const PUBLIC_DOC_TYPES = [LedgerDocType.TEST_REPORT, LedgerDocType.CARBON_FOOTPRINT_REPORT, LedgerDocType.CERTIFICATE];

/** The products' documents put on the ledger by the moment, newest first. */
export async function ledgerRecordsAt(tx: Tx, productIds: readonly number[], before: Date, limit: number) {
  if (productIds.length === 0) return [];
  return tx
    .select({ leafIndex: ledgerRecords.leafIndex, docType: ledgerRecords.docType })
    .from(ledgerRecords)
    .where(
      and(
        inArray(ledgerRecords.productId, [...productIds]),
        inArray(ledgerRecords.docType, PUBLIC_DOC_TYPES),
        lte(ledgerRecords.createdAt, before),
      ),
    )
    .orderBy(desc(ledgerRecords.leafIndex))
    .limit(limit);
}
