import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  url: string;
  /** The server's version string, for the report. */
  version: string;
  drop(): Promise<void>;
}

/** A connection string with any password replaced, fit to print. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * Create an empty database `jcbb_bench_<random>` on the PostgreSQL server of `adminUrl`; `drop()` removes it even
 * if a connection is still open. Rejects when the server cannot be reached.
 */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `jcbb_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  await admin.connect();
  let version: string;
  try {
    version = String((await admin.query<{ v: string }>('SELECT version() AS v')).rows[0]?.v ?? 'unknown');
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    version,
    async drop() {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
