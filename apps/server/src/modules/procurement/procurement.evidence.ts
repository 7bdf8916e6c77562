import { type ComplianceRule, type GreenEvidence, greenOn, ProductDocumentKind } from '@jcbb/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { certificates, productDocuments } from '../../db/schema/index.ts';
import { shanghaiDay } from '../../lib/shanghai-day.ts';

/** One piece of evidence a product carries, as the procurement pages show it. */
export interface ProductEvidence extends GreenEvidence {
  kind: 'certificate' | 'test_report';
  name: string;
  certNo: string | null;
  starRating: number | null;
  /** A platform certificate (issued and revocable here) or an uploaded document. */
  platform: boolean;
}

/**
 * Every green certificate and test report of the products (docs/procurement.md, "The compliance rule"): platform
 * certificates with the day they were revoked, uploaded certificates, and test reports. Whether one proves green on
 * a day is `greenOn`; `greenThrough` asks it of a product's evidence for one day (the required-by date, a delivery).
 */
export async function evidenceOfProducts(
  tx: Tx,
  productIds: readonly number[],
): Promise<Map<number, ProductEvidence[]>> {
  const out = new Map<number, ProductEvidence[]>();
  if (productIds.length === 0) return out;
  const ids = [...new Set(productIds)];
  const add = (productId: number, e: ProductEvidence) => {
    const list = out.get(productId) ?? [];
    list.push(e);
    out.set(productId, list);
  };
  const certs = await tx
    .select({
      productId: certificates.productId,
      certNo: certificates.certNo,
      starRating: certificates.starRating,
      validFrom: certificates.validFrom,
      validUntil: certificates.validUntil,
      revokedOn: shanghaiDay(certificates.revokedAt),
    })
    .from(certificates)
    .where(inArray(certificates.productId, ids));
  for (const c of certs) {
    add(c.productId, {
      kind: 'certificate',
      name: c.certNo,
      certNo: c.certNo,
      starRating: c.starRating,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      revokedOn: c.revokedOn ?? null,
      platform: true,
    });
  }
  const docs = await tx
    .select({
      productId: productDocuments.productId,
      kind: productDocuments.kind,
      name: productDocuments.name,
      certNo: productDocuments.certNo,
      starRating: productDocuments.starRating,
      validFrom: productDocuments.validFrom,
      validUntil: productDocuments.validUntil,
    })
    .from(productDocuments)
    .where(
      and(
        inArray(productDocuments.productId, ids),
        or(
          // A platform certificate's document is the certificate above (which knows its revocation).
          and(eq(productDocuments.kind, ProductDocumentKind.GREEN_CERTIFICATE), isNull(productDocuments.certificateId)),
          eq(productDocuments.kind, ProductDocumentKind.TEST_REPORT),
        ),
      ),
    );
  for (const d of docs) {
    add(d.productId, {
      kind: d.kind === ProductDocumentKind.TEST_REPORT ? 'test_report' : 'certificate',
      name: d.name,
      certNo: d.certNo,
      starRating: d.starRating,
      validFrom: d.validFrom,
      validUntil: d.validUntil,
      revokedOn: null,
      platform: false,
    });
  }
  return out;
}

/** The first of a product's evidence that proves it green on `day`, or null. */
export function greenThrough(
  evidence: readonly ProductEvidence[] | undefined,
  day: string,
  rule: Pick<ComplianceRule, 'testReportMaxAgeDays'>,
): ProductEvidence | null {
  return evidence?.find((e) => greenOn(e, day, rule)) ?? null;
}
