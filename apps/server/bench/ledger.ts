/**
 * `npm run bench:ledger` (also run by `npm run bench`): the evidence ledger's figures for docs/performance.md
 * (issue 5 item 8).
 * 1. Appends per second through appendLedgerEntry (one transaction each, as the storage service does), on PGlite
 *    and on PostgreSQL.
 * 2. On PostgreSQL (a throwaway database): fill BENCH_LEDGER_SIZE entries (default 1 000 000) in bulk (hashes and
 *    subtree nodes computed in this process, inserted in batches), then time inclusion and consistency proof
 *    generation on the server's code path, their verification with the contract's verifier, the HTTP call
 *    /open/ledger/proof/inclusion through the whole app, and appends on the full tree.
 * Goal: an inclusion proof at a million entries in ≤ 5 ms on the server.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signParams } from '@jcbb/contract';
import {
  bytesToHex,
  encodeLedgerEntry,
  hexToBytes,
  inclusionProofRanges,
  perfectSubtrees,
  signTreeHead,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHeadSignature,
} from '@jcbb/contract/ledger-proof';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Db, openDatabase } from '../src/db/client.ts';
import {
  appendLedgerEntry,
  consistencyProofHex,
  inclusionProofHex,
  installLedgerSigner,
  type LedgerSigner,
  loadLedgerSigner,
  rootHashAt,
  subtreeQuery,
} from '../src/modules/ledger/index.ts';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL, redactUrl } from './postgres.ts';

const SIZE = Number(process.env.BENCH_LEDGER_SIZE ?? 1_000_000);
const APPENDS = Number(process.env.BENCH_LEDGER_APPENDS ?? 500);
const SAMPLES = Number(process.env.BENCH_LEDGER_SAMPLES ?? 500);
const BATCH = 10_000;

const sha = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
const ZERO = Buffer.from([0]);
const ONE = Buffer.from([1]);

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99), max: s[s.length - 1] as number };
}
const fmt = (x: { p50: number; p95: number; p99: number; max: number }) =>
  `p50 ${x.p50.toFixed(2)} ms, p95 ${x.p95.toFixed(2)} ms, p99 ${x.p99.toFixed(2)} ms, max ${x.max.toFixed(2)} ms`;
const randomBelow = (n: number) => Math.floor(Math.random() * n);

async function timeAppends(db: Db, count: number, label: string) {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await db.transaction((tx) =>
      appendLedgerEntry(tx, {
        kind: 'document',
        orgId: 1,
        contentSha256: sha(Buffer.from(`append ${label} ${i} ${Math.random()}`)).toString('hex'),
        meta: { docType: 1 },
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`  appends (${label}): ${count} in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(0)} / s`);
  return count / seconds;
}

/** Fill `size` entries the way appends would have, but in bulk: one JSON parameter per batch per table. */
async function bulkFill(db: Db, size: number, signer: LedgerSigner) {
  const started = performance.now();
  const stack: Array<{ level: number; hash: Buffer }> = [];
  const t0 = Date.now();
  for (let start = 0; start < size; start += BATCH) {
    const end = Math.min(size, start + BATCH);
    const entries: Array<{ i: number; h: string; e: string; c: string }> = [];
    const nodes: Array<{ l: number; i: number; h: string }> = [];
    for (let i = start; i < end; i++) {
      const contentSha256 = sha(Buffer.from(`bench entry ${i}`)).toString('hex');
      const entry = encodeLedgerEntry({
        v: 1,
        kind: 'document',
        orgId: 1,
        contentSha256,
        timestamp: t0 + i,
        meta: { docType: 1 },
      });
      const leaf = sha(ZERO, entry);
      entries.push({ i, h: leaf.toString('hex'), e: Buffer.from(entry).toString('hex'), c: contentSha256 });
      let cur = { level: 0, hash: leaf };
      while (stack.length > 0 && stack[stack.length - 1]?.level === cur.level) {
        const left = stack.pop() as { level: number; hash: Buffer };
        cur = { level: cur.level + 1, hash: sha(ONE, left.hash, cur.hash) };
        nodes.push({ l: cur.level, i: (i + 1) / 2 ** cur.level - 1, h: cur.hash.toString('hex') });
      }
      stack.push(cur);
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into ledger_entries (leaf_index, leaf_hash, entry, kind, org_id, content_sha256, created_at)
        select i, decode(h, 'hex'), decode(e, 'hex'), 'document', 1, c, now()
        from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as r(i bigint, h text, e text, c text)`);
      if (nodes.length > 0) {
        await tx.execute(sql`
          insert into ledger_nodes (level, idx, hash)
          select l, i, decode(h, 'hex')
          from jsonb_to_recordset(${JSON.stringify(nodes)}::jsonb) as r(l smallint, i bigint, h text)`);
      }
    });
    if (process.stdout.isTTY) process.stdout.write(`\r  filled ${end} / ${size}`);
  }
  if (process.stdout.isTTY) process.stdout.write('\n');
  // One signed head at the full size, the one every proof below leads to.
  const head = signTreeHead(
    { treeSize: size, rootHash: bytesToHex(await rootHashAt(db, size)), timestamp: Date.now() },
    signer.secretKey,
  );
  await db.execute(sql`insert into ledger_tree_heads (tree_size, root_hash, timestamp, signature)
    values (${size}, decode(${head.rootHash}, 'hex'), ${head.timestamp}, decode(${head.signature}, 'hex'))`);
  const seconds = (performance.now() - started) / 1000;
  console.log(`  bulk fill: ${size} entries in ${seconds.toFixed(0)} s (${(size / seconds).toFixed(0)} / s)`);
  return { head, seconds };
}

async function proofTimings(db: Db, size: number, signer: LedgerSigner, head: ReturnType<typeof signTreeHead>) {
  const leafHashes = new Map<number, Uint8Array>();
  const gen: number[] = [];
  const ver: number[] = [];
  const root = hexToBytes(head.rootHash);
  // Warm the connection and the planner.
  await inclusionProofHex(db, 0, size);
  for (let k = 0; k < SAMPLES; k++) {
    const m = randomBelow(size);
    const [row] = (
      (await db.execute(sql`select leaf_hash from ledger_entries where leaf_index = ${m}`)) as unknown as {
        rows: Array<{ leaf_hash: Uint8Array }>;
      }
    ).rows;
    leafHashes.set(m, new Uint8Array(row?.leaf_hash as Uint8Array));
    const t1 = performance.now();
    const proof = await inclusionProofHex(db, m, size);
    const t2 = performance.now();
    const ok =
      verifyTreeHeadSignature(head, signer.publicKeyHex) &&
      verifyInclusion(
        leafHashes.get(m) as Uint8Array,
        m,
        size,
        proof.map((p) => hexToBytes(p)),
        root,
      );
    const t3 = performance.now();
    if (!ok) throw new Error(`inclusion proof of ${m} did not verify`);
    gen.push(t2 - t1);
    ver.push(t3 - t2);
  }
  const cgen: number[] = [];
  const cver: number[] = [];
  for (let k = 0; k < Math.min(SAMPLES, 200); k++) {
    const first = 1 + randomBelow(size - 1);
    const t1 = performance.now();
    const proof = await consistencyProofHex(db, first, size);
    const t2 = performance.now();
    const r1 = await rootHashAt(db, first);
    const t3 = performance.now();
    if (
      !verifyConsistency(
        first,
        size,
        r1,
        root,
        proof.map((p) => hexToBytes(p)),
      )
    ) {
      throw new Error(`consistency proof ${first}→${size} did not verify`);
    }
    const t4 = performance.now();
    cgen.push(t2 - t1);
    cver.push(t4 - t3);
  }
  // What the database itself spends on one inclusion proof's query (the rest is the round trip and the driver).
  const planned: number[] = [];
  for (let k = 0; k < 50; k++) {
    const parts = inclusionProofRanges(randomBelow(size), size).flatMap(([a, b]) => perfectSubtrees(a, b));
    const explained = (await db.execute(sql`explain (analyze, format json) ${subtreeQuery(parts)}`)) as unknown as {
      rows: Array<{ 'QUERY PLAN': Array<{ 'Execution Time': number; 'Planning Time': number }> }>;
    };
    const plan = explained.rows[0]?.['QUERY PLAN'][0];
    planned.push((plan?.['Execution Time'] ?? 0) + (plan?.['Planning Time'] ?? 0));
  }
  return {
    inclusionInDatabase: stats(planned),
    inclusion: stats(gen),
    inclusionVerify: stats(ver),
    consistency: stats(cgen),
    consistencyVerify: stats(cver),
  };
}

async function httpTimings(url: string, dataDir: string, size: number) {
  const config = {
    ...loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    seedDemo: false,
  };
  const built = await buildApp(config, { logger: false });
  const key = { appCode: config.appCode, authKey: config.authKey, secret: config.authSecret };
  const times: number[] = [];
  try {
    for (let k = 0; k < Math.min(SAMPLES, 300); k++) {
      const params = { leafIndex: randomBelow(size) };
      const signed = signParams('GET', '/open/ledger/proof/inclusion', params, key);
      const query = Object.fromEntries(Object.entries(signed).map(([a, b]) => [a, String(b)]));
      const t1 = performance.now();
      const res = await built.app.inject({ method: 'GET', url: '/open/ledger/proof/inclusion', query });
      times.push(performance.now() - t1);
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
    }
  } finally {
    await built.close();
  }
  return stats(times);
}

async function main() {
  console.log(`Evidence ledger benchmark (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'})`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jcbb-ledger-bench-'));
  try {
    const signer = await loadLedgerSigner({ configuredKey: null, dataDir, ephemeral: false });
    installLedgerSigner(signer);

    console.log('\nPGlite (in memory):');
    const lite = await openDatabase({ databaseUrl: null, dataDir, memory: true });
    await lite.migrate();
    await timeAppends(lite.db, APPENDS, 'PGlite, empty log');
    await lite.close();

    const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL;
    let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
    try {
      throwaway = await createThrowawayDatabase(adminUrl);
    } catch (error) {
      console.log(`\nPostgreSQL at ${redactUrl(adminUrl)} not reachable (${String(error)}): skipped.`);
      return 0;
    }
    try {
      console.log(`\nPostgreSQL (${throwaway.version.split(' on ')[0]}), ${SIZE} entries:`);
      const database = await openDatabase({ databaseUrl: throwaway.url, dataDir });
      await database.migrate();
      const { head } = await bulkFill(database.db, SIZE, signer);
      await database.db.execute(sql`analyze ledger_entries`);
      await database.db.execute(sql`analyze ledger_nodes`);
      const t = await proofTimings(database.db, SIZE, signer, head);
      console.log(`  inclusion proof generation (server code, ${SAMPLES} random leaves): ${fmt(t.inclusion)}`);
      console.log(
        `  … of which planning + execution inside PostgreSQL (EXPLAIN ANALYZE): ${fmt(t.inclusionInDatabase)}`,
      );
      console.log(`  inclusion verification (signature + path, contract): ${fmt(t.inclusionVerify)}`);
      console.log(`  consistency proof generation: ${fmt(t.consistency)}`);
      console.log(`  consistency verification: ${fmt(t.consistencyVerify)}`);
      await timeAppends(database.db, APPENDS, `PostgreSQL, ${SIZE} entries`);
      await database.close();
      const http = await httpTimings(throwaway.url, dataDir, SIZE);
      console.log(`  GET /open/ledger/proof/inclusion through the app (inject, signed): ${fmt(http)}`);
      const goal = (q: number) => (q <= 5 ? 'met' : 'not met');
      console.log(
        `\nGoal (inclusion proof at ${SIZE} entries ≤ 5 ms on the server): median ${goal(t.inclusion.p50)}, p95 ${goal(t.inclusion.p95)}`,
      );
    } finally {
      await throwaway.drop();
    }
    return 0;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `ledger benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exit(1);
  },
);
