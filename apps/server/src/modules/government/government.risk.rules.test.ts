import { constructionEndpoints, ProductDocumentKind, projectEndpoints } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import type { Tx } from '../../db/client.ts';
import {
  messages,
  procurementFilings,
  productDocuments,
  productSpecs,
  projects,
  riskAlerts,
  riskRuns,
  traceAlerts,
  traceCodes,
} from '../../db/schema/index.ts';
import {
  externalLotHeldForRetest,
  sampleInput,
  siteProject,
} from '../construction/construction.sample.test-support.ts';
import { projectInput } from '../project/test-support.ts';
import { addBareProduct, addLot, userOf } from '../trace/trace.test-support.ts';
import { runRulesForProject } from './government.risk.engine.ts';
import {
  addArrival,
  addCertificate,
  addFiling,
  addLineAuthorisation,
  alertsOf,
  run,
} from './government.risk.test-support.ts';

/**
 * Every risk rule on hand-built cases, at its boundaries (docs/government.md, "Risk rules"), and the engine's
 * bookkeeping: a second run does not duplicate, a finding gone marks its alert resolved (not closed), a finding back
 * clears it, a closed alert keeps a finding that still holds quiet and a recurrence after it was gone opens anew.
 * Each case runs the rules over its own project (or its own report numbers), so the demo's alerts stay out of it.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
const today = shanghaiToday();
const ids = { maker: 0, dealer: 0, builder: 0, developer: 0, certifier: 0, makerUser: 0, developerUser: 0 };
let code = 0;

const site = () => ({
  builder: tokens.builder as string,
  supervisor: tokens.supervisor as string,
  developer: tokens.developer as string,
});
/** A project of the demo developer with the demo construction and supervision units on it. */
const newSite = () => {
  code += 1;
  return siteProject(server, site(), `RK-S${code}`);
};
/** A project of the demo developer alone, with the fields a case needs. */
async function newProject(over: Record<string, unknown> = {}): Promise<number> {
  code += 1;
  return ok(await call('developer', projectEndpoints.createProject, projectInput(`RK-P${code}`, over) as never)).id;
}
const fingerprints = async (projectId: number, prefix: string) =>
  (await alertsOf(server, { projectId, prefix })).map((a) => a.fingerprint);

beforeAll(async () => {
  server = await startTestServer();
  const who = { maker: '13800000001', builder: '13800000003', supervisor: '13800000004', developer: '13800000005' };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  const maker = await userOf(server, '13800000001');
  const developer = await userOf(server, '13800000005');
  ids.maker = maker.orgId as number;
  ids.makerUser = maker.userId;
  ids.developer = developer.orgId as number;
  ids.developerUser = developer.userId;
  ids.dealer = (await userOf(server, '13800000002')).orgId as number;
  ids.builder = (await userOf(server, '13800000003')).orgId as number;
  ids.certifier = (await userOf(server, '13800000007')).orgId as number;
});
afterAll(() => server?.stop());

