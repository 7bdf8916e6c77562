import type { LedgerMetaValue } from '@jcbb/contract/ledger-proof';
import type { Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { appendLedgerEntry } from './ledger.append.ts';
import * as repo from './ledger.repository.ts';

/**
 * A storage record (存证记录) of an organisation's uploaded file: its SHA-256 on the evidence ledger (a `document`
 * entry; the log gets hashes and ids only, the title may name people so it stays in ledger_records) and the record the
 * organisation's 存证 list shows. The storage call and other modules' signed files (a sales contract) go through it, in
 * the caller's transaction. `meta` adds ids to the entry (a contract's id).
 */
export async function storeFileRecord(
  tx: Tx,
  user: SessionUser,
  input: {
    orgId: number;
    upload: { id: number; sha256: string };
    title: string;
    docType: number;
    productId?: number | null;
    productDocumentId?: number | null;
    meta?: Record<string, LedgerMetaValue>;
  },
): Promise<{ recordId: number; leafIndex: number }> {
  const productId = input.productId ?? null;
  const productDocumentId = input.productDocumentId ?? null;
  const appended = await appendLedgerEntry(tx, {
    kind: 'document',
    orgId: input.orgId,
    contentSha256: input.upload.sha256,
    meta: { docType: input.docType, productId, productDocumentId, ...input.meta },
  });
  const recordId = await repo.insertRecord(tx, {
    orgId: input.orgId,
    leafIndex: appended.leafIndex,
    uploadId: input.upload.id,
    productId,
    productDocumentId,
    title: input.title,
    docType: input.docType,
    createdBy: user.userId,
  });
  await recordAudit(tx, {
    entity: 'ledger_record',
    entityId: recordId,
    orgId: input.orgId,
    actor: user,
    action: 'store',
    toState: 'recorded',
    data: { leafIndex: appended.leafIndex, sha256: input.upload.sha256, treeSize: appended.treeSize },
  });
  return { recordId, leafIndex: appended.leafIndex };
}
