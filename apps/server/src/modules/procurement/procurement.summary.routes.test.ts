import { procurementSummaryEndpoints as api, OrgType } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { projectIdOf, userOf } from '../trace/trace.test-support.ts';
import { addDelivery, addEvidencedProduct, addLine, addList, addOrder } from './procurement.summary.test-support.ts';

/**
 * The summaries against a hand-built fixture on 建邺区青少年体育中心 (edition 2025: 必选类 all green, 可选类 ≥ 40 %):
 * three mandatory lines (one delivered green, one delivered after its certificate lapsed, one whose chosen product
 * has no evidence) and three optional ones (one green as planned by a test report, one not chosen, one needed after
 * its certificate ends); a sent order, a draft and a cancelled one.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
const L: Record<string, number> = {};
let stadium = 0;
let hospital = 0;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  tokens.developer = await server.login('13800000005');
  tokens.builder = await server.login('13800000003');
  tokens.supervision = await server.login('13800000004');
  await addOrgWithUser(server, {
    name: '另一开发商',
    type: OrgType.DEVELOPER,
    regionCode: '320106',
    mobile: '13900000051',
  });
  tokens.otherDeveloper = await server.login('13900000051');
  const dev = await userOf(server, '13800000005');
  const maker = await userOf(server, '13800000001');
  const builder = await userOf(server, '13800000003');
  stadium = await projectIdOf(server, '建邺区青少年体育中心');
  hospital = await projectIdOf(server, '江宁区人民医院门急诊综合楼');

  const u = maker.userId;
  const cert = await addEvidencedProduct(db, {
    ...maker,
    name: '汇总测试混凝土',
    classifyCode: '0106',
    evidence: { kind: 'certificate', name: 'CERT-2026', validFrom: '2026-01-01', validUntil: '2026-12-31' },
  });
  const none = await addEvidencedProduct(db, { ...maker, name: '汇总测试构件', classifyCode: '0101' });
  const report = await addEvidencedProduct(db, {
    ...maker,
    name: '汇总测试外加剂',
    classifyCode: '0108',
    evidence: { kind: 'test_report', name: '检测报告 2026-01', validFrom: '2026-01-10' },
  });
  const listId = await addList(db, { projectId: stadium, developerOrgId: dev.orgId, userId: dev.userId });
  const line = (
    lineNo: number,
    classifyCode: string,
    quantity: string,
    price: number,
    requiredBy: string,
    spec?: number,
  ) =>
    addLine(db, {
      listId,
      projectId: stadium,
      lineNo,
      classifyCode,
      commonName: `材料${lineNo}`,
      quantity,
      budgetUnitPriceFen: price,
      requiredBy,
      chosenSpecId: spec,
      userId: dev.userId,
    });
  L.concrete = await line(1, '0106', '100', 50_000, '2026-06-15', cert.specId);
  L.mortar = await line(2, '0107', '10.5', 20_000, '2026-07-01', cert.specId);
  L.precast = await line(3, '0101', '5', 100_000, '2026-08-01', none.specId);
  L.admixture = await line(4, '0108', '2', 30_000, '2026-06-01', report.specId);
  L.wpc = await line(5, '0219', '3', 10_000, '2026-09-01');
  L.board = await line(6, '0220', '4', 5_000, '2027-02-01', cert.specId);

  const supplier = { supplierOrgId: maker.orgId, buyerOrgId: dev.orgId, projectId: stadium, userId: u };
  const sent = await addOrder(db, {
    ...supplier,
    status: 'confirmed',
    lines: [
      { listLineId: L.concrete, ...cert, quantity: '100', unitPriceFen: 48_000 },
      { listLineId: L.mortar, ...cert, quantity: '10.5', unitPriceFen: 20_000 },
    ],
  });
  await addOrder(db, {
    ...supplier,
    status: 'draft',
    lines: [{ listLineId: L.admixture, ...report, quantity: '2', unitPriceFen: 30_000 }],
  });
  await addOrder(db, {
    ...supplier,
    status: 'cancelled',
    lines: [{ listLineId: L.wpc, ...cert, quantity: '3', unitPriceFen: 9_000 }],
  });
  const delivery = {
    orderId: sent.orderId,
    supplierOrgId: maker.orgId,
    receiverOrgId: builder.orgId,
    projectId: stadium,
    userId: u,
  };
  await addDelivery(db, {
    ...delivery,
    orderLineId: sent.lineIds[0] as number,
    product: cert,
    quantity: '60',
    accepted: '60',
    evidence: { kind: 'certificate', name: 'CERT-2026', validUntil: '2026-12-31', asOf: '2026-05-01' },
    arrivedOn: '2026-05-03',
  });
  // Shipped while the certificate held, arrived after it ended: not green on arrival.
  await addDelivery(db, {
    ...delivery,
    orderLineId: sent.lineIds[1] as number,
    product: cert,
    quantity: '10.5',
    accepted: '10',
    evidence: { kind: 'certificate', name: 'CERT-OLD', validUntil: '2026-05-31', asOf: '2026-05-20' },
    arrivedOn: '2026-06-02',
  });
});
afterAll(() => server?.stop());

describe('materialsSummary', () => {
  it('adds budget, ordered, delivered and green, and runs the policy rules with the failing lines', async () => {
    const res = ok(await call('developer', api.materialsSummary, { projectId: stadium }));
    expect(res.projects).toHaveLength(1);
    const p = res.projects[0];
    expect(p).toMatchObject({
      projectId: stadium,
      editionCode: '2025',
      inPolicy: true,
      lines: 6,
      budgetFen: 5_820_000,
      orderedFen: 5_010_000,
      deliveredFen: 3_080_000,
      greenShareByValueBp: 8694,
      greenShareByKindBp: 3333,
      met: false,
    });
    expect(p?.mandatory).toEqual({
      applicable: true,
      met: false,
      lines: 3,
      greenLines: 1,
      failingLineIds: [L.mortar, L.precast],
    });
    expect(p?.optional).toEqual({
      applicable: true,
      met: false,
      kindsUsed: 3,
      greenKinds: 1,
      coverageBp: 3333,
      minPct: 40,
      failingCategoryCodes: ['0219', '0220'],
      failingLineIds: [L.wpc, L.board],
    });
    const concrete = res.cells.find((c) => c.categoryKey === '0106');
    expect(concrete).toMatchObject({
      kind: 'mandatory',
      lines: 1,
      greenLines: 1,
      budgetFen: 5_000_000,
      orderedFen: 4_800_000,
      deliveredFen: 2_880_000,
      greenFen: 5_000_000,
      greenShareBp: 10_000,
    });
    expect(res.cells.find((c) => c.categoryKey === '0108')).toMatchObject({
      kind: 'optional',
      orderedFen: 0,
      greenShareBp: 10_000,
    });
    expect(res.failures.map((f) => [f.lineId, f.kind, f.reason])).toEqual([
      [L.mortar, 'mandatory', 'delivered_not_green'],
      [L.precast, 'mandatory', 'no_evidence_by_required_date'],
      [L.wpc, 'optional', 'not_chosen'],
      [L.board, 'optional', 'no_evidence_by_required_date'],
    ]);
    expect(res.failuresTotal).toBe(4);
    expect(res.categories.map((c) => c.key)).toEqual(['0101', '0106', '0107', '0108', '0219', '0220']);
  });

  it('restricts the lines to the required-by months', async () => {
    const res = ok(
      await call('developer', api.materialsSummary, { projectId: stadium, fromMonth: '2026-05', toMonth: '2026-07' }),
    );
    expect(res.projects[0]).toMatchObject({ lines: 3, budgetFen: 5_270_000, deliveredFen: 3_080_000 });
    expect(res.projects[0]?.optional).toMatchObject({ kindsUsed: 1, greenKinds: 1, met: true });
  });

  it('answers every project the caller buys for; a construction unit its joined projects only', async () => {
    const all = ok(await call('developer', api.materialsSummary, {}));
    expect(all.projects.map((p) => p.projectId)).toContain(stadium);
    expect(all.projects).toHaveLength(4);
    const joined = ok(await call('builder', api.materialsSummary, {}));
    expect(joined.projects.map((p) => p.projectId)).toContain(hospital);
    expect(joined.projects.map((p) => p.projectId)).not.toContain(stadium);
    expect(joined.projects).toHaveLength(3);
    expect((await call('builder', api.materialsSummary, { projectId: stadium })).status).toBe(404);
  });

  it('refuses another developer (404), supervision (403), no session (401) and bad input (400)', async () => {
    expect((await call('otherDeveloper', api.materialsSummary, { projectId: stadium })).status).toBe(404);
    expect(ok(await call('otherDeveloper', api.materialsSummary, {})).projects).toEqual([]);
    expect((await call('supervision', api.materialsSummary, {})).status).toBe(403);
    expect((await call(null, api.materialsSummary, {})).status).toBe(401);
    const bad = await callRaw('developer', api.materialsSummary, { projectId: 'x', fromMonth: '2026-13' });
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(['fromMonth', 'projectId']);
    const order = await call('developer', api.materialsSummary, { fromMonth: '2026-07', toMonth: '2026-05' });
    expect(fieldsOf(order)).toEqual({ toMonth: '截止月份不能早于起始月份' });
  });
});

describe('materialsSummaryDetail', () => {
  it('lists one category’s lines with ordered, delivered, green and why', async () => {
    const res = ok(await call('developer', api.materialsSummaryDetail, { projectId: stadium, categoryKey: '0107' }));
    expect(res.category).toMatchObject({ key: '0107', name: '预拌砂浆' });
    expect(res.cell).toMatchObject({ kind: 'mandatory', lines: 1, greenLines: 0, deliveredFen: 200_000 });
    expect(res.lines).toEqual([
      expect.objectContaining({
        lineId: L.mortar,
        quantity: '10.5',
        orderedQuantity: '10.5',
        deliveredQuantity: '10',
        greenDeliveredQuantity: '0',
        green: false,
        basis: 'delivered',
        reason: 'delivered_not_green',
      }),
    ]);
    const planned = ok(
      await call('developer', api.materialsSummaryDetail, { projectId: stadium, categoryKey: '0108' }),
    );
    expect(planned.lines[0]).toMatchObject({
      green: true,
      basis: 'planned',
      evidenceName: '检测报告 2026-01',
      orderedQuantity: '0',
      reason: null,
    });
    const builder = await call('builder', api.materialsSummaryDetail, { projectId: hospital, categoryKey: '0106' });
    expect(ok(builder).lines).toEqual([]);
  });

  it('refuses another organisation’s project (404), supervision (403), no session (401), bad input (400)', async () => {
    const body = { projectId: stadium, categoryKey: '0106' };
    expect((await call('builder', api.materialsSummaryDetail, body)).status).toBe(404);
    expect((await call('otherDeveloper', api.materialsSummaryDetail, body)).status).toBe(404);
    expect((await call('supervision', api.materialsSummaryDetail, body)).status).toBe(403);
    expect((await call(null, api.materialsSummaryDetail, body)).status).toBe(401);
    const bad = await callRaw('developer', api.materialsSummaryDetail, { categoryKey: 'x;' });
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(['categoryKey', 'projectId']);
  });
});
