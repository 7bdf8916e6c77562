import { constructionEndpoints as api, type EndpointInput, OrgType, ProjectRole, traceEndpoints } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { messages, projectMembers } from '../../db/schema/index.ts';
import { creditCode, SMALL_PDF, uploadFile } from '../organization/test-support.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { balanceOf, projectIdOf, userOf } from '../trace/trace.test-support.ts';
import { siteLot } from './construction.issue.test-support.ts';

/**
 * Site construction (docs/construction.md): deliveries at a project's site enter quarantine, the contractor's
 * inspector submits a checklist and a verdict, the supervisor's approval moves the stock, and only then is it usable.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw, download } = callsAs(() => server, tokens);
let school = 0;
let hospital = 0;

const SUPPLIER_CODE = creditCode('91320100MA1MEQ7X9');

const external = (projectId: number, over: Partial<EndpointInput<typeof api.deliveryExternal>> = {}) =>
  ({
    projectId,
    supplierName: '南京江北砂浆有限公司',
    supplierCreditCode: SUPPLIER_CODE,
    arrivedOn: '2026-11-20',
    deliveryNoteNo: 'SN-001',
    lines: [
      {
        classifyCode: '0107',
        materialName: '预拌砂浆',
        specName: 'DM M10',
        unitName: '吨',
        batchNo: '砂浆-1120',
        quantity: 12,
        building: '1#教学楼',
        floor: '3F',
      },
    ],
    ...over,
  }) as EndpointInput<typeof api.deliveryExternal>;

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
    builderStaff: '13800000010',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  hospital = await projectIdOf(server, '江宁区人民医院门急诊综合楼');
  // Another construction unit, certified, on no project of the developer's.
  await addOrgWithUser(server, {
    name: '无锡另一建设集团',
    type: OrgType.CONSTRUCTION,
    regionCode: '320200',
    mobile: '13900000071',
  });
  tokens.stranger = await server.login('13900000071');
});
afterAll(() => server?.stop());

describe('a delivery from a supplier outside the platform', () => {
  let inspectionId = 0;
  let lotId = 0;

  it('enters the project’s quarantined stock, one inspection per line, with the category’s checklist', async () => {
    const created = ok(await call('builder', api.deliveryExternal, external(school)));
    expect(created.number).toMatch(/^JC\d{12}$/);
    const detail = ok(await call('builder', api.deliveryDetail, { id: created.id }));
    expect(detail).toMatchObject({ kind: 'external', supplierCreditCode: SUPPLIER_CODE, canEdit: true });
    expect(detail.inspections).toHaveLength(1);
    const [i] = detail.inspections;
    inspectionId = i?.id as number;
    lotId = i?.lotId as number;
    expect(i).toMatchObject({ state: 'pending', retestRequired: true, quantity: 12, building: '1#教学楼' });
    expect(await balanceOf(server, `project:${school}`, lotId, 'quarantined')).toBe(12);
    expect(await balanceOf(server, `project:${school}`, lotId, 'usable')).toBe(0);
    const insp = ok(await call('builder', api.inspectionDetail, { id: inspectionId }));
    expect(insp.rule.retestRequired).toBe(true);
    expect(insp.codeCount, 'an external lot has no trace codes').toBe(0);
    expect(insp.checks.map((c) => [c.kind, c.required])).toEqual([
      ['conformity', true],
      ['factory_test', true],
    ]);
    expect(insp.actions).toEqual(['submit']);
    const stock = ok(await call('supervisor', api.stockList, { projectId: school, keyword: '砂浆-1120' }));
    expect(stock.list[0]).toMatchObject({ quarantined: 12, usable: 0, state: 'pending', blockedReason: '待进场验收' });
  });

  it('refuses a pass for a material that needs a witnessed retest, and any verdict but a failure without the papers', async () => {
    const checks = [
      { kind: 'conformity' as const, present: true },
      { kind: 'factory_test' as const, present: true },
    ];
    const pass = await call('builder', api.inspectionDecide, {
      id: inspectionId,
      checks,
      visualResult: 'ok',
      verdict: 'pass',
    });
    expect(pass.status).toBe(400);
    expect(fieldsOf(pass)).toEqual({ verdict: expect.stringContaining('见证取样复试') });
    const missing = await call('builder', api.inspectionDecide, {
      id: inspectionId,
      checks: [{ kind: 'conformity', present: true }],
      visualResult: 'ok',
      verdict: 'retest',
    });
    expect(fieldsOf(missing)).toEqual({ verdict: '必备的质量证明文件不齐，只能判定不合格' });
    const noReason = await callRaw('builder', api.inspectionDecide, {
      id: inspectionId,
      checks,
      visualResult: 'ok',
      verdict: 'fail',
    });
    expect(fieldsOf(noReason)).toHaveProperty('reason');
  });

  it('lets only the contractor’s inspector or leader submit, and only the supervisor confirm', async () => {
    const body = {
      id: inspectionId,
      checks: [
        { kind: 'conformity' as const, present: true },
        { kind: 'factory_test' as const, present: true },
      ],
      visualResult: 'ok' as const,
      verdict: 'retest' as const,
    };
    // A member of the construction unit named on the project without the inspector's role.
    const staff = await userOf(server, '13800000010');
    await server.database.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, school), eq(projectMembers.userId, staff.userId)));
    await server.database.db.insert(projectMembers).values({
      projectId: school,
      developerOrgId: (await userOf(server, '13800000005')).orgId,
      orgId: staff.orgId,
      userId: staff.userId,
      role: ProjectRole.STOREKEEPER,
      addedBy: staff.userId,
    });
    expect((await call('builderStaff', api.inspectionDecide, body)).status).toBe(403);
    expect((await call('supervisor', api.inspectionDecide, body)).status).toBe(403);
    expect((await call('stranger', api.inspectionDecide, body)).status).toBe(404);
    expect((await call('builder', api.inspectionConfirm, { id: inspectionId, approve: true })).status).toBe(403);
    // Confirming before anything was submitted: the state refuses.
    expect((await call('supervisor', api.inspectionConfirm, { id: inspectionId, approve: true })).status).toBe(409);
    expect((await call('builder', api.inspectionDecide, body)).status).toBe(200);
    expect((await call('builder', api.inspectionDecide, body)).status).toBe(409);
  });

  it('sends back with a reason, and on approval holds the lot for its retest: still quarantined, not issuable', async () => {
    const back = await call('supervisor', api.inspectionConfirm, { id: inspectionId, approve: false });
    expect(fieldsOf(back)).toEqual({ reason: '退回须写明原因' });
    ok(
      await call('supervisor', api.inspectionConfirm, {
        id: inspectionId,
        approve: false,
        reason: '合格证复印件不清晰',
      }),
    );
    expect(ok(await call('builder', api.inspectionDetail, { id: inspectionId })).state).toBe('pending');
    ok(
      await call('builder', api.inspectionDecide, {
        id: inspectionId,
        checks: [
          { kind: 'conformity', present: true },
          { kind: 'factory_test', present: true },
        ],
        visualResult: 'ok',
        verdict: 'retest',
      }),
    );
    ok(await call('supervisor', api.inspectionConfirm, { id: inspectionId, approve: true }));
    const insp = ok(await call('developer', api.inspectionDetail, { id: inspectionId }));
    expect(insp).toMatchObject({ state: 'pending_retest', verdict: 'retest', supervisorName: expect.any(String) });
    expect(await balanceOf(server, `project:${school}`, lotId, 'quarantined')).toBe(12);
    const stock = ok(await call('builder', api.stockList, { projectId: school, keyword: '砂浆-1120' }));
    expect(stock.list[0]?.blockedReason).toBe('待见证取样复试合格后方可出库');
    // Each message about the inspection opens the lot's drawer on its delivery's page.
    const number = insp.number;
    const told = await server.database.db
      .selectDistinct({ title: messages.title, targetUrl: messages.targetUrl })
      .from(messages)
      .where(like(messages.title, `%${number}%`));
    const drawer = pageUrl(pages.siteInspection, { inspection: inspectionId });
    expect(told).toEqual(
      expect.arrayContaining([
        { title: `材料进场报验待确认：${number}`, targetUrl: drawer },
        { title: `监理退回验收：${number}`, targetUrl: drawer },
        { title: `监理已确认：${number} 待复试`, targetUrl: drawer },
      ]),
    );
  });

  it('refuses bad input per field, and records nothing', async () => {
    const res = await callRaw('builder', api.deliveryExternal, {
      ...external(school),
      supplierCreditCode: `${SUPPLIER_CODE.slice(0, 17)}${SUPPLIER_CODE.endsWith('1') ? '2' : '1'}`,
      arrivedOn: '2099-01-01',
      lines: [{ ...external(school).lines[0], classifyCode: '0199', quantity: -1 }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(fieldsOf(res)).sort()).toEqual(['lines.0.quantity', 'supplierCreditCode']);
    const future = await call('builder', api.deliveryExternal, external(school, { arrivedOn: '2099-01-01' }));
    expect(fieldsOf(future)).toMatchObject({ arrivedOn: '到货日期不能晚于今天' });
  });
});

describe('a material without a retest', () => {
  it('is released on the supervisor’s approval of a pass, and moves from quarantine to usable', async () => {
    const created = ok(
      await call(
        'builder',
        api.deliveryExternal,
        external(school, {
          lines: [
            {
              classifyCode: '0212',
              materialName: '花岗岩',
              specName: '600×600×20',
              unitName: '平方米',
              batchNo: 'SC-01',
              quantity: 80,
            },
          ],
        }),
      ),
    );
    const [i] = ok(await call('builder', api.deliveryDetail, { id: created.id })).inspections;
    const id = i?.id as number;
    ok(
      await call('builder', api.inspectionDecide, {
        id,
        checks: [
          { kind: 'conformity', present: true },
          { kind: 'factory_test', present: true },
        ],
        visualResult: 'ok',
        verdict: 'pass',
      }),
    );
    expect(await balanceOf(server, `project:${school}`, i?.lotId as number, 'usable')).toBe(0);
    ok(await call('supervisor', api.inspectionConfirm, { id, approve: true }));
    expect(await balanceOf(server, `project:${school}`, i?.lotId as number, 'usable')).toBe(80);
    expect(await balanceOf(server, `project:${school}`, i?.lotId as number, 'quarantined')).toBe(0);
    const moves = ok(await call('builder', api.stockPutDetail, { projectId: school, lotId: i?.lotId as number })).moves;
    expect(moves.map((m) => [m.bucket, m.quantity, m.reasonName])).toEqual([
      ['quarantined', 80, '收货入库'],
      ['quarantined', -80, '验收放行'],
      ['usable', 80, '验收放行'],
    ]);
  });

  it('is rejected on an approved failure, then destroyed out of the rejected stock', async () => {
    const created = ok(
      await call(
        'builder',
        api.deliveryExternal,
        external(school, {
          lines: [
            {
              classifyCode: '0212',
              materialName: '花岗岩',
              specName: '300×600×20',
              unitName: '平方米',
              batchNo: 'SC-02',
              quantity: 5,
            },
          ],
        }),
      ),
    );
    const [i] = ok(await call('builder', api.deliveryDetail, { id: created.id })).inspections;
    const id = i?.id as number;
    ok(
      await call('builder', api.inspectionDecide, {
        id,
        checks: [{ kind: 'conformity', present: false }],
        visualResult: 'defect',
        verdict: 'fail',
        reason: '无合格证，表面裂纹',
      }),
    );
    ok(await call('supervisor', api.inspectionConfirm, { id, approve: true }));
    expect(await balanceOf(server, `project:${school}`, i?.lotId as number, 'rejected')).toBe(5);
    expect((await call('supervisor', api.inspectionDispose, { id, disposal: 'destroyed' })).status).toBe(403);
    ok(await call('builder', api.inspectionDispose, { id, disposal: 'destroyed', remark: '现场破碎处理' }));
    expect(await balanceOf(server, `project:${school}`, i?.lotId as number, 'rejected')).toBe(0);
    expect(ok(await call('builder', api.inspectionDetail, { id })).state).toBe('destroyed');
    expect((await call('builder', api.inspectionDispose, { id, disposal: 'returned' })).status).toBe(409);
  });

  it('is returned off the platform by the record alone: no return shipment, out of the rejected stock', async () => {
    const { inspectionId: id, lotId } = await siteLot(server, tokens, school, {
      fate: 'rejected',
      batchNo: 'SC-03',
      quantity: 7,
    });
    expect(await balanceOf(server, `project:${school}`, lotId, 'rejected')).toBe(7);
    const disposed = ok(await call('builder', api.inspectionDispose, { id, disposal: 'returned' }));
    expect(disposed).toEqual({ id, returnShipment: null });
    expect(await balanceOf(server, `project:${school}`, lotId, 'rejected')).toBe(0);
    expect(ok(await call('builder', api.inspectionDetail, { id })).state).toBe('returned');
  });
});

let pdfs = 0;
/** A PDF uploaded by `who`'s organisation, each with bytes of its own. */
async function pdf(who: string, name: string): Promise<number> {
  pdfs += 1;
  const bytes = Buffer.concat([SMALL_PDF, Buffer.from(`\n% paper ${pdfs}\n`)]);
  const res = await uploadFile(server, tokens[who] as string, name, bytes, 'application/pdf');
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id as number;
}