describe('GBM-01 a certificate invalid on the delivery date', () => {
  async function arrival(projectId: number, certNo: string, spec: { productId: number; specId: number }, day: string) {
    const lotId = await addLot(server, { ...spec, orgId: ids.maker }, 50);
    return addArrival(server, {
      fromOrgId: ids.maker,
      projectId,
      receiverOrgId: ids.builder,
      spec,
      lotId,
      certNo,
      shipDate: addDays(day, -3),
      arrivedOn: day,
      userId: ids.makerUser,
    });
  }
  const bare = () => addBareProduct(server, { orgId: ids.maker, userId: ids.makerUser }, '320100');

  it('alerts the day after the certificate ended, not on its last day', async () => {
    const projectId = await newSite();
    const spec = await bare();
    const certNo = await addCertificate(server, {
      productId: spec.productId,
      holderOrgId: ids.maker,
      issuerOrgId: ids.certifier,
      validFrom: '2026-01-01',
      validUntil: '2026-06-30',
    });
    const lastDay = await arrival(projectId, certNo, spec, '2026-06-30');
    const dayAfter = await arrival(projectId, certNo, spec, '2026-07-01');
    await run(server, { projectId, codes: ['GBM-01'] });
    expect(await fingerprints(projectId, 'GBM-01')).toEqual([
      `GBM-01:receipt:${dayAfter.receiptId}:product:${spec.productId}`,
    ]);
    const [alert] = await alertsOf(server, { projectId, prefix: 'GBM-01' });
    expect(alert).toMatchObject({ status: 'open', severity: 'high', subjectKind: 'receipt', orgId: ids.developer });
    expect(alert?.summary).toContain('2026-07-01');
    expect(alert?.evidence.map((e) => e.kind)).toEqual(['receipt', 'shipment', 'certificate', 'product']);
    expect(lastDay.receiptId).not.toBe(dayAfter.receiptId);
  });

  it('alerts on the day a certificate was revoked, not the day before', async () => {
    const projectId = await newSite();
    const spec = await bare();
    const certNo = await addCertificate(server, {
      productId: spec.productId,
      holderOrgId: ids.maker,
      issuerOrgId: ids.certifier,
      validFrom: '2026-01-01',
      validUntil: '2027-12-31',
      // 10:00 in Shanghai on 10 May.
      revokedAt: new Date('2026-05-10T02:00:00Z'),
    });
    await arrival(projectId, certNo, spec, '2026-05-09');
    const revokedDay = await arrival(projectId, certNo, spec, '2026-05-10');
    await run(server, { projectId, codes: ['GBM-01'] });
    expect(await fingerprints(projectId, 'GBM-01')).toEqual([
      `GBM-01:receipt:${revokedDay.receiptId}:product:${spec.productId}`,
    ]);
    expect((await alertsOf(server, { projectId, prefix: 'GBM-01' }))[0]?.summary).toContain('已于 2026-05-10 撤销');
  });

  it('does not alert when a test report within the edition’s window proves the product instead', async () => {
    const projectId = await newSite();
    const spec = await bare();
    const certNo = await addCertificate(server, {
      productId: spec.productId,
      holderOrgId: ids.maker,
      issuerOrgId: ids.certifier,
      validFrom: '2025-01-01',
      validUntil: '2026-03-31',
    });
    await server.database.db.insert(productDocuments).values({
      productId: spec.productId,
      kind: ProductDocumentKind.TEST_REPORT,
      name: '型式检验报告',
      validFrom: '2026-03-01',
      createdBy: ids.makerUser,
    });
    await arrival(projectId, certNo, spec, '2026-04-10');
    await run(server, { projectId, codes: ['GBM-01'] });
    expect(await fingerprints(projectId, 'GBM-01')).toEqual([]);
  });
});

