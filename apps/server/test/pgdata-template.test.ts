import { existsSync } from 'node:fs';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/client.ts';
import { copyPgdataTemplate } from '../src/db/pgdata-template.ts';
import { transportTypes } from '../src/db/schema/index.ts';
import { writePgdataTemplate } from '../src/pgdata-template-build.ts';

/** Rows of a raw query, on either driver (both answer `{ rows }`). */
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<unknown[]> {
  return ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
}

/** The first-start template of the embedded database (src/db/pgdata-template.ts, made by apps/server/build.mjs). */
describe.runIf(!process.env.TEST_DATABASE_URL)('the embedded database’s first-start template', () => {
  let root = '';
  let template = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'jcbb-template-'));
    await writePgdataTemplate(path.join(root, 'build'));
    template = path.join(root, 'build', 'pgdata');
  }, 120_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is a closed cluster with the schema and the reference data, and no lock or secret beside it', async () => {
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(template, 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(root, 'build', 'server.lock'))).toBe(false);
    expect(existsSync(path.join(root, 'build', 'ledger-ed25519.key'))).toBe(false);
  });

  it('gives a first start a working database that migrations find up to date', async () => {
    const pgdata = path.join(root, 'first', 'pgdata');
    expect(copyPgdataTemplate(pgdata, template)).toBe(true);
    const database = await openDatabase({ databaseUrl: null, dataDir: path.join(root, 'first') });
    try {
      const applied = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      const before = await rows(database.db, applied);
      await database.migrate();
      expect(await rows(database.db, applied)).toEqual(before);
      expect((await database.db.select().from(transportTypes)).length).toBeGreaterThan(0);
      // Writable: a row that the reopen below must find.
      await database.db.insert(transportTypes).values({ id: 9999, name: '测试', enName: 'test', factor: '0.100' });
    } finally {
      await database.close();
    }
  }, 60_000);

  it('never copies over a database that is there, and copies again over an interrupted copy', async () => {
    const pgdata = path.join(root, 'first', 'pgdata');
    expect(copyPgdataTemplate(pgdata, template)).toBe(false);
    const reopened = await openDatabase({ databaseUrl: null, dataDir: path.join(root, 'first') });
    try {
      expect(await rows(reopened.db, sql`select 1 from transport_types where id = 9999`)).toHaveLength(1);
    } finally {
      await reopened.close();
    }
    // A copy cut short: PG_VERSION, written last, is missing.
    await unlink(path.join(pgdata, 'PG_VERSION'));
    expect(copyPgdataTemplate(pgdata, template)).toBe(true);
    expect(existsSync(path.join(pgdata, 'PG_VERSION'))).toBe(true);
  }, 60_000);

  it('is not used where there is none (the server run from its sources)', () => {
    expect(copyPgdataTemplate(path.join(root, 'none', 'pgdata'), path.join(root, 'missing'))).toBe(false);
    expect(existsSync(path.join(root, 'none'))).toBe(false);
  });
});