describe('a delivery’s papers', () => {
  it('open for every reader of the site: the delivery note, the invoice, the checklist scans and photos', async () => {
    const note = await pdf('builder', '送货单.pdf');
    const invoice = await pdf('builder', '发票.pdf');
    const scan = await pdf('builder', '合格证.pdf');
    const photo = await pdf('builder', '外观照片.pdf');
    const { id } = ok(
      await call(
        'builder',
        api.deliveryExternal,
        external(school, { deliveryNoteUploadIds: [note], invoiceUploadIds: [invoice] }),
      ),
    );
    const [i] = ok(await call('builder', api.deliveryDetail, { id })).inspections;
    ok(
      await call('builder', api.inspectionDecide, {
        id: i?.id as number,
        checks: [
          { kind: 'conformity', present: true, uploadId: scan },
          { kind: 'factory_test', present: true },
        ],
        visualResult: 'ok',
        verdict: 'retest',
        photoUploadIds: [photo],
      }),
    );
    for (const who of ['builder', 'supervisor', 'developer']) {
      for (const uploadId of [note, invoice, scan, photo]) {
        const got = await download(who, api.deliveryFile, { id, uploadId });
        expect(got.status, `${who} ${uploadId}`).toBe(200);
        expect(got.body.subarray(0, 5).toString()).toBe('%PDF-');
      }
    }
    // Another organisation, no session, and an upload not among this delivery's files.
    expect((await download('stranger', api.deliveryFile, { id, uploadId: note })).status).toBe(404);
    expect((await download(null, api.deliveryFile, { id, uploadId: note })).status).toBe(401);
    const loose = await pdf('builder', '未挂接.pdf');
    expect((await download('builder', api.deliveryFile, { id, uploadId: loose })).status).toBe(404);
    expect((await download('builder', api.deliveryFile, { id: id + 100_000, uploadId: note })).status).toBe(404);
  });

  it('answers 404 for a file of another delivery, even to the unit that uploaded it', async () => {
    const mine = await pdf('builder', '另一张发票.pdf');
    const other = ok(await call('builder', api.deliveryExternal, external(school, { invoiceUploadIds: [mine] })));
    const { id } = ok(await call('builder', api.deliveryExternal, external(school)));
    expect((await download('builder', api.deliveryFile, { id: other.id, uploadId: mine })).status).toBe(200);
    expect((await download('builder', api.deliveryFile, { id, uploadId: mine })).status).toBe(404);
    expect((await download('supervisor', api.deliveryFile, { id, uploadId: mine })).status).toBe(404);
  });
});