describe('GBM-02 a distributor’s shipment outside its authorisation', () => {
  async function dealerShipment(projectId: number, productId: number, shipDate: string) {
    const [spec] = await server.database.db
      .select({ specId: productSpecs.id })
      .from(productSpecs)
      .where(eq(productSpecs.productId, productId))
      .orderBy(productSpecs.id);
    const lotId = await addLot(server, { productId, specId: spec?.specId as number, orgId: ids.maker }, 20);
    return addArrival(server, {
      fromOrgId: ids.dealer,
      projectId,
      receiverOrgId: ids.builder,
      spec: { productId, specId: spec?.specId as number },
      lotId,
      certNo: null,
      shipDate,
      arrivedOn: shipDate,
      status: 2,
      userId: ids.makerUser,
    });
  }
  /** The demo's letters for Jiangsu: one active (its first item: the rock wool), one revoked (the paint). */
  const letter = async (status: 'active' | 'revoked') => {
    const rows = await server.database.db.execute(sql`
      select a.id, i.id as item, i.product_id as product,
        ((a.status_changed_at at time zone 'Asia/Shanghai')::date)::text as changed
      from authorisations a join authorisation_items i on i.authorisation_id = a.id
      where a.status = ${status} and '320000' = any(a.region_codes) order by a.id, i.id limit 1`);
    return (rows as unknown as { rows: { id: number; item: number; product: number; changed: string }[] }).rows[0] as {
      id: number;
      item: number;
      product: number;
      changed: string;
    };
  };

  it('alerts a line shipped with no letter, not one its letter covers', async () => {
    const projectId = await newSite();
    const active = await letter('active');
    const covered = await dealerShipment(projectId, active.product, today);
    await addLineAuthorisation(server, { ...covered, authorisationId: active.id, itemId: active.item });
    const bareLine = await dealerShipment(projectId, active.product, today);
    await run(server, { projectId, codes: ['GBM-02'] });
    expect(await fingerprints(projectId, 'GBM-02')).toEqual([`GBM-02:shipment:${bareLine.shipmentId}`]);
    const [alert] = await alertsOf(server, { projectId, prefix: 'GBM-02' });
    expect(alert).toMatchObject({ orgId: ids.dealer, subjectKind: 'shipment', severity: 'high' });
    expect(alert?.summary).toContain('没有授权记录');
  });

  it('alerts a line shipped on the day its letter was revoked, not one shipped the day before', async () => {
    const projectId = await newSite();
    const revoked = await letter('revoked');
    const before = await dealerShipment(projectId, revoked.product, addDays(revoked.changed, -1));
    await addLineAuthorisation(server, { ...before, authorisationId: revoked.id, itemId: revoked.item });
    const onTheDay = await dealerShipment(projectId, revoked.product, revoked.changed);
    await addLineAuthorisation(server, { ...onTheDay, authorisationId: revoked.id, itemId: revoked.item });
    await run(server, { projectId, codes: ['GBM-02'] });
    expect(await fingerprints(projectId, 'GBM-02')).toEqual([`GBM-02:shipment:${onTheDay.shipmentId}`]);
    expect((await alertsOf(server, { projectId, prefix: 'GBM-02' }))[0]?.evidence.map((e) => e.kind)).toContain(
      'authorisation',
    );
  });
});

describe('GBM-03 one test report on unrelated products', () => {
  async function report(productId: number, reportNo: string) {
    await server.database.db.insert(productDocuments).values({
      productId,
      kind: ProductDocumentKind.TEST_REPORT,
      name: '检验报告',
      certNo: reportNo,
      createdBy: ids.makerUser,
    });
  }
  const ofReport = async (reportNo: string) =>
    (await alertsOf(server, { prefix: `GBM-03:report:${reportNo}:` })).map((a) => [a.cityCode, a.orgId]);

  it('alerts a number on two classes of one maker, not on two products of one class', async () => {
    const [tile, slab, paint] = [6, 7, 5]; // 陶瓷透水砖 0208, 陶瓷薄板 0208, 水性建筑涂料 0304
    await report(tile, 'BG-RK-0001');
    await report(slab, ' bg-rk-0001 ');
    await report(tile, 'BG-RK-0002');
    await report(paint, 'bg-rk-0002');
    await run(server, { cityCode: '320100', codes: ['GBM-03'] });
    expect(await ofReport('BG-RK0001')).toEqual([]);
    expect(await ofReport('BG-RK-0002')).toEqual([['320100', ids.maker]]);
  });

  it('alerts each maker, in its own city, when two makers carry one number', async () => {
    const suzhou = (await userOf(server, '13800000008')).orgId as number;
    const other = await addBareProduct(server, { orgId: suzhou, userId: ids.makerUser }, '320500');
    await report(1, 'BG-RK-0003');
    await report(other.productId, 'BG-RK-0003');
    await run(server, { codes: ['GBM-03'] });
    expect((await ofReport('BG-RK-0003')).sort()).toEqual([
      ['320100', ids.maker],
      ['320500', suzhou],
    ]);
  });
});

describe('GBM-04 a trace code seen twice (the trace module’s alerts)', () => {
  it('turns a two-sites alert into one alert on the second project, once however often it runs', async () => {
    const projectId = await newSite();
    const [school] = await server.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.name, '南京市鼓楼区天妃宫小学新建工程'));
    const [held] = await server.database.db
      .select({ code: traceCodes.code })
      .from(traceCodes)
      .where(and(eq(traceCodes.holderKey, `project:${school?.id}`), eq(traceCodes.status, 'held')));
    await server.database.db.insert(traceAlerts).values({
      code: held?.code as string,
      kind: 'two_sites',
      orgId: ids.maker,
      details: { firstProjectId: school?.id, projectId },
    });
    await run(server, { projectId, codes: ['GBM-04'] });
    await run(server, { projectId, codes: ['GBM-04'] });
    const alerts = await alertsOf(server, { projectId, prefix: 'GBM-04' });
    expect(alerts.map((a) => a.fingerprint)).toEqual([`GBM-04:code:${held?.code}:two_sites`]);
    expect(alerts[0]?.evidence.map((e) => e.kind)).toEqual(['trace_code', 'project', 'project', 'product']);
  });
});

