import {
  bytesToHex,
  consistencyProofRanges,
  emptyRootHash,
  foldSubtreeHashes,
  inclusionProofRanges,
  type LeafRange,
  perfectSubtrees,
} from '@jcbb/contract/ledger-proof';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/*
 * Reading the stored tree. Every range a proof or a root needs is a union of complete subtrees, each stored:
 * level 0 in ledger_entries.leaf_hash, level ≥ 1 in ledger_nodes. One query fetches all of them by primary key,
 * so a proof at a million entries is ~40 index lookups in one round trip.
 */

/** Rows of a raw query: both drivers (node-postgres, PGlite) answer `{ rows }`. */
export async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type Subtree = readonly [level: number, index: number];
const key = (level: number, index: number) => `${level}:${index}`;

/** The one query that reads the given complete subtrees (at least one) by primary key. */
export function subtreeQuery(subtrees: readonly Subtree[]): SQL {
  const values = sql.join(
    subtrees.map(([level, index]) => sql`(${level}::int, ${index}::bigint)`),
    sql`, `,
  );
  return sql`
    select q.level, q.idx, coalesce(n.hash, e.leaf_hash) as hash
    from (values ${values}) as q(level, idx)
    left join ledger_nodes n on q.level > 0 and n.level = q.level and n.idx = q.idx
    left join ledger_entries e on q.level = 0 and e.leaf_index = q.idx`;
}

/** Hashes of the given complete subtrees; throws if one is missing (a tree that is not what its rows say). */
export async function subtreeHashes(tx: Tx, subtrees: readonly Subtree[]): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  if (subtrees.length === 0) return out;
  const wanted = [...new Map(subtrees.map((s) => [key(s[0], s[1]), s])).values()];
  const result = await rows<{ level: number; idx: string | number; hash: Uint8Array | null }>(tx, subtreeQuery(wanted));
  for (const row of result) {
    if (row.hash) out.set(key(Number(row.level), Number(row.idx)), new Uint8Array(row.hash));
  }
  for (const [level, index] of wanted) {
    if (!out.has(key(level, index))) throw new Error(`ledger node ${level}/${index} is missing`);
  }
  return out;
}

/** MTH of each range, from one batch of stored subtree hashes. */
export async function rangeHashes(tx: Tx, ranges: readonly LeafRange[]): Promise<Uint8Array[]> {
  const parts = ranges.map(([start, end]) => perfectSubtrees(start, end));
  const hashes = await subtreeHashes(tx, parts.flat());
  return parts.map((subtrees) => foldSubtreeHashes(subtrees.map(([l, i]) => hashes.get(key(l, i)) as Uint8Array)));
}

/** Root hash of the tree of the first `treeSize` entries. */
export async function rootHashAt(tx: Tx, treeSize: number): Promise<Uint8Array> {
  if (treeSize === 0) return emptyRootHash();
  const [root] = await rangeHashes(tx, [[0, treeSize]]);
  return root as Uint8Array;
}

export async function inclusionProofHex(tx: Tx, leafIndex: number, treeSize: number): Promise<string[]> {
  return (await rangeHashes(tx, inclusionProofRanges(leafIndex, treeSize))).map(bytesToHex);
}

export async function consistencyProofHex(tx: Tx, first: number, second: number): Promise<string[]> {
  return (await rangeHashes(tx, consistencyProofRanges(first, second))).map(bytesToHex);
}