describe('a platform shipment received at the site', () => {
  it('is quarantined through the traceability receipt, with a site delivery and one inspection per lot', async () => {
    const expected = ok(await call('builder', api.expectedList, { projectId: hospital }));
    const s = expected.list[0];
    expect(s, 'the demo ships blocks to the hospital').toBeDefined();
    const detail = ok(await call('builder', traceEndpoints.shipmentDetail, { id: s?.shipmentId as number }));
    const line = detail.lines[0];
    const res = await call('builder', api.deliveryReceive, {
      projectId: hospital,
      shipmentId: s?.shipmentId as number,
      arrivedOn: detail.shipDate,
      invoiceNo: 'FP-0001',
      lines: [{ shipmentLineId: line?.id as number, received: line?.quantity as number, part: '地下室' }],
    });
    const created = ok(res);
    const delivery = ok(await call('developer', api.deliveryDetail, { id: created.id }));
    expect(delivery).toMatchObject({
      kind: 'platform',
      invoiceNo: 'FP-0001',
      shipmentId: s?.shipmentId,
      canEdit: false,
    });
    expect(delivery.inspections[0]).toMatchObject({ state: 'pending', part: '地下室', quantity: line?.quantity });
    expect(await balanceOf(server, `project:${hospital}`, line?.lotId as number, 'quarantined')).toBe(line?.quantity);
    // The site's checklist knows what the platform knows: the maker's certificate on the delivery date.
    const insp = ok(await call('builder', api.inspectionDetail, { id: delivery.inspections[0]?.id as number }));
    expect(insp.checks.find((c) => c.kind === 'conformity')?.platform).not.toBeNull();
  });

  it('counts the trace codes its lot came with', async () => {
    // The demo's blocks at the school (demo-construction.ts): 19 top-level codes received with the lot.
    const list = ok(await call('builder', api.inspectionList, { projectId: school, keyword: 'JQ20261105' }));
    const i = list.list.find((r) => r.state === 'pending_retest');
    expect(i, 'the demo delivers coded blocks to the school').toBeDefined();
    const insp = ok(await call('supervisor', api.inspectionDetail, { id: i?.id as number }));
    expect(insp.codeCount).toBe(19);
  });

  it('is refused for a project the shipment does not go to (404), and to anyone not on the project', async () => {
    const stranger = await call('stranger', api.deliveryList, { projectId: school });
    expect(stranger.status).toBe(404);
    expect((await call('maker', api.stockList, { projectId: school })).status).toBe(404);
    expect((await call('stranger', api.deliveryExternal, external(school))).status).toBe(404);
  });
});
