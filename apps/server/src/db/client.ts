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

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder of the embedded database; ignored with a URL. */
  dataDir: string;
  memory?: boolean;
  /** With `memory`: start from a data folder that `dumpDataDir` wrote instead of an empty cluster. */
  loadDataDir?: Blob;
}

/**
 * One switch: a PostgreSQL server through node-postgres when a URL is given, else embedded PGlite. Schema,
 * queries and migrations are the same for both (docs/dependencies.md).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A server-side bound on any one statement: no request can hold a connection for ever.
      options: '-c statement_timeout=15000 -c TimeZone=UTC',
    });
    // Until the server's logger listens: one line, never the stack (the pool drops the broken client itself).
    let connectionError = (error: Error) => console.warn(`database connection lost: ${error.message}`);
    pool.on('error', (error) => connectionError(error));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const exclusive = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      // A session-level lock on a connection of its own, held while `fn` works through the pool.
      const client = await pool.connect();
      const key = advisoryKey(name);
      try {
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release(true);
      }
    };
    return {
      db,
      kind: 'postgres',
      exclusive,
      postgres: { pool, url: options.databaseUrl },
      migrate: () =>
        exclusive('migrate', async () => {
          await migrateNodePg(drizzleNodePg(pool), { migrationsFolder });
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