describe('GBM-06A, GBM-06B, GBM-11 and GBM-16 on filings', () => {
  it('GBM-06A: a sent filing with a mandatory line not green, not a draft, not an all-green one', async () => {
    const a = await newProject();
    const b = await newProject();
    const c = await newProject();
    const lines = [{ isGreen: true }, { isGreen: false }];
    await addFiling(server, { projectId: a, period: '2026-Q3', userId: ids.developerUser, lines });
    await addFiling(server, { projectId: b, period: '2026-Q3', status: 'draft', userId: ids.developerUser, lines });
    await addFiling(server, {
      projectId: c,
      period: '2026-Q3',
      status: 'returned',
      userId: ids.developerUser,
      lines: [{ isGreen: true }],
    });
    for (const projectId of [a, b, c]) {
      await server.database.db.transaction((tx) => runRulesForProject(tx as Tx, projectId, 'test'));
    }
    expect(await fingerprints(a, 'GBM-06A')).toEqual([`GBM-06A:project:${a}:2026-Q3`]);
    expect(await fingerprints(b, 'GBM-06A')).toEqual([]);
    expect(await fingerprints(c, 'GBM-06A')).toEqual([]);
  });

  it('GBM-06B: optional coverage under the 2025 edition’s 40 %, exactly 40 % meets it', async () => {
    const low = await newProject({ policyBatch: '2025', standardEdition: '2025' });
    const exact = await newProject({ policyBatch: '2025', standardEdition: '2025' });
    const optional = (green: boolean[]) =>
      green.map((isGreen, i) => ({ standardKind: 'optional' as const, categoryCode: `OPT${i}`, isGreen }));
    await addFiling(server, {
      projectId: low,
      period: '2026-Q3',
      userId: ids.developerUser,
      lines: optional([true, false, false]),
    });
    await addFiling(server, {
      projectId: exact,
      period: '2026-Q3',
      userId: ids.developerUser,
      lines: optional([true, true, false, false, false]),
    });
    await run(server, { projectId: low, codes: ['GBM-06B'] });
    await run(server, { projectId: exact, codes: ['GBM-06B'] });
    expect(await fingerprints(low, 'GBM-06B')).toEqual([`GBM-06B:project:${low}:2026-Q3`]);
    expect((await alertsOf(server, { projectId: low, prefix: 'GBM-06B' }))[0]?.summary).toContain('1/3');
    expect(await fingerprints(exact, 'GBM-06B')).toEqual([]);
  });

  it('GBM-11: progress paid under 80 % of completed work alerts; exactly 80 % does not', async () => {
    const exact = await newProject();
    const under = await newProject();
    const money = { completedValueFen: 1_000_000 };
    await addFiling(server, { projectId: exact, period: '2026-Q3', ...money, progressPaidFen: 800_000, userId: 1 });
    await addFiling(server, { projectId: under, period: '2026-Q3', ...money, progressPaidFen: 799_999, userId: 1 });
    await run(server, { projectId: exact, codes: ['GBM-11'] });
    await run(server, { projectId: under, codes: ['GBM-11'] });
    expect(await fingerprints(exact, 'GBM-11')).toEqual([]);
    expect(await fingerprints(under, 'GBM-11')).toEqual([`GBM-11:project:${under}:2026-Q3`]);
  });

  it('GBM-16: a typed line naming another product’s or an expired certificate; a raised system quantity', async () => {
    const projectId = await newProject();
    const spec = await addBareProduct(server, { orgId: ids.maker, userId: ids.makerUser }, '320100');
    const certNo = await addCertificate(server, {
      productId: spec.productId,
      holderOrgId: ids.maker,
      issuerOrgId: ids.certifier,
      validFrom: '2026-01-01',
      validUntil: '2026-08-31',
    });
    await addFiling(server, {
      projectId,
      period: '2026-Q3',
      userId: ids.developerUser,
      lines: [
        { certificateNo: certNo, productId: spec.productId, deliveryDate: '2026-08-31', isGreen: true },
        { certificateNo: certNo, productId: 1, deliveryDate: '2026-08-10', isGreen: true },
        { certificateNo: certNo, productId: spec.productId, deliveryDate: '2026-09-01', isGreen: true },
        { source: 'system', quantity: '12', prefillQuantity: '10', changedFields: ['quantity'], isGreen: true },
        { source: 'system', quantity: '8', prefillQuantity: '10', changedFields: ['quantity'], isGreen: true },
      ],
    });
    await run(server, { projectId, codes: ['GBM-16'] });
    expect(await fingerprints(projectId, 'GBM-16')).toEqual(
      [2, 3, 4].map((line) => `GBM-16:project:${projectId}:2026-Q3:line:${line}`),
    );
    const alerts = await alertsOf(server, { projectId, prefix: 'GBM-16' });
    expect(alerts.map((a) => a.summary)).toEqual([
      expect.stringContaining('属于平台上的其他产品'),
      expect.stringContaining('已过期'),
      expect.stringContaining('数量由平台记录的 10 改为 12'),
    ]);
  });
});

