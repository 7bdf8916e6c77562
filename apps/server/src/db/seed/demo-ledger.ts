import { ProductDocumentKind } from '@jcbb/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { appendLedgerEntry } from '../../modules/ledger/ledger.append.ts';
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
