import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads, users } from '../src/db/schema/index.ts';
import { demoAccounts, seedDemoData } from '../src/db/seed/demo.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { ledgerSigner, verifyLedger } from '../src/modules/ledger/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** The harness's copies of the run's seeded database (global-setup.ts) must behave as a freshly seeded server. */
describe('test servers on a copy of the seeded database', () => {
  let a: TestServer;
  let b: TestServer;
  let fresh: TestServer;
  beforeAll(async () => {
    [a, b, fresh] = await Promise.all([startTestServer(), startTestServer(), startTestServer({ fresh: true })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), fresh?.stop()]);
  });

  it('find the demo and the reference data in place: start-up had nothing to write', async () => {
    for (const server of [a, fresh]) {
      const db = server.database.db;
      const [row] = await db.select({ n: count() }).from(users);
      expect(row?.n).toBe(demoAccounts.length);
      expect((await seedReferenceData(db)).applied).toEqual([]);
      expect(await seedDemoData(db, server.config)).toBe(false);
      expect(await server.login('13800000001')).toMatch(/^[\w-]{43}$/);
    }
  });

  it('have the demo files in a data folder of their own', async () => {
    expect(a.config.dataDir).not.toBe(b.config.dataDir);
    const stored = await a.database.db.select().from(uploads);
    expect(stored.length).toBeGreaterThan(0);
    for (const server of [a, b, fresh]) {
      for (const upload of stored) {
        expect(existsSync(path.join(server.config.dataDir, 'files', upload.sha256.slice(0, 2), upload.sha256))).toBe(
          true,
        );
      }
    }
  });

  it('verify the demo ledger with the key they sign with', async () => {
    expect(a.config.ledgerSigningKey).toBeTruthy();
    expect(fresh.config.ledgerSigningKey).toBe(a.config.ledgerSigningKey);
    for (const server of [a, b, fresh]) {
      expect(await verifyLedger(server.database.db, ledgerSigner().publicKeyHex)).toMatchObject({ ok: true });
    }
  });

  it('do not share writes or keys in the shared store', async () => {
    expect(a.config.kvPrefix).not.toBe(b.config.kvPrefix);
    await a.database.db.update(users).set({ realName: '改名测试' }).where(eq(users.mobile, '13800000001'));
    const [inB] = await b.database.db
      .select({ realName: users.realName })
      .from(users)
      .where(eq(users.mobile, '13800000001'));
    expect(inB?.realName).toBe('张伟');
  });
});
