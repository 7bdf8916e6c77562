import type { LedgerEvidence, SignedTreeHeadData } from '@jcbb/contract';
import { bytesToHex, emptyRootHash, signTreeHead } from '@jcbb/contract/ledger-proof';
import type { Tx } from '../../db/client.ts';
import type { ledgerEntries, ledgerTreeHeads } from '../../db/schema/index.ts';
import { ledgerSigner } from './ledger.key.ts';
import * as repo from './ledger.repository.ts';
import { inclusionProofHex } from './ledger.tree.ts';

/** A stored head as the API sends it (hex). */
export function headData(row: typeof ledgerTreeHeads.$inferSelect): SignedTreeHeadData {
  return {
    treeSize: row.treeSize,
    rootHash: bytesToHex(new Uint8Array(row.rootHash)),
    timestamp: row.timestamp,
    signature: bytesToHex(new Uint8Array(row.signature)),
  };
}

/** The latest signed head; for an empty log a head of size 0 signed now (nothing to store). */
export async function latestHead(tx: Tx): Promise<SignedTreeHeadData> {
  const row = await repo.latestTreeHead(tx);
  if (row) return headData(row);
  return signTreeHead(
    { treeSize: 0, rootHash: bytesToHex(emptyRootHash()), timestamp: Date.now() },
    ledgerSigner().secretKey,
  );
}

export function entryData(row: typeof ledgerEntries.$inferSelect) {
  return {
    leafIndex: row.leafIndex,
    kind: row.kind,
    contentSha256: row.contentSha256,
    entry: Buffer.from(row.entry).toString('base64'),
    leafHash: bytesToHex(new Uint8Array(row.leafHash)),
    timestamp: row.createdAt.getTime(),
  };
}

/**
 * An entry with its inclusion proof against the latest signed head. Heads and nodes are append-only, so reading
 * the head first and the nodes after is consistent even while others append.
 */
export async function evidenceOfEntry(
  tx: Tx,
  row: typeof ledgerEntries.$inferSelect,
  head?: SignedTreeHeadData,
): Promise<LedgerEvidence> {
  const sth = head ?? (await latestHead(tx));
  return { ...entryData(row), inclusionProof: await inclusionProofHex(tx, row.leafIndex, sth.treeSize), sth };
}

/**
 * Entries with their inclusion proofs, all against one signed head (the latest): what a page that vouches for several
 * records sends in one answer, so the browser checks one signature. Leaves that are not in the log are left out.
 */
export async function evidenceOfLeaves(
  tx: Tx,
  leafIndexes: readonly number[],
): Promise<{ sth: SignedTreeHeadData; leaves: Map<number, LedgerEvidence> }> {
  const sth = await latestHead(tx);
  const wanted = [...new Set(leafIndexes)].filter((i) => i < sth.treeSize);
  const rows = await repo.entriesAt(tx, wanted);
  const leaves = new Map<number, LedgerEvidence>();
  for (const row of rows) leaves.set(row.leafIndex, await evidenceOfEntry(tx, row, sth));
  return { sth, leaves };
}

/**
 * Entries with their inclusion proofs against the latest signed head at or before `atMs` (the tree as it stood then):
 * what a snapshot of a record at a moment vouches with. Leaves outside that tree are left out; no head yet, none.
 */
export async function evidenceAt(
  tx: Tx,
  leafIndexes: readonly number[],
  atMs: number,
): Promise<{ sth: SignedTreeHeadData | null; leaves: Map<number, LedgerEvidence> }> {
  const row = await repo.treeHeadAtOrBefore(tx, atMs);
  const leaves = new Map<number, LedgerEvidence>();
  if (!row) return { sth: null, leaves };
  const sth = headData(row);
  const wanted = [...new Set(leafIndexes)].filter((i) => i < sth.treeSize);
  for (const entry of await repo.entriesAt(tx, wanted))
    leaves.set(entry.leafIndex, await evidenceOfEntry(tx, entry, sth));
  return { sth, leaves };
}
