/**
 * `node --import tsx apps/server/bench/kv-store.ts`: what a nonce costs the shared store on PostgreSQL alone, the
 * logged kv_entries (before migration 0015) against the unlogged kv_short, taken in turns on the same machine so
 * both meet the same load. 50 concurrent writers on a pool of 10 (the server's), each `setIfAbsent` of a fresh
 * nonce as the gateway does per signed request. BENCH_DATABASE_URL (default the local server), BENCH_DURATION
 * (s per turn, default 10), BENCH_ROUNDS (default 3), BENCH_WRITERS (default 50; 1 shows one request's wait). docs/performance.md, "The shared store on PostgreSQL alone".
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PostgresKvStore } from '../src/lib/kv-store.ts';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL } from './postgres.ts';

const durationMs = Number(process.env.BENCH_DURATION ?? 10) * 1000;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const writers = Number(process.env.BENCH_WRITERS ?? 50);

/** The store as it was before migration 0015: every key in kv_entries. */
class LoggedOnlyStore extends PostgresKvStore {
  protected override table(): 'kv_short' | 'kv_entries' {
    return 'kv_entries';
  }
}

async function turn(store: PostgresKvStore): Promise<number> {
  let done = 0;
  const end = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (Date.now() < end) {
        if (!(await store.setIfAbsent(`nonce:bench:${randomBytes(12).toString('hex')}`, 600_000))) {
          throw new Error('a fresh nonce was refused');
        }
        done += 1;
      }
    }),
  );
  return done / (durationMs / 1000);
}

async function main() {
  const database = await createThrowawayDatabase(process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL);
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  try {
    for (const file of ['0011_runtime_tables.sql', '0015_kv_short_lived.sql']) {
      const sql = readFileSync(path.join(import.meta.dirname, '../src/db/migrations', file), 'utf8');
      for (const statement of sql.split('--> statement-breakpoint')) await pool.query(statement);
    }
    const logged = new LoggedOnlyStore(pool, database.url, 'b:');
    const unlogged = new PostgresKvStore(pool, database.url, 'b:');
    const rates: Record<string, number[]> = { 'kv_entries (logged)': [], 'kv_short (unlogged)': [] };
    for (let round = 1; round <= rounds; round++) {
      for (const [name, store] of [
        ['kv_entries (logged)', logged],
        ['kv_short (unlogged)', unlogged],
      ] as const) {
        const rate = await turn(store);
        rates[name]?.push(rate);
        console.log(`round ${round}, ${name}: ${Math.round(rate)} nonces/s`);
      }
    }
    for (const [name, list] of Object.entries(rates)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(`${name}: median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} nonces/s`);
    }
    await logged.close();
    await unlogged.close();
  } finally {
    await pool.end();
    await database.drop();
  }
}

await main();
