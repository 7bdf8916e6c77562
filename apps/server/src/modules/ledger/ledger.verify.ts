import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import { TREE_HEAD_FORMAT } from '@jcbb/contract/ledger-proof';
import { and, asc, count, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerNodes, ledgerTreeHeads } from '../../db/schema/index.ts';

/*
 * `npm run ledger:verify`: recompute the whole tree from the entry rows and compare it with every stored node and
 * every signed head. Deliberately written with node:crypto (OpenSSL's SHA-256 and Ed25519), not the contract's
 * noble-based code that built the tree: two implementations must agree. Streams in batches, so a million
 * entries need little memory.
 */

export type LedgerVerification =
  | { ok: true; entries: number; nodes: number; heads: number }
  | { ok: false; problem: string; leafIndex: number | null; treeSize: number | null };

const BATCH = 5000;

const sha256 = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);

/** An Ed25519 public key (32 raw bytes, hex) as node:crypto wants it: the SPKI DER prefix of RFC 8410 and the key. */
function publicKeyObject(publicKeyHex: string) {
  return createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKeyHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

export async function verifyLedger(
  tx: Tx,
  publicKeyHex: string,
  onProgress?: (done: number, total: number) => void,
): Promise<LedgerVerification> {
  const key = publicKeyObject(publicKeyHex);
  const [entryCount] = await tx.select({ n: count() }).from(ledgerEntries);
  const [nodeCount] = await tx.select({ n: count() }).from(ledgerNodes);
  const [headCount] = await tx.select({ n: count() }).from(ledgerTreeHeads);
  const total = Number(entryCount?.n ?? 0);
  const fail = (problem: string, leafIndex: number | null = null, treeSize: number | null = null) =>
    ({ ok: false, problem, leafIndex, treeSize }) as const;

  // The right edge of the tree: one complete subtree per set bit of the size, largest first.
  const stack: Array<{ level: number; hash: Buffer }> = [];
  const rootOfStack = () => {
    let acc = (stack[stack.length - 1] as { hash: Buffer }).hash;
    for (let j = stack.length - 2; j >= 0; j--) acc = sha256(NODE, (stack[j] as { hash: Buffer }).hash, acc);
    return acc;
  };
  let nodesChecked = 0;
  let headsChecked = 0;

  for (let start = 0; start < total; start += BATCH) {
    const end = Math.min(start + BATCH, total);
    const entries = await tx
      .select()
      .from(ledgerEntries)
      .where(and(gte(ledgerEntries.leafIndex, start), lt(ledgerEntries.leafIndex, end)))
      .orderBy(asc(ledgerEntries.leafIndex));
    // Nodes closed by leaves start … end−1: at level l, indexes ⌈(start+1)/2^l⌉−1 … ⌊end/2^l⌋−1.
    const ranges: SQL[] = [];
    for (let level = 1, size = 2; size <= end; level++, size *= 2) {
      const lo = Math.ceil((start + 1) / size) - 1;
      const hi = Math.floor(end / size) - 1;
      if (hi >= lo) ranges.push(sql`(${ledgerNodes.level} = ${level} and ${ledgerNodes.idx} between ${lo} and ${hi})`);
    }
    const stored = new Map<string, Uint8Array>();
    if (ranges.length > 0) {
      for (const n of await tx
        .select()
        .from(ledgerNodes)
        .where(or(...ranges)))
        stored.set(`${n.level}:${n.idx}`, n.hash);
    }
    const heads = new Map<number, typeof ledgerTreeHeads.$inferSelect>();
    for (const h of await tx
      .select()
      .from(ledgerTreeHeads)
      .where(and(gte(ledgerTreeHeads.treeSize, start + 1), lt(ledgerTreeHeads.treeSize, end + 1)))) {
      heads.set(h.treeSize, h);
    }

    for (let i = start; i < end; i++) {
      const row = entries[i - start];
      if (!row || row.leafIndex !== i) return fail(`entry ${i} is missing`, i);
      const entry = Buffer.from(row.entry);
      const leaf = sha256(LEAF, entry);
      if (!leaf.equals(Buffer.from(row.leafHash))) return fail(`entry ${i}: its leaf hash does not match its bytes`, i);
      let fields: { kind?: unknown; orgId?: unknown; contentSha256?: unknown; timestamp?: unknown };
      try {
        fields = JSON.parse(entry.toString('utf8'));
      } catch {
        return fail(`entry ${i}: its bytes are not JSON`, i);
      }
      if (fields.kind !== row.kind || fields.orgId !== row.orgId || fields.contentSha256 !== row.contentSha256) {
        return fail(`entry ${i}: the kind, org_id or content_sha256 column differs from the signed entry`, i);
      }
      let cur = { level: 0, hash: leaf };
      while (stack.length > 0 && (stack[stack.length - 1] as { level: number }).level === cur.level) {
        const left = stack.pop() as { level: number; hash: Buffer };
        cur = { level: cur.level + 1, hash: sha256(NODE, left.hash, cur.hash) };
        const idx = (i + 1) / 2 ** cur.level - 1;
        const saved = stored.get(`${cur.level}:${idx}`);
        if (!saved) return fail(`node ${cur.level}/${idx} (closed by entry ${i}) is missing`, i);
        if (!cur.hash.equals(Buffer.from(saved))) {
          return fail(`node ${cur.level}/${idx} differs from the one recomputed from entries up to ${i}`, i);
        }
        nodesChecked++;
      }
      stack.push(cur);
      const head = heads.get(i + 1);
      if (head) {
        const root = rootOfStack();
        if (!root.equals(Buffer.from(head.rootHash))) {
          return fail(
            `signed head of size ${i + 1}: its root differs from the tree recomputed from the entries`,
            i,
            i + 1,
          );
        }
        const text = `${TREE_HEAD_FORMAT}\ntree_size=${head.treeSize}\ntimestamp=${head.timestamp}\nroot_hash=${root.toString('hex')}\n`;
        if (!verifySignature(null, Buffer.from(text, 'utf8'), key, Buffer.from(head.signature))) {
          return fail(`signed head of size ${i + 1}: the signature does not verify under the ledger key`, null, i + 1);
        }
        headsChecked++;
      }
    }
    onProgress?.(end, total);
  }
  if (nodesChecked !== Number(nodeCount?.n ?? 0)) {
    return fail(`ledger_nodes holds ${nodeCount?.n} rows, the entries close ${nodesChecked} subtrees`);
  }
  if (headsChecked !== Number(headCount?.n ?? 0)) {
    return fail(`ledger_tree_heads holds ${headCount?.n} rows, ${headsChecked} match a size of the log`);
  }
  return { ok: true, entries: total, nodes: nodesChecked, heads: headsChecked };
}
