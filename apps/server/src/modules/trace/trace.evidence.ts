import { type EvidenceSnapshot, ProductDocumentKind } from '@jcbb/contract';
import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { certificates, ledgerRecords, productDocuments } from '../../db/schema/index.ts';
import { shanghaiDay } from '../../lib/shanghai-day.ts';

/**
 * The evidence a product carries on a date (docs/traceability.md): the green certificate valid that day (a
 * platform certificate not revoked by then, or an uploaded certificate document whose validity covers the date),
 * else the latest test report dated on or before it, else nothing. Lots snapshot it as of their production date,
 * shipment lines as of their ship date; the public page asks for today. `leafIndex` is the evidence-ledger leaf
 * that proves the document, when it is on the ledger (a platform certificate's issue entry, or an evidence record).
 */
export async function evidenceAsOf(tx: Tx, productId: number, asOf: string): Promise<EvidenceSnapshot> {
  const [cert] = await tx
    .select({
      certNo: certificates.certNo,
      validUntil: certificates.validUntil,
      leafIndex: certificates.leafIndex,
    })
    .from(certificates)
    .where(
      and(
        eq(certificates.productId, productId),
        lte(certificates.validFrom, asOf),
        gte(certificates.validUntil, asOf),
        or(isNull(certificates.revokedAt), sql`${shanghaiDay(certificates.revokedAt)} > ${asOf}::date`),
      ),
    )
    .orderBy(desc(certificates.validUntil))
    .limit(1);
  if (cert) {
    return {
      kind: 'certificate',
      name: cert.certNo,
      certNo: cert.certNo,
      valid: true,
      validUntil: cert.validUntil,
      leafIndex: cert.leafIndex,
      asOf,
    };
  }

  const [doc] = await tx
    .select({
      id: productDocuments.id,
      name: productDocuments.name,
      certNo: productDocuments.certNo,
      validUntil: productDocuments.validUntil,
    })
    .from(productDocuments)
    .where(
      and(
        eq(productDocuments.productId, productId),
        eq(productDocuments.kind, ProductDocumentKind.GREEN_CERTIFICATE),
        or(isNull(productDocuments.validFrom), lte(productDocuments.validFrom, asOf)),
        gte(productDocuments.validUntil, asOf),
      ),
    )
    .orderBy(desc(productDocuments.validUntil))
    .limit(1);
  if (doc) {
    return {
      kind: 'certificate',
      name: doc.name,
      certNo: doc.certNo,
      valid: true,
      validUntil: doc.validUntil,
      leafIndex: await recordLeaf(tx, doc.id),
      asOf,
    };
  }

  const [report] = await tx
    .select({ id: productDocuments.id, name: productDocuments.name, validFrom: productDocuments.validFrom })
    .from(productDocuments)
    .where(
      and(
        eq(productDocuments.productId, productId),
        eq(productDocuments.kind, ProductDocumentKind.TEST_REPORT),
        or(isNull(productDocuments.validFrom), lte(productDocuments.validFrom, asOf)),
        or(isNull(productDocuments.validUntil), gte(productDocuments.validUntil, asOf)),
      ),
    )
    .orderBy(desc(productDocuments.validFrom), desc(productDocuments.id))
    .limit(1);
  if (report) {
    return {
      kind: 'test_report',
      name: report.name,
      certNo: null,
      valid: true,
      validUntil: null,
      leafIndex: await recordLeaf(tx, report.id),
      asOf,
    };
  }
  return { kind: 'none', name: null, certNo: null, valid: false, validUntil: null, leafIndex: null, asOf };
}

/** The ledger leaf of the latest evidence record of a product document, if it was put on record. */
async function recordLeaf(tx: Tx, productDocumentId: number): Promise<number | null> {
  const [r] = await tx
    .select({ leafIndex: ledgerRecords.leafIndex })
    .from(ledgerRecords)
    .where(eq(ledgerRecords.productDocumentId, productDocumentId))
    .orderBy(desc(ledgerRecords.id))
    .limit(1);
  return r?.leafIndex ?? null;
}
