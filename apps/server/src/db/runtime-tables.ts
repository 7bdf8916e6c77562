import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Tables of the running deployment rather than of the domain: the shared store's keys when there is no Redis
 * (lib/kv-store.ts) and the last start of each background job (jobs/scheduler.ts). They hold nothing a backup
 * must keep, so they are created here, idempotently, at every start (under the migration lock) instead of in
 * Drizzle's journal, which several branches extend at once (docs/decisions.md, "Runtime tables").
 */
export async function createRuntimeTables(db: Db): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS kv_entries (
      key text PRIMARY KEY,
      value bigint NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
  await db.execute(sql`CREATE INDEX IF NOT EXISTS kv_entries_expires_at ON kv_entries (expires_at)`);
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS job_runs (
      name text PRIMARY KEY,
      started_at timestamptz NOT NULL,
      runs bigint NOT NULL DEFAULT 1
    )`);
}
