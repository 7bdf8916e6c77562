import {
  certificateEndpoints,
  type HomeTodayData,
  homeEndpoints,
  InspectionState,
  ListingStatus,
  listingEndpoints,
  OrderStatus,
  organizationEndpoints,
  reportingPeriod,
  traceEndpoints,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import {
  authorisations,
  certificates,
  procurementFilings,
  projectOrgs,
  purchaseOrders,
  riskAlerts,
  siteInspections,
  users,
} from '../../db/schema/index.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
const who = {
  platform: '13800000000',
  maker: '13800000001',
  dealer: '13800000002',
  builder: '13800000003',
  supervisor: '13800000004',
  developer: '13800000005',
  gov: '13800000006',
  certifier: '13800000007',
  newMaker: '13800000008',
};
const orgOf: Record<string, number> = {};

async function today(as: keyof typeof who): Promise<HomeTodayData> {
  return ok(await call(as, homeEndpoints.today, {}));
}
const todo = (d: HomeTodayData, key: string) => d.todo.find((t) => t.key === key)?.count;
const figure = (d: HomeTodayData, key: string) => d.figures.find((t) => t.key === key)?.count;

/** A day `n` days from today in Asia/Shanghai. */
function inDays(n: number): string {
  const d = new Date(`${shanghaiToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  server = await startTestServer();
  for (const [k, m] of Object.entries(who)) {
    tokens[k] = await server.login(m);
    const [u] = await server.database.db.select().from(users).where(eq(users.mobile, m));
    if (u?.orgId) orgOf[k] = u.orgId;
  }
});
afterAll(() => server.close());

describe('GET /api/home/today', () => {
  it('refuses a caller without a session', async () => {
    expect((await call(null, homeEndpoints.today, {})).status).toBe(401);
  });

  it('gives the platform operator the platform’s queues, as its audit pages count them', async () => {
    const d = await today('platform');
    expect(d.todo.map((t) => t.key)).toEqual([
      'certificationAudits',
      'platformListingAudits',
      'platformRevisionAudits',
    ]);
    const certs = ok(
      await call('platform', organizationEndpoints.adminCertifications, { status: 1, take: 1, skip: 0 }),
    );
    expect(todo(d, 'certificationAudits')).toBe(certs.total);
    const listings = ok(
      await call('platform', listingEndpoints.list, { status: ListingStatus.PLATFORM_AUDIT, take: 1, skip: 0 }),
    );
    expect(todo(d, 'platformListingAudits')).toBe(listings.total);
    expect(d.figures).toEqual([]);
  });

  it('gives a city committee its city’s listing audits, as its list counts them', async () => {
    const d = await today('gov');
    const listings = ok(
      await call('gov', listingEndpoints.list, { status: ListingStatus.CITY_AUDIT, take: 1, skip: 0 }),
    );
    expect(todo(d, 'cityListingAudits')).toBe(listings.total);
    expect(todo(d, 'cityRevisionAudits')).toBeGreaterThanOrEqual(0);
    // The city's alerts waiting for the committee: open (to acknowledge) or explained (to decide).
    const waiting = await server.database.db
      .select({ id: riskAlerts.id })
      .from(riskAlerts)
      .where(and(eq(riskAlerts.cityCode, '320100'), inArray(riskAlerts.status, ['open', 'explained'])));
    expect(waiting.length).toBeGreaterThan(0);
    expect(todo(d, 'openRiskAlerts')).toBe(waiting.length);
  });

  it('gives a distributor the letters issued to it, waiting for its acceptance', async () => {
    const d = await today('dealer');
    expect(d.todo.map((t) => t.key)).toContain('authorisationsToAccept');
    const before = todo(d, 'authorisationsToAccept') as number;
    const [letter] = await server.database.db
      .select({ id: authorisations.id, status: authorisations.status })
      .from(authorisations)
      .where(eq(authorisations.status, 'active'))
      .limit(1);
    if (!letter) throw new Error('the demo has no active letter');
    await server.database.db.update(authorisations).set({ status: 'issued' }).where(eq(authorisations.id, letter.id));
    expect(todo(await today('dealer'), 'authorisationsToAccept')).toBe(before + 1);
    expect(todo(await today('maker'), 'authorisationsToAccept')).toBeUndefined();
    await server.database.db
      .update(authorisations)
      .set({ status: letter.status })
      .where(eq(authorisations.id, letter.id));
  });

  it('gives a certification body the applications submitted to it, as its approval queue counts them', async () => {
    const d = await today('certifier');
    const queue = ok(await call('certifier', certificateEndpoints.approvals, { take: 1, skip: 0 }));
    expect(todo(d, 'certificateApplications')).toBe(queue.total);
  });

  it('counts the manufacturer’s shipments this month as its traceability dashboard does', async () => {
    const d = await today('maker');
    const dashboard = ok(await call('maker', traceEndpoints.dashboard, {}));
    expect(figure(d, 'shipments')).toBe(dashboard.shippedThisMonth);
    expect(figure(d, 'shipments')).toBeGreaterThan(0);
    expect(d.todo.map((t) => t.key)).toEqual([
      'inquiriesToQuote',
      'ordersToConfirm',
      'expiringCertificates',
      'expiringAuthorisations',
    ]);
  });

  it('counts a certificate ending within 90 days for its holder only', async () => {
    const db = server.database.db;
    const [cert] = await db
      .select()
      .from(certificates)
      .where(eq(certificates.holderOrgId, orgOf.maker as number));
    if (!cert) throw new Error('the demo maker holds no certificate');
    const before = { maker: await today('maker'), other: await today('newMaker') };
    const was = cert.validUntil;
    const wasRevoked = cert.revokedAt;
    // Far away: not counted; within 90 days: counted, for the holder and nobody else.
    await db
      .update(certificates)
      .set({ validUntil: inDays(400), revokedAt: null })
      .where(eq(certificates.id, cert.id));
    const far = todo(await today('maker'), 'expiringCertificates') as number;
    await db
      .update(certificates)
      .set({ validUntil: inDays(10) })
      .where(eq(certificates.id, cert.id));
    expect(todo(await today('maker'), 'expiringCertificates')).toBe(far + 1);
    expect(todo(await today('newMaker'), 'expiringCertificates')).toBe(todo(before.other, 'expiringCertificates'));
    await db
      .update(certificates)
      .set({ validUntil: inDays(-1) })
      .where(eq(certificates.id, cert.id));
    expect(todo(await today('maker'), 'expiringCertificates')).toBe(far);
    await db.update(certificates).set({ validUntil: was, revokedAt: wasRevoked }).where(eq(certificates.id, cert.id));
    expect(todo(await today('maker'), 'expiringCertificates')).toBe(todo(before.maker, 'expiringCertificates'));
  });

  it('counts an order sent to the supplier for that supplier only', async () => {
    const db = server.database.db;
    const [order] = await db.select().from(purchaseOrders);
    if (!order) throw new Error('the demo has no purchase order');
    const supplier = Object.keys(orgOf).find((k) => orgOf[k] === order.supplierOrgId) as keyof typeof who | undefined;
    if (!supplier) throw new Error('the demo order’s supplier is no demo organisation');
    const other = supplier === 'maker' ? 'dealer' : 'maker';
    const was = order.status;
    await db.update(purchaseOrders).set({ status: OrderStatus.CONFIRMED }).where(eq(purchaseOrders.id, order.id));
    const base = {
      mine: todo(await today(supplier), 'ordersToConfirm') as number,
      other: todo(await today(other), 'ordersToConfirm'),
    };
    await db.update(purchaseOrders).set({ status: OrderStatus.SENT }).where(eq(purchaseOrders.id, order.id));
    expect(todo(await today(supplier), 'ordersToConfirm')).toBe(base.mine + 1);
    expect(todo(await today(other), 'ordersToConfirm')).toBe(base.other);
    await db.update(purchaseOrders).set({ status: was }).where(eq(purchaseOrders.id, order.id));
  });

  it('gives the construction, supervision and developer units their own counts', async () => {
    const builder = await today('builder');
    expect(builder.todo.map((t) => t.key)).toEqual(['deliveriesToReceive', 'filingsToFile']);
    expect(figure(builder, 'projects')).toBeGreaterThan(0);
    const supervisor = await today('supervisor');
    expect(supervisor.todo.map((t) => t.key)).toEqual(['inspectionsToConfirm', 'witnessToSample']);
    expect(supervisor.figures.map((f) => f.key)).toEqual(['projects', 'spotChecks', 'failedLots']);
    const developer = await today('developer');
    expect(developer.todo.map((t) => t.key)).toEqual(['quotesReceived', 'deliveriesOnTheWay', 'filingsToFile']);
    expect(todo(developer, 'deliveriesOnTheWay')).toBeGreaterThanOrEqual(0);
    expect(developer.figures.map((f) => f.key)).toEqual(['materialLists', 'purchases', 'suppliers']);
    expect(figure(developer, 'materialLists')).toBeGreaterThan(0);
    // A manufacturer with no projects and no lists counts none of theirs.
    expect(figure(await today('newMaker'), 'shipments')).toBe(0);
  });

  it('counts the reporting period’s filings a filer owes and those returned to it; the committee those sent to it', async () => {
    const db = server.database.db;
    const period = reportingPeriod(shanghaiToday());
    // A filing of the developer's for the reporting period, sent (the demo files the last quarter).
    const [sent] = await db
      .select({ id: procurementFilings.id, status: procurementFilings.status, filer: procurementFilings.filerOrgId })
      .from(procurementFilings)
      .where(
        and(
          eq(procurementFilings.period, period),
          isNull(procurementFilings.supersededAt),
          inArray(procurementFilings.status, ['submitted', 'resubmitted', 'confirmed']),
          eq(procurementFilings.developerOrgId, orgOf.developer as number),
        ),
      )
      .limit(1);
    if (!sent) throw new Error(`the demo has no sent filing for ${period}`);
    const filer = Object.keys(orgOf).find((k) => orgOf[k] === sent.filer) as keyof typeof who;
    const before = {
      filer: todo(await today(filer), 'filingsToFile') as number,
      gov: todo(await today('gov'), 'filingsToConfirm') as number,
    };
    const set = (status: string) =>
      db.update(procurementFilings).set({ status }).where(eq(procurementFilings.id, sent.id));

    // Back to a draft: the quarter is owed again, by every filer of the project; nothing waits for the committee.
    await set('draft');
    expect(todo(await today(filer), 'filingsToFile')).toBe(before.filer + 1);
    // Returned by the committee: owed by the filer, once.
    await set('returned');
    expect(todo(await today(filer), 'filingsToFile')).toBe(before.filer + 1);
    // Resubmitted: the committee's to confirm, no longer the filer's.
    await set('resubmitted');
    expect(todo(await today(filer), 'filingsToFile')).toBe(before.filer);
    expect(todo(await today('gov'), 'filingsToConfirm')).toBe(before.gov + (sent.status === 'confirmed' ? 1 : 0));
    await set(sent.status);
    // No other organisation type is told of filings.
    expect(todo(await today('maker'), 'filingsToFile')).toBeUndefined();
  });

  it('counts the lots waiting for a witnessed sample on the supervision unit’s projects', async () => {
    const db = server.database.db;
    const before = todo(await today('supervisor'), 'witnessToSample') as number;
    // The demo's school holds lots for a witnessed retest without a sample (the GBM-08 story).
    expect(before).toBeGreaterThan(0);
    const [held] = await db
      .select({ id: siteInspections.id })
      .from(siteInspections)
      .where(
        and(
          eq(siteInspections.state, InspectionState.PENDING_RETEST),
          eq(siteInspections.retestRequired, true),
          sql`not exists (select 1 from witness_samples s where s.inspection_id = ${siteInspections.id})`,
          inArray(
            siteInspections.projectId,
            db
              .select({ id: projectOrgs.projectId })
              .from(projectOrgs)
              .where(eq(projectOrgs.orgId, orgOf.supervisor as number)),
          ),
        ),
      )
      .limit(1);
    if (!held) throw new Error('the demo holds no lot for a retest');
    await db.update(siteInspections).set({ state: InspectionState.RELEASED }).where(eq(siteInspections.id, held.id));
    expect(todo(await today('supervisor'), 'witnessToSample')).toBe(before - 1);
    await db
      .update(siteInspections)
      .set({ state: InspectionState.PENDING_RETEST })
      .where(eq(siteInspections.id, held.id));
    expect(todo(await today('builder'), 'witnessToSample')).toBeUndefined();
  });
});
