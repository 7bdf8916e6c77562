import { ProductDocumentKind } from '@jcbb/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { appendLedgerEntry } from '../../modules/ledger/index.ts';
import type { Tx } from '../client.ts';
import { auditLog, ledgerRecords, productDocuments, products, uploads } from '../schema/index.ts';

/** Product document kind → record document type (contract LedgerDocType). */
const DOC_TYPE: Record<number, number> = {
  [ProductDocumentKind.CARBON_FOOTPRINT_REPORT]: 2,
  [ProductDocumentKind.TEST_REPORT]: 1,
};

/**
 * Demo evidence (issue 5 item 6): the demo manufacturer's carbon-footprint and test reports put on record, as its
 * administrator would from /blockchain/storage/select. Call after the demo products exist, inside the seeding
 * transaction; the ledger's signing key must already be installed (buildApp does it before seeding).
 * Answers how many documents went on record.
 */
export async function seedDemoLedger(tx: Tx, owner: { orgId: number; userId: number }): Promise<number> {
  const docs = await tx
    .select({
      id: productDocuments.id,
      productId: products.id,
      kind: productDocuments.kind,
      name: productDocuments.name,
      uploadId: productDocuments.uploadId,
      sha256: uploads.sha256,
    })
    .from(productDocuments)
    .innerJoin(products, eq(products.id, productDocuments.productId))
    .innerJoin(uploads, eq(uploads.id, productDocuments.uploadId))
    .where(
      and(
        eq(products.orgId, owner.orgId),
        isNotNull(productDocuments.uploadId),
        inArray(productDocuments.kind, [ProductDocumentKind.CARBON_FOOTPRINT_REPORT, ProductDocumentKind.TEST_REPORT]),
      ),
    )
    .orderBy(asc(productDocuments.id));
  // Files already on record for the organisation stay as they are: calling this twice adds nothing.
  const recorded = await tx
    .select({ sha256: uploads.sha256 })
    .from(ledgerRecords)
    .innerJoin(uploads, eq(uploads.id, ledgerRecords.uploadId))
    .where(eq(ledgerRecords.orgId, owner.orgId));
  const seen = new Set<string>(recorded.map((r) => r.sha256));
  let added = 0;
  for (const doc of docs) {
    // One record per distinct file, as the storage service allows.
    if (seen.has(doc.sha256)) continue;
    seen.add(doc.sha256);
    added++;
    const docType = DOC_TYPE[doc.kind] ?? 6;
    const appended = await appendLedgerEntry(tx, {
      kind: 'document',
      orgId: owner.orgId,
      contentSha256: doc.sha256,
      meta: { docType, productId: doc.productId, productDocumentId: doc.id },
    });
    const [record] = await tx
      .insert(ledgerRecords)
      .values({
        orgId: owner.orgId,
        leafIndex: appended.leafIndex,
        uploadId: doc.uploadId as number,
        productId: doc.productId,
        productDocumentId: doc.id,
        title: doc.name,
        docType,
        createdBy: owner.userId,
      })
      .returning({ id: ledgerRecords.id });
    await tx.insert(auditLog).values({
      entityType: 'ledger_record',
      entityId: String(record?.id),
      orgId: owner.orgId,
      actorUserId: owner.userId,
      action: 'store',
      toState: 'recorded',
      detail: { leafIndex: appended.leafIndex, sha256: doc.sha256, treeSize: appended.treeSize, demo: true },
    });
  }
  return added;
}

/**
 * The demo distributor keeps the manufacturer's test report of one product on record (its own copy of the same
 * file), so it has evidence for that product and may apply for its assessment (docs/decisions.md, "A distributor's
 * certificate applications"). Call after seedDemoLedger. Answers how many records it added (0 or 1).
 */
export async function seedDemoDistributorEvidence(
  tx: Tx,
  makerOrgId: number,
  dealer: { orgId: number; userId: number },
): Promise<number> {
  const [source] = await tx
    .select({ sha256: uploads.sha256, name: uploads.name, title: ledgerRecords.title })
    .from(ledgerRecords)
    .innerJoin(uploads, eq(uploads.id, ledgerRecords.uploadId))
    .where(and(eq(ledgerRecords.orgId, makerOrgId), eq(ledgerRecords.docType, 1), isNotNull(ledgerRecords.productId)))
    .orderBy(asc(ledgerRecords.id))
    .limit(1);
  if (!source) return 0;
  const [already] = await tx
    .select({ id: ledgerRecords.id })
    .from(ledgerRecords)
    .innerJoin(uploads, eq(uploads.id, ledgerRecords.uploadId))
    .where(and(eq(ledgerRecords.orgId, dealer.orgId), eq(uploads.sha256, source.sha256)))
    .limit(1);
  if (already) return 0;
  const [upload] = await tx
    .insert(uploads)
    .values({ sha256: source.sha256, orgId: dealer.orgId, userId: dealer.userId, name: source.name })
    .returning({ id: uploads.id });
  const appended = await appendLedgerEntry(tx, {
    kind: 'document',
    orgId: dealer.orgId,
    contentSha256: source.sha256,
    meta: { docType: 1, productId: null, productDocumentId: null },
  });
  const [record] = await tx
    .insert(ledgerRecords)
    .values({
      orgId: dealer.orgId,
      leafIndex: appended.leafIndex,
      uploadId: upload?.id as number,
      title: source.title,
      docType: 1,
      createdBy: dealer.userId,
    })
    .returning({ id: ledgerRecords.id });
  await tx.insert(auditLog).values({
    entityType: 'ledger_record',
    entityId: String(record?.id),
    orgId: dealer.orgId,
    actorUserId: dealer.userId,
    action: 'store',
    toState: 'recorded',
    detail: { leafIndex: appended.leafIndex, sha256: source.sha256, treeSize: appended.treeSize, demo: true },
  });
  return 1;
}
