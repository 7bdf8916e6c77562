import { certificateEndpoints, ledgerEndpoints } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { ledgerSigner, verifyLedger } from '../../modules/ledger/index.ts';
import { ledgerRecords, users } from '../schema/index.ts';
import { seedDemoDistributorEvidence, seedDemoLedger } from './demo-ledger.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.stop());

describe('seedDemoLedger', () => {
  it("puts the demo manufacturer's carbon and test reports on record, once", async () => {
    const db = server.database.db;
    const [admin] = await db.select().from(users).where(eq(users.mobile, '13800000001'));
    const owner = { orgId: admin?.orgId as number, userId: admin?.id as number };
    await db.transaction((tx) => seedDemoLedger(tx, owner));
    const all = await db.select().from(ledgerRecords).where(eq(ledgerRecords.orgId, owner.orgId));
    // The product documents' records (the enterprise disk's demo puts a file of its own on record too).
    const records = all.filter((r) => r.productDocumentId !== null);
    expect(records.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r.docType))).toEqual(new Set([1, 2]));
    expect(await db.transaction((tx) => seedDemoLedger(tx, owner))).toBe(0);
    expect(await verifyLedger(db, ledgerSigner().publicKeyHex)).toMatchObject({ ok: true });
    // The storage list shows them to the manufacturer.
    tokens.maker = await server.login('13800000001');
    const list = await call('maker', ledgerEndpoints.storageList, {});
    expect(list.body.data.total).toBe(all.length);
  });
});

describe('seedDemoDistributorEvidence', () => {
  it('gives the demo distributor one test report on record, once, and so one product to apply for', async () => {
    const db = server.database.db;
    const [maker] = await db.select().from(users).where(eq(users.mobile, '13800000001'));
    const [dealer] = await db.select().from(users).where(eq(users.mobile, '13800000002'));
    const owner = { orgId: dealer?.orgId as number, userId: dealer?.id as number };
    const records = await db.select().from(ledgerRecords).where(eq(ledgerRecords.orgId, owner.orgId));
    // Its test report (1), and the signed demo contract HT-2026-001 (4, demo-distribution-sales.ts).
    expect(records.map((r) => r.docType).sort()).toEqual([1, 4]);
    expect(await db.transaction((tx) => seedDemoDistributorEvidence(tx, maker?.orgId as number, owner))).toBe(0);
    tokens.dealer = await server.login('13800000002');
    const products = await call('dealer', certificateEndpoints.applicableProducts, {});
    expect(products.body.data.list).toHaveLength(1);
  });
});
