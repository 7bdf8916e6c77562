import {
  bytesToHex,
  encodeLedgerEntry,
  foldSubtreeHashes,
  type LedgerMetaValue,
  leafHash,
  nodeHash,
  perfectSubtrees,
  treeHeadSigningInput,
} from '@jcbb/contract/ledger-proof';
import { desc, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { ledgerSigner } from './ledger.key.ts';
import { subtreeHashes } from './ledger.tree.ts';

export interface LedgerAppendInput {
  /** What the entry vouches for: 'document', 'certificate', 'revocation', … (lowercase word). */
  kind: string;
  orgId: number | null;
  /** SHA-256 (64 lowercase hex digits) of the document or record. */
  contentSha256: string;
  /** Hashes, ids, numbers, dates: never personal data (no person's name, no mobile number). */
  meta: Record<string, LedgerMetaValue>;
}

export interface LedgerAppendResult {
  leafIndex: number;
  /** RFC 9162 leaf hash of the entry, hex. */
  leafHash: string;
  /** Size of the tree (and of its signed head) that first contains the entry. */
  treeSize: number;
}

/** Key of the transaction-level advisory lock that serialises appends (any constant unique to this use). */
const APPEND_LOCK = sql`select pg_advisory_xact_lock(5162000001)`;
const MOBILE = /(?:^|\D)1[3-9]\d{9}(?:\D|$)/;
const key = (level: number, index: number) => `${level}:${index}`;

/**
 * Append one entry to the evidence ledger inside the caller's transaction: the entry, the hashes of every
 * complete subtree it closes, and a signed tree head of the new size. The advisory lock holds until the caller
 * commits, so concurrent appends queue and the tree never forks; if the caller rolls back, the entry was never
 * there. Four statements: lock, last index, the stored subtrees it needs, one insert into all three tables.
 * Throws on malformed input (a programming error, not a user's).
 */
export async function appendLedgerEntry(tx: Tx, input: LedgerAppendInput): Promise<LedgerAppendResult> {
  checkInput(input);
  await tx.execute(APPEND_LOCK);
  // After the lock, in a statement of its own: under READ COMMITTED it then sees every append committed before.
  const [last] = await tx
    .select({ leafIndex: ledgerEntries.leafIndex })
    .from(ledgerEntries)
    .orderBy(desc(ledgerEntries.leafIndex))
    .limit(1);
  const leafIndex = last ? last.leafIndex + 1 : 0;
  const treeSize = leafIndex + 1;
  const timestamp = Date.now();
  const entry = encodeLedgerEntry({
    v: 1,
    kind: input.kind,
    orgId: input.orgId,
    contentSha256: input.contentSha256,
    timestamp,
    meta: input.meta,
  });
  const hash = leafHash(entry);

  // The new leaf closes the subtrees (level l, index treeSize/2^l − 1) for every 2^l dividing treeSize: each one's
  // left half is an older stored subtree, its right half the one closed just below. The root folds the tree's
  // complete subtrees (one per set bit of treeSize); all but the last are stored, the last is the top one closed.
  const closed: Array<{ level: number; idx: number }> = [];
  for (let size = 2, level = 1; treeSize % size === 0; size *= 2, level++)
    closed.push({ level, idx: treeSize / size - 1 });
  const rootParts = perfectSubtrees(0, treeSize);
  const olderParts = rootParts.slice(0, -1);
  const stored = await subtreeHashes(tx, [
    ...closed.map(({ level, idx }) => [level - 1, idx * 2] as const),
    ...olderParts,
  ]);
  let top = hash;
  const nodes = closed.map(({ level, idx }) => {
    top = nodeHash(stored.get(key(level - 1, idx * 2)) as Uint8Array, top);
    return { level, idx, hash: top };
  });
  const root = foldSubtreeHashes([...olderParts.map(([l, i]) => stored.get(key(l, i)) as Uint8Array), top]);
  const rootHash = bytesToHex(root);
  const signature = bytesToHex(ledgerSigner().sign(treeHeadSigningInput({ treeSize, rootHash, timestamp })));

  const nodeRows = sql.join(
    nodes.map((n) => sql`(${n.level}::smallint, ${n.idx}::bigint, decode(${bytesToHex(n.hash)}, 'hex'))`),
    sql`, `,
  );
  const insertNodes =
    nodes.length > 0 ? sql`, n as (insert into ledger_nodes (level, idx, hash) values ${nodeRows})` : sql``;
  await tx.execute(sql`
    with e as (
      insert into ledger_entries (leaf_index, leaf_hash, entry, kind, org_id, content_sha256, created_at)
      values (${leafIndex}, decode(${bytesToHex(hash)}, 'hex'), decode(${bytesToHex(entry)}, 'hex'), ${input.kind},
        ${input.orgId}::integer, ${input.contentSha256}, ${new Date(timestamp).toISOString()}::timestamptz)
    )${insertNodes}
    insert into ledger_tree_heads (tree_size, root_hash, timestamp, signature)
    values (${treeSize}, decode(${rootHash}, 'hex'), ${timestamp}, decode(${signature}, 'hex'))`);
  return { leafIndex, leafHash: bytesToHex(hash), treeSize };
}

function checkInput(input: LedgerAppendInput): void {
  if (!/^[a-z][a-z0-9_-]{0,31}$/.test(input.kind)) throw new Error(`ledger: bad kind ${input.kind}`);
  if (!/^[0-9a-f]{64}$/.test(input.contentSha256)) throw new Error('ledger: contentSha256 must be 64 lowercase hex');
  if (input.orgId !== null && !Number.isInteger(input.orgId)) throw new Error('ledger: bad orgId');
  for (const [name, value] of Object.entries(input.meta)) {
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
      throw new Error(`ledger: meta.${name} must be a string, number, boolean or null`);
    }
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`ledger: meta.${name} is not finite`);
    // A cheap guard for the rule that the public log holds no personal data.
    if (typeof value === 'string' && MOBILE.test(value)) {
      throw new Error(`ledger: meta.${name} looks like a mobile number`);
    }
  }
}