describe('GBM-08 witnessed samples under 30 % of the retests required', () => {
  const witness = async (inspectionId: number) =>
    ok(await call('supervisor', constructionEndpoints.sampleCreate, sampleInput(inspectionId)));

  it('waits for three retests, alerts under 30 %, resolves at exactly 30 %, and clears the mark when it is back', async () => {
    const two = await newSite();
    for (let i = 0; i < 2; i += 1) await externalLotHeldForRetest(server, site(), two);
    await run(server, { projectId: two, codes: ['GBM-08'] });
    expect(await fingerprints(two, 'GBM-08')).toEqual([]);

    const projectId = await newSite();
    const lots = [];
    for (let i = 0; i < 3; i += 1) lots.push(await externalLotHeldForRetest(server, site(), projectId));
    await run(server, { projectId, codes: ['GBM-08'] });
    const [first] = await alertsOf(server, { projectId, prefix: 'GBM-08' });
    expect(first).toMatchObject({ fingerprint: `GBM-08:project:${projectId}`, status: 'open', resolvedAt: null });
    expect(first?.summary).toContain('3 批材料中，仅 0 批');

    await witness(lots[0]?.inspectionId as number); // 1 of 3: 33 %
    await run(server, { projectId, codes: ['GBM-08'] });
    const resolved = (await alertsOf(server, { projectId, prefix: 'GBM-08' }))[0];
    expect(resolved).toMatchObject({ id: first?.id, status: 'open' });
    expect(resolved?.resolvedAt).not.toBeNull();

    for (let i = 0; i < 7; i += 1) lots.push(await externalLotHeldForRetest(server, site(), projectId));
    await run(server, { projectId, codes: ['GBM-08'] }); // 1 of 10
    const back = await alertsOf(server, { projectId, prefix: 'GBM-08' });
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ id: first?.id, resolvedAt: null });

    await witness(lots[1]?.inspectionId as number);
    await witness(lots[2]?.inspectionId as number); // 3 of 10: exactly 30 %
    await run(server, { projectId, codes: ['GBM-08'] });
    expect((await alertsOf(server, { projectId, prefix: 'GBM-08' }))[0]?.resolvedAt).not.toBeNull();
  });
});

