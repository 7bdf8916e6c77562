import { constructionEndpoints as api, type EndpointInput, OrgType, traceEndpoints } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { traceCodes } from '../../db/schema/index.ts';
import { auditRows } from '../../lib/audit.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { moveStock } from '../trace/index.ts';
import { balanceOf, projectIdOf } from '../trace/trace.test-support.ts';
import { passRetest, type SiteLot, siteLot } from './construction.issue.test-support.ts';

/**
 * Issue to the works (出库领用) and returns to stock (退库), docs/construction.md: only released stock leaves, by
 * lot, to a team for a use location; coded stock names its codes, which become installed; a return is a document of
 * its own against the issue's lines.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
let school = 0;
let hospital = 0;
const today = shanghaiToday();

const usable = (projectId: number, lotId: number) => balanceOf(server, `project:${projectId}`, lotId, 'usable');
const codeStatus = async (code: string) =>
  (await server.database.db.select().from(traceCodes).where(eq(traceCodes.code, code)))[0]?.status;

const issue = (projectId: number, lines: EndpointInput<typeof api.retrievalCreate>['lines'], over = {}) =>
  ({
    projectId,
    team: '木工班组（王师傅）',
    building: '1#教学楼',
    floor: '3F',
    part: '走廊地面',
    receivedBy: '王建国',
    issuedOn: today,
    lines,
    ...over,
  }) as EndpointInput<typeof api.retrievalCreate>;

let granite: SiteLot;

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  hospital = await projectIdOf(server, '江宁区人民医院门急诊综合楼');
  // Another construction unit, on no project of the developer's.
  await addOrgWithUser(server, {
    name: '无锡另一建设集团',
    type: OrgType.CONSTRUCTION,
    regionCode: '320200',
    mobile: '13900000072',
  });
  tokens.stranger = await server.login('13900000072');
  granite = await siteLot(server, tokens, school, { fate: 'released', batchNo: 'GR-01', quantity: 100 });
});
afterAll(() => server?.stop());

describe('issuing released stock', () => {
  let orderId = 0;

  it('takes it out of the usable stock under an LY number, each line with the inspection that released its lot', async () => {
    const created = ok(
      await call('builder', api.retrievalCreate, issue(school, [{ lotId: granite.lotId, quantity: 30 }])),
    );
    orderId = created.id;
    expect(created.number).toMatch(/^LY\d{12}$/);
    expect(await usable(school, granite.lotId)).toBe(70);
    const detail = ok(await call('developer', api.retrievalDetail, { id: orderId }));
    expect(detail).toMatchObject({
      kind: 'issue',
      team: '木工班组（王师傅）',
      building: '1#教学楼',
      floor: '3F',
      part: '走廊地面',
      receivedBy: '王建国',
      issuedOn: today,
      issuedByName: expect.any(String),
      lineCount: 1,
      returned: false,
      returnOfId: null,
      returnOfNumber: null,
      returns: [],
      canReturn: false, // the developer reads, it cannot return
    });
    expect(detail.lines).toEqual([
      expect.objectContaining({
        lotId: granite.lotId,
        inspectionId: granite.inspectionId,
        deliveryId: granite.deliveryId,
        materialName: '花岗岩',
        batchNo: 'GR-01',
        unitName: '平方米',
        quantity: 30,
        returnable: 30,
        codes: [],
      }),
    ]);
    expect(ok(await call('builder', api.retrievalDetail, { id: orderId })).canReturn).toBe(true);
    // The lot's stock card names the issue order; the stock list counts it as issued.
    const moves = ok(await call('builder', api.stockPutDetail, { projectId: school, lotId: granite.lotId })).moves;
    expect(moves.at(-1)).toMatchObject({ bucket: 'usable', quantity: -30, document: created.number });
    const stock = ok(await call('supervisor', api.stockList, { projectId: school, keyword: 'GR-01' }));
    expect(stock.list[0]).toMatchObject({ usable: 70, issued: 30 });
    const audit = await auditRows(server.database.db, { entity: 'issue_order', entityId: orderId });
    expect(audit.map((a) => a.log.action)).toEqual(['issue']);
  });

  it('lists it for every reader of the site, and finds it by number, team, place or material', async () => {
    for (const who of ['builder', 'supervisor', 'developer']) {
      const list = ok(await call(who, api.retrievalList, { projectId: school }));
      expect(list.list.map((o) => o.id)).toContain(orderId);
    }
    for (const keyword of ['木工', '1#教学楼', '花岗', 'GR-01', '王建国']) {
      const list = ok(await call('builder', api.retrievalList, { projectId: school, keyword }));
      expect(
        list.list.map((o) => o.id),
        keyword,
      ).toContain(orderId);
    }
    expect(ok(await call('builder', api.retrievalList, { projectId: school, keyword: '没有这个' })).total).toBe(0);
    expect(ok(await call('builder', api.retrievalList, { projectId: hospital })).total).toBe(0);
  });

  it('refuses quarantined, retest-held and rejected lots per line with the reason, and a shortfall', async () => {
    const pending = await siteLot(server, tokens, school, { fate: 'pending', batchNo: 'GR-P', quantity: 10 });
    const retest = await siteLot(server, tokens, school, { fate: 'pending_retest', batchNo: 'SJ-R', quantity: 8 });
    const rejected = await siteLot(server, tokens, school, { fate: 'rejected', batchNo: 'GR-X', quantity: 5 });
    const res = await call(
      'builder',
      api.retrievalCreate,
      issue(school, [
        { lotId: pending.lotId, quantity: 1 },
        { lotId: retest.lotId, quantity: 1 },
        { lotId: rejected.lotId, quantity: 1 },
        { lotId: granite.lotId, quantity: 70.001 },
      ]),
    );
    expect(fieldsOf(res)).toEqual({
      'lines.0.lotId': '该批次待进场验收',
      'lines.1.lotId': '该批次待见证取样复试合格后方可出库',
      'lines.2.lotId': '该批次验收不合格，不能出库',
      'lines.3.quantity': '库存不足：可用 70',
    });
    // Submitted and not yet confirmed: still quarantined.
    const submitted = await siteLot(server, tokens, school, { fate: 'pending', batchNo: 'GR-S', quantity: 4 });
    ok(
      await call('builder', api.inspectionDecide, {
        id: submitted.inspectionId,
        checks: [
          { kind: 'conformity', present: true },
          { kind: 'factory_test', present: true },
        ],
        visualResult: 'ok',
        verdict: 'pass',
      }),
    );
    const early = await call('builder', api.retrievalCreate, issue(school, [{ lotId: submitted.lotId, quantity: 1 }]));
    expect(fieldsOf(early)).toEqual({ 'lines.0.lotId': '该批次待监理确认验收结论' });
    // Nothing moved.
    expect(await usable(school, granite.lotId)).toBe(70);
  });

  it('names the quarantined part of a lot that is partly released', async () => {
    const part = await siteLot(server, tokens, school, { fate: 'released', batchNo: 'GR-Q', quantity: 6 });
    // The same lot delivered again and not yet inspected: 6 usable, 4 quarantined.
    await server.database.db.transaction((tx) =>
      moveStock(tx, [
        {
          holder: { kind: 'project', projectId: school },
          specId: null,
          lotId: part.lotId,
          bucket: 'quarantined',
          quantity: 4,
          reason: 'receive',
          docType: 'inspection',
          docId: part.inspectionId,
          occurredAt: new Date(),
          userId: null,
        },
      ]),
    );
    const res = await call('builder', api.retrievalCreate, issue(school, [{ lotId: part.lotId, quantity: 8 }]));
    expect(fieldsOf(res)).toEqual({ 'lines.0.quantity': expect.stringMatching(/^库存不足：可用 6，另有 4 /) });
    ok(await call('builder', api.retrievalCreate, issue(school, [{ lotId: part.lotId, quantity: 6 }])));
    expect(await usable(school, part.lotId)).toBe(0);
  });

  it('refuses a date in the future, a lot not at the project, the same lot twice, and bad input per field', async () => {
    const future = await call(
      'builder',
      api.retrievalCreate,
      issue(school, [{ lotId: granite.lotId, quantity: 1 }], { issuedOn: addDays(today, 1) }),
    );
    expect(fieldsOf(future)).toEqual({ issuedOn: '领用日期不能晚于今天' });
    const elsewhere = await siteLot(server, tokens, hospital, { fate: 'released', batchNo: 'GR-H', quantity: 3 });
    const wrong = await call(
      'builder',
      api.retrievalCreate,
      issue(school, [
        { lotId: elsewhere.lotId, quantity: 1 },
        { lotId: granite.lotId, quantity: 1 },
        { lotId: granite.lotId, quantity: 1 },
      ]),
    );
    expect(fieldsOf(wrong)).toEqual({
      'lines.0.lotId': '该批次不在本项目库存中',
      'lines.2.lotId': '同一批次请合并为一行',
    });
    const bad = await callRaw('builder', api.retrievalCreate, {
      projectId: school,
      team: '',
      receivedBy: 'x'.repeat(21),
      issuedOn: '2026-13-01',
      lines: [{ lotId: granite.lotId, quantity: -1 }],
    });
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(['issuedOn', 'lines.0.quantity', 'receivedBy', 'team']);
    const none = await callRaw('builder', api.retrievalCreate, { ...issue(school, []) });
    expect(Object.keys(fieldsOf(none))).toEqual(['lines']);
    expect(await usable(school, granite.lotId)).toBe(70);
  });

  it('lets only the construction unit on the project issue: 404 to one not on it, 403 to other kinds, 401 signed out', async () => {
    const body = issue(school, [{ lotId: granite.lotId, quantity: 1 }]);
    expect((await call('stranger', api.retrievalCreate, body)).status).toBe(404);
    expect((await call('supervisor', api.retrievalCreate, body)).status).toBe(403);
    expect((await call('developer', api.retrievalCreate, body)).status).toBe(403);
    expect((await call('maker', api.retrievalCreate, body)).status).toBe(403);
    expect((await call(null, api.retrievalCreate, body)).status).toBe(401);
    expect(await usable(school, granite.lotId)).toBe(70);
  });

  it('shows the records to the site’s readers only: 404 to anyone else, 401 signed out', async () => {
    for (const who of ['stranger', 'maker']) {
      expect((await call(who, api.retrievalDetail, { id: orderId })).status).toBe(404);
      expect((await call(who, api.retrievalList, { projectId: school })).status).toBe(404);
      expect((await call(who, api.retrievalSearch, { projectId: school })).status).toBe(404);
      expect((await call(who, api.retrievalSearchAll, { projectId: school })).status).toBe(404);
      expect((await call(who, api.retrievalCodes, { projectId: school, lotId: granite.lotId })).status).toBe(404);
    }
    expect((await call(null, api.retrievalDetail, { id: orderId })).status).toBe(401);
    expect((await call('builder', api.retrievalDetail, { id: 999_999 })).status).toBe(404);
  });
});

describe('returning issued material to stock', () => {
  let order: { id: number; number: string };
  let lineId = 0;

  beforeAll(async () => {
    order = ok(
      await call(
        'builder',
        api.retrievalCreate,
        issue(school, [{ lotId: granite.lotId, quantity: 20 }], { issuedOn: addDays(today, -2), part: '二层楼梯' }),
      ),
    );
    lineId = ok(await call('builder', api.retrievalDetail, { id: order.id })).lines[0]?.id as number;
  });

  it('is a TK document against the issue’s lines: back into the usable stock, the issue’s returned kept in step', async () => {
    const before = await usable(school, granite.lotId);
    const doc = ok(
      await call('builder', api.retrievalReturn, {
        id: order.id,
        returnedOn: today,
        reason: '楼梯铺贴变更，余料退回',
        lines: [{ lineId, quantity: 5.5 }],
      }),
    );
    expect(doc.number).toMatch(/^TK\d{12}$/);
    expect(await usable(school, granite.lotId)).toBe(before + 5.5);
    const detail = ok(await call('builder', api.retrievalDetail, { id: order.id }));
    expect(detail).toMatchObject({ returned: true, canReturn: true });
    expect(detail.lines[0]).toMatchObject({ quantity: 20, returnable: 14.5 });
    expect(detail.returns).toEqual([
      { id: doc.id, number: doc.number, issuedOn: today, reason: '楼梯铺贴变更，余料退回' },
    ]);
    const back = ok(await call('supervisor', api.retrievalDetail, { id: doc.id }));
    expect(back).toMatchObject({
      kind: 'return',
      returnOfId: order.id,
      returnOfNumber: order.number,
      canReturn: false,
      part: '二层楼梯',
    });
    expect(back.lines[0]).toMatchObject({ quantity: 5.5, returnable: 0, inspectionId: granite.inspectionId });
    const moves = ok(await call('builder', api.stockPutDetail, { projectId: school, lotId: granite.lotId })).moves;
    expect(moves.at(-1)).toMatchObject({ bucket: 'usable', quantity: 5.5, document: doc.number });
    const audit = await auditRows(server.database.db, { entity: 'issue_order', entityId: order.id });
    expect(audit.map((a) => [a.log.action, a.log.reason])).toEqual([
      ['issue', null],
      ['return', '楼梯铺贴变更，余料退回'],
    ]);
  });

  it('refuses more than is still out, a date before the issue or in the future, a line of another order', async () => {
    const over = await call('builder', api.retrievalReturn, {
      id: order.id,
      returnedOn: today,
      reason: '退料',
      lines: [{ lineId, quantity: 14.501 }],
    });
    expect(fieldsOf(over)).toEqual({ 'lines.0.quantity': '超出可退数量：可退 14.5' });
    const early = await call('builder', api.retrievalReturn, {
      id: order.id,
      returnedOn: addDays(today, -3),
      reason: '退料',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(fieldsOf(early)).toEqual({ returnedOn: `退库日期不能早于领用日期 ${addDays(today, -2)}` });
    const future = await call('builder', api.retrievalReturn, {
      id: order.id,
      returnedOn: addDays(today, 1),
      reason: '退料',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(fieldsOf(future)).toEqual({ returnedOn: '退库日期不能晚于今天' });
    const other = await call('builder', api.retrievalReturn, {
      id: order.id,
      returnedOn: today,
      reason: '退料',
      lines: [{ lineId: lineId + 1000, quantity: 1 }],
    });
    expect(fieldsOf(other)).toEqual({ 'lines.0.lineId': '出库明细不存在' });
    const noReason = await callRaw('builder', api.retrievalReturn, {
      id: order.id,
      returnedOn: today,
      lines: [{ lineId, quantity: 1 }],
    });
    expect(Object.keys(fieldsOf(noReason))).toEqual(['reason']);
  });

  it('returns all that is still out, then nothing more; a return document itself cannot be returned', async () => {
    const doc = ok(
      await call('builder', api.retrievalReturn, {
        id: order.id,
        returnedOn: today,
        reason: '工程量核减',
        lines: [{ lineId, quantity: 14.5 }],
      }),
    );
    const detail = ok(await call('builder', api.retrievalDetail, { id: order.id }));
    expect(detail).toMatchObject({ canReturn: false });
    expect(detail.lines[0]?.returnable).toBe(0);
    expect(detail.returns).toHaveLength(2);
    const again = await call('builder', api.retrievalReturn, {
      id: order.id,
      returnedOn: today,
      reason: '再退',
      lines: [{ lineId, quantity: 0.001 }],
    });
    expect(fieldsOf(again)).toEqual({ 'lines.0.quantity': '超出可退数量：可退 0' });
    const ofReturn = await call('builder', api.retrievalReturn, {
      id: doc.id,
      returnedOn: today,
      reason: '再退',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(ofReturn.status).toBe(404);
  });

  it('is the issuing construction unit’s: 404 to one not on the project, 403 to other kinds, 401 signed out', async () => {
    const body = { id: order.id, returnedOn: today, reason: '退料', lines: [{ lineId, quantity: 1 }] };
    expect((await call('stranger', api.retrievalReturn, body)).status).toBe(404);
    expect((await call('supervisor', api.retrievalReturn, body)).status).toBe(403);
    expect((await call('developer', api.retrievalReturn, body)).status).toBe(403);
    expect((await call(null, api.retrievalReturn, body)).status).toBe(401);
  });
});

describe('coded stock', () => {
  let blocks: { lotId: number; inspectionId: number };
  let codes: { code: string; quantity: number }[] = [];
  let orderId = 0;

  beforeAll(async () => {
    // The demo's blocks at the school: 19 codes received, held for their witnessed retest (demo-construction.ts).
    const list = ok(await call('builder', api.inspectionList, { projectId: school, keyword: 'JQ20261105' }));
    const i = list.list.find((r) => r.state === 'pending_retest');
    if (!i) throw new Error('the demo delivers coded blocks to the school');
    blocks = { lotId: i.lotId, inspectionId: i.id };
  });

  it('offers no code of a lot still in quarantine, and refuses the lot', async () => {
    expect(ok(await call('builder', api.retrievalCodes, { projectId: school, lotId: blocks.lotId }))).toEqual([]);
    const res = await call('builder', api.retrievalCreate, issue(school, [{ lotId: blocks.lotId, quantity: 1 }]));
    expect(fieldsOf(res)).toEqual({ 'lines.0.lotId': '该批次待见证取样复试合格后方可出库' });
  });

  it('offers the received top-level codes once released', async () => {
    await passRetest(server, blocks.inspectionId);
    codes = ok(await call('supervisor', api.retrievalCodes, { projectId: school, lotId: blocks.lotId }));
    expect(codes).toHaveLength(19);
    const total = codes.reduce((s, c) => s + c.quantity, 0);
    expect(await usable(school, blocks.lotId)).toBe(total);
  });

  it('asks for the codes, refuses codes that do not make the quantity or are not the lot’s at the site', async () => {
    const [a, b, c] = codes as [(typeof codes)[0], (typeof codes)[0], (typeof codes)[0]];
    const noCodes = await call(
      'builder',
      api.retrievalCreate,
      issue(school, [{ lotId: blocks.lotId, quantity: a.quantity }]),
    );
    expect(fieldsOf(noCodes)).toEqual({ 'lines.0.codes': '该批次有追溯码，请选择领用的追溯码' });
    const short = await call(
      'builder',
      api.retrievalCreate,
      issue(school, [{ lotId: blocks.lotId, quantity: a.quantity + b.quantity + c.quantity, codes: [a.code, b.code] }]),
    );
    expect(fieldsOf(short)).toEqual({ 'lines.0.codes': expect.stringMatching(/^所选追溯码合计 .*与领用数量 .*不符$/) });
    const rejected = (
      await server.database.db.select().from(traceCodes).where(eq(traceCodes.lotId, blocks.lotId))
    ).find((r) => r.status === 'rejected');
    expect(rejected, 'the demo rejected one block at the gate').toBeDefined();
    const notHere = await call(
      'builder',
      api.retrievalCreate,
      issue(school, [{ lotId: blocks.lotId, quantity: a.quantity, codes: [rejected?.code as string] }]),
    );
    expect(fieldsOf(notHere)).toEqual({ 'lines.0.codes.0': '追溯码不在本项目该批次的库存中，或已领用' });
    expect(await codeStatus(a.code)).toBe('held');
  });

  it('installs the codes issued, and the public scan page then warns that a code of installed material was scanned', async () => {
    const [a, b] = codes as [(typeof codes)[0], (typeof codes)[0]];
    const before = await usable(school, blocks.lotId);
    const created = ok(
      await call(
        'builder',
        api.retrievalCreate,
        issue(school, [{ lotId: blocks.lotId, quantity: a.quantity + b.quantity, codes: [a.code, b.code] }]),
      ),
    );
    orderId = created.id;
    expect(await usable(school, blocks.lotId)).toBeCloseTo(before - a.quantity - b.quantity, 3);
    expect(await codeStatus(a.code)).toBe('installed');
    expect(await codeStatus(b.code)).toBe('installed');
    const left = ok(await call('builder', api.retrievalCodes, { projectId: school, lotId: blocks.lotId }));
    expect(left.map((c) => c.code)).not.toContain(a.code);
    expect(left).toHaveLength(17);
    // The same code twice: the second issue finds it installed.
    const twice = await call(
      'builder',
      api.retrievalCreate,
      issue(school, [{ lotId: blocks.lotId, quantity: a.quantity, codes: [a.code] }]),
    );
    expect(fieldsOf(twice)).toEqual({ 'lines.0.codes.0': '追溯码不在本项目该批次的库存中，或已领用' });

    const scan = ok(await call(null, traceEndpoints.publicTrace, { code: a.code }));
    expect(scan.status).toBe('installed');
    expect(scan.alerts.map((x) => x.kind)).toContain('after_installed');
    // A code still in the site's stock scans without that warning.
    const quiet = ok(await call(null, traceEndpoints.publicTrace, { code: left[0]?.code as string }));
    expect(quiet.alerts.map((x) => x.kind)).not.toContain('after_installed');
  });

  it('returns by code: the codes named go back to received, and must be the line’s, still out, making the quantity', async () => {
    const [a, b] = codes as [(typeof codes)[0], (typeof codes)[0]];
    const detail = ok(await call('builder', api.retrievalDetail, { id: orderId }));
    const line = detail.lines[0];
    expect(line).toMatchObject({
      codes: [a.code, b.code],
      returnableCodes: [
        { code: a.code, quantity: a.quantity },
        { code: b.code, quantity: b.quantity },
      ],
    });
    const base = { id: orderId, returnedOn: today, reason: '砌块规格不符，退回库房' };
    const noCodes = await call('builder', api.retrievalReturn, {
      ...base,
      lines: [{ lineId: line?.id as number, quantity: a.quantity }],
    });
    expect(fieldsOf(noCodes)).toEqual({ 'lines.0.codes': '请选择退库的追溯码' });
    const foreign = await call('builder', api.retrievalReturn, {
      ...base,
      lines: [{ lineId: line?.id as number, quantity: a.quantity, codes: [codes[5]?.code as string] }],
    });
    expect(fieldsOf(foreign)).toEqual({ 'lines.0.codes.0': '追溯码不在该明细中，或已退库' });
    const before = await usable(school, blocks.lotId);
    ok(
      await call('builder', api.retrievalReturn, {
        ...base,
        lines: [{ lineId: line?.id as number, quantity: a.quantity, codes: [a.code] }],
      }),
    );
    expect(await codeStatus(a.code)).toBe('held');
    expect(await codeStatus(b.code)).toBe('installed');
    expect(await usable(school, blocks.lotId)).toBeCloseTo(before + a.quantity, 3);
    const after = ok(await call('builder', api.retrievalDetail, { id: orderId }));
    expect(after.lines[0]?.returnableCodes).toEqual([{ code: b.code, quantity: b.quantity }]);
    const again = await call('builder', api.retrievalReturn, {
      ...base,
      lines: [{ lineId: line?.id as number, quantity: a.quantity, codes: [a.code] }],
    });
    expect(fieldsOf(again)).toEqual({ 'lines.0.codes.0': '追溯码不在该明细中，或已退库' });
    // Back in stock, the code may be issued again.
    const offered = ok(await call('builder', api.retrievalCodes, { projectId: school, lotId: blocks.lotId }));
    expect(offered.map((c) => c.code)).toContain(a.code);
  });
});

describe('the record of what was issued', () => {
  beforeAll(async () => {
    const tiles = await siteLot(server, tokens, school, {
      fate: 'released',
      batchNo: 'TL-01',
      quantity: 50,
      materialName: '陶瓷地砖',
      specName: '800×800',
    });
    ok(
      await call(
        'builder',
        api.retrievalCreate,
        issue(school, [{ lotId: tiles.lotId, quantity: 12 }], {
          building: '2#综合楼',
          floor: '1F',
          part: '门厅',
          issuedOn: addDays(today, -10),
          team: '瓦工班组',
        }),
      ),
    );
    const second = ok(
      await call(
        'builder',
        api.retrievalCreate,
        issue(school, [{ lotId: tiles.lotId, quantity: 8 }], { building: '2#综合楼', floor: '2F', part: '卫生间' }),
      ),
    );
    const line = ok(await call('builder', api.retrievalDetail, { id: second.id })).lines[0];
    ok(
      await call('builder', api.retrievalReturn, {
        id: second.id,
        returnedOn: today,
        reason: '多领',
        lines: [{ lineId: line?.id as number, quantity: 3 }],
      }),
    );
  });

  it('finds issued lines by material, specification, batch, place and date, net of returns', async () => {
    const all = ok(await call('developer', api.retrievalSearch, { projectId: school, materialName: '陶瓷' }));
    expect(all.total).toBe(2);
    expect(all.list.map((l) => [l.floor, l.quantity, l.netQuantity])).toEqual([
      ['2F', 8, 5],
      ['1F', 12, 12],
    ]);
    expect(all.list[0]).toMatchObject({
      specName: '800×800',
      batchNo: 'TL-01',
      unitName: '平方米',
      team: '木工班组（王师傅）',
    });
    const place = ok(await call('builder', api.retrievalSearch, { projectId: school, location: '门厅' }));
    expect(place.list.map((l) => l.part)).toEqual(['门厅']);
    const building = ok(await call('builder', api.retrievalSearch, { projectId: school, location: '2#综合' }));
    expect(building.total).toBe(2);
    const dated = ok(
      await call('builder', api.retrievalSearch, {
        projectId: school,
        materialName: '陶瓷',
        from: addDays(today, -11),
        to: addDays(today, -9),
      }),
    );
    expect(dated.list.map((l) => l.quantity)).toEqual([12]);
    const spec = ok(await call('builder', api.retrievalSearch, { projectId: school, specName: '800', batchNo: 'TL' }));
    expect(spec.total).toBe(2);
    const paged = ok(
      await call('builder', api.retrievalSearch, { projectId: school, materialName: '陶瓷', take: 1, skip: 1 }),
    );
    expect(paged).toMatchObject({ total: 2, list: [expect.objectContaining({ floor: '1F' })] });
    // Returns are not lines of their own in the record.
    const wide = ok(await call('builder', api.retrievalSearch, { projectId: school, take: 100 }));
    expect(wide.list.every((l) => l.orderNumber.startsWith('LY'))).toBe(true);
  });

  it('totals the same search per material, without paging', async () => {
    const totals = ok(await call('supervisor', api.retrievalSearchAll, { projectId: school, location: '2#综合楼' }));
    expect(totals).toEqual([{ materialName: '陶瓷地砖', specName: '800×800', unitName: '平方米', netQuantity: 17 }]);
    const everything = ok(await call('builder', api.retrievalSearchAll, { projectId: school }));
    expect(everything.map((t) => t.materialName)).toEqual(
      expect.arrayContaining(['花岗岩', '陶瓷地砖', '蒸压加气混凝土砌块']),
    );
    const bad = await callRaw('builder', api.retrievalSearchAll, { projectId: school, from: '2026-13-01' });
    expect(Object.keys(fieldsOf(bad))).toEqual(['from']);
  });
});
