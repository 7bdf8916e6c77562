import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './lock.ts';
import { copyPgdataTemplate } from './pgdata-template.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database handle every repository takes; a transaction is one too, so repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>> | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Apply pending migrations and create the runtime tables, under a PostgreSQL advisory lock: several processes
   * starting together on one server migrate once, the others wait and then find nothing to do.
   */
  migrate(): Promise<void>;
  /** Run `fn` while holding the session-level advisory lock `name` (waits for it); on PGlite simply runs it. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** The PostgreSQL server's pool and URL (null on PGlite), for the shared store (lib/kv-store.ts). */
  postgres: { pool: pg.Pool; url: string } | null;
  close(): Promise<void>;
  /**
   * Where a connection's own failure goes (PostgreSQL restarted, a network cut): node-postgres reports it on the
   * pool, outside any query, and an unheard report would end the process. Embedded PGlite has no connections.
   */
  onConnectionError(listener: (error: Error) => void): void;
  /** Embedded PGlite only: the whole data folder as an uncompressed tar (tests seed once and load copies). */
  dumpDataDir?(): Promise<Blob>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** A stable 63-bit advisory lock key for a name, within this application's space (`jcbb:` + name). */
export function advisoryKey(name: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(`jcbb:${name}`)) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0x7fffffffffffffffn;
  return h.toString();
}

/**
 * Server-side bounds on what one request can hold on PostgreSQL (docs/decisions.md, "Nothing holds the server"), set
 * on every connection of the pool, which serves requests, background jobs and the start-up seeds (all made of short
 * statements). Migrations run on the advisory lock's own connection with all three off: an index on a large table
 * may take minutes.
 * - One statement: 15 s (a request's slowest statement takes milliseconds).
 * - Idle inside a transaction: 30 s. A process that stops talking mid-transaction (its event loop stuck, a bug that
 *   never commits) gives its connection and locks back instead of holding them until it dies.
 * - One whole transaction: 60 s, on PostgreSQL 17 and later (`transaction_timeout`; 15 and 16 have no such
 *   setting and keep the other two). It ends the shape neither of the others sees: a loop of short statements in
 *   one transaction (issue 22, item 12).
 */
export const STATEMENT_TIMEOUT_MS = 15_000;
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
export const TRANSACTION_TIMEOUT_MS = 60_000;

/** PostgreSQL's version as a number (170002 for 17.2): `transaction_timeout` exists from 17 on. */
async function serverVersionNum(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Number(rows[0]?.server_version_num ?? 0);
  } finally {
    await client.end();
  }
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder of the embedded database; ignored with a URL. */
  dataDir: string;
  memory?: boolean;
  /** With `memory`: start from a data folder that `dumpDataDir` wrote instead of an empty cluster. */
  loadDataDir?: Blob;
  /** false: no request timeouts on the pool (the scale seeding tool's one long transaction); default true. */
  requestBounds?: boolean;
}

/**
 * One switch: a PostgreSQL server through node-postgres when a URL is given, else embedded PGlite. Schema,
 * queries and migrations are the same for both (docs/dependencies.md).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const hasTransactionTimeout = (await serverVersionNum(options.databaseUrl)) >= 170_000;
    // Server-side bounds: no request can hold a connection for minutes (the constants above).
    const bounds = [
      `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
      `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_TIMEOUT_MS}`,
      ...(hasTransactionTimeout ? [`-c transaction_timeout=${TRANSACTION_TIMEOUT_MS}`] : []),
    ];
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: [...(options.requestBounds === false ? [] : bounds), '-c TimeZone=UTC'].join(' '),
    });
    // Until the server's logger listens: one line, never the stack (the pool drops the broken client itself).
    let connectionError = (error: Error) => console.warn(`database connection lost: ${error.message}`);
    pool.on('error', (error) => connectionError(error));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const locked = async <T>(name: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
      // A session-level lock on a connection of its own, without the request bounds (it waits for the lock).
      const client = await pool.connect();
      const key = advisoryKey(name);
      try {
        await client.query('SET statement_timeout = 0');
        await client.query('SET idle_in_transaction_session_timeout = 0');
        if (hasTransactionTimeout) await client.query('SET transaction_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn(client);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release(true);
      }
    };
    // `fn` works through the pool (with the request bounds) while the lock is held.
    const exclusive = <T>(name: string, fn: () => Promise<T>): Promise<T> => locked(name, () => fn());
    return {
      db,
      kind: 'postgres',
      exclusive,
      postgres: { pool, url: options.databaseUrl },
      migrate: () =>
        // On the lock's own connection: a migration's statements are not bound by the request timeouts.
        locked('migrate', async (client) => {
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
        }),
      close: () => pool.end(),
      onConnectionError: (listener) => {
        connectionError = listener;
      },
    };
  }
  let release = async () => {};
  let client: PGlite;
  if (options.memory) {
    client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  } else {
    const dir = path.join(options.dataDir, 'pgdata');
    // PGlite has no lock of its own: two processes on one folder corrupt it (docs/decisions.md).
    release = await acquireDataDirLock(options.dataDir);
    try {
      // A first start copies the built template instead of running initdb (db/pgdata-template.ts).
      copyPgdataTemplate(dir);
      client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    } catch (error) {
      await release();
      throw error;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns an embedded database (the data-folder lock): nothing to coordinate.
    exclusive: (_name, fn) => fn(),
    postgres: null,
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    close: async () => {
      await client.close();
      await release();
    },
    onConnectionError: () => {},
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