describe('GBM-12 a filing overdue', () => {
  async function registeredOn(projectId: number, day: string) {
    await server.database.db
      .update(projects)
      .set({ createdAt: new Date(`${day}T10:00:00+08:00`) })
      .where(eq(projects.id, projectId));
  }

  it('counts the quarters after their deadline only, from the registration quarter, until something is sent', async () => {
    const projectId = await newProject();
    await registeredOn(projectId, '2026-04-10');
    await run(server, { projectId, codes: ['GBM-12'] }, '2026-10-05');
    expect(await fingerprints(projectId, 'GBM-12')).toEqual([`GBM-12:project:${projectId}:2026-Q2`]);
    await run(server, { projectId, codes: ['GBM-12'] }, '2026-10-06');
    expect(await fingerprints(projectId, 'GBM-12')).toEqual([
      `GBM-12:project:${projectId}:2026-Q2`,
      `GBM-12:project:${projectId}:2026-Q3`,
    ]);
    // A draft is not a filing sent; a returned one was sent.
    await addFiling(server, { projectId, period: '2026-Q3', status: 'draft', userId: ids.developerUser });
    await addFiling(server, { projectId, period: '2026-Q2', status: 'returned', userId: ids.developerUser });
    await run(server, { projectId, codes: ['GBM-12'] }, '2026-10-06');
    const alerts = await alertsOf(server, { projectId, prefix: 'GBM-12' });
    expect(alerts.map((a) => [a.fingerprint.slice(-7), a.resolvedAt === null])).toEqual([
      ['2026-Q2', false],
      ['2026-Q3', true],
    ]);
  });

  it('leaves a project out of the policy alone', async () => {
    const projectId = await newProject({ inPolicyScope: false });
    await registeredOn(projectId, '2026-01-10');
    await run(server, { projectId, codes: ['GBM-12'] }, '2026-10-06');
    expect(await fingerprints(projectId, 'GBM-12')).toEqual([]);
  });
});

describe('the engine', () => {
  it('opens once, tells the developer and the committee, and records each run', async () => {
    const projectId = await newProject();
    await addFiling(server, {
      projectId,
      period: '2026-Q3',
      completedValueFen: 100,
      progressPaidFen: 10,
      userId: ids.developerUser,
    });
    const first = await run(server, { projectId, codes: ['GBM-11'] });
    const second = await run(server, { projectId, codes: ['GBM-11'] });
    expect(first).toMatchObject({ scope: `project:${projectId}`, opened: 1, stillOpen: 0, resolved: 0 });
    expect(second).toMatchObject({ opened: 0, stillOpen: 1, resolved: 0 });
    const [runRow] = await server.database.db.select().from(riskRuns).where(eq(riskRuns.id, second.runId));
    expect(runRow).toMatchObject({ trigger: 'test', stillOpen: 1 });
    const [alert] = await alertsOf(server, { projectId, prefix: 'GBM-11' });
    const told = await server.database.db
      .select({ to: messages.toUid, company: messages.companyId })
      .from(messages)
      .where(eq(messages.targetUrl, pageUrl(pages.governmentAlert, { id: alert?.id as number })));
    const committee = await userOf(server, '13800000006');
    expect(told.map((m) => m.to).sort((x, y) => x - y)).toEqual([ids.developerUser, committee.userId]);
  });

  it('keeps a closed alert’s finding quiet while it holds, marks it resolved when gone, and opens anew when back', async () => {
    const projectId = await newProject();
    const filingId = await addFiling(server, {
      projectId,
      period: '2026-Q3',
      completedValueFen: 100,
      progressPaidFen: 10,
      userId: ids.developerUser,
    });
    await run(server, { projectId, codes: ['GBM-11'] });
    const [alert] = await alertsOf(server, { projectId, prefix: 'GBM-11' });
    await server.database.db
      .update(riskAlerts)
      .set({ status: 'closed' })
      .where(eq(riskAlerts.id, alert?.id as number));
    expect(await run(server, { projectId, codes: ['GBM-11'] })).toMatchObject({ opened: 0, stillOpen: 1 });
    const pay = (fen: number) =>
      server.database.db
        .update(procurementFilings)
        .set({ progressPaidFen: fen })
        .where(eq(procurementFilings.id, filingId));
    await pay(80);
    expect(await run(server, { projectId, codes: ['GBM-11'] })).toMatchObject({ opened: 0, resolved: 1 });
    await pay(10);
    expect(await run(server, { projectId, codes: ['GBM-11'] })).toMatchObject({ opened: 1 });
    const all = await alertsOf(server, { projectId, prefix: 'GBM-11' });
    expect(all.map((a) => [a.status, a.resolvedAt === null])).toEqual([
      ['closed', false],
      ['open', true],
    ]);
  });
});
