import {
  constructionEndpoints as api,
  type EndpointInput,
  OrgType,
  projectEndpoints,
  samplingEndpoints,
} from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { messages, productSamplings, spotChecks } from '../../db/schema/index.ts';
import { SMALL_PDF, uploadFile } from '../organization/test-support.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { projectIdOf, userOf } from '../trace/trace.test-support.ts';
import { SITE_RECORDS_NAME_ORG } from './construction.removal.ts';
import {
  externalLotHeldForRetest,
  platformLotHeldForRetest,
  type SiteTokens,
  siteProject,
} from './construction.sample.test-support.ts';

/**
 * Spot checks (docs/construction.md, "Spot checks"): the supervision unit records a check; a failure goes to
 * rectification by a deadline, the construction unit reports its rectification and the supervisor closes it. A check
 * of a platform lot is the maker's sampling record too.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw, download } = callsAs(() => server, tokens);
let school = 0;
let hospital = 0;
const site = (): SiteTokens => ({ builder: tokens.builder as string, supervisor: tokens.supervisor as string });

const check = (
  projectId: number,
  over: Partial<EndpointInput<typeof api.spotCheckCreate>> = {},
): EndpointInput<typeof api.spotCheckCreate> => ({
  projectId,
  kind: 'patrol',
  checkedOn: shanghaiToday(),
  items: [
    { name: '材料堆放', result: 'pass' },
    { name: '标识标牌', result: 'pass', remark: '齐全' },
  ],
  remarks: '巡视正常',
  ...over,
});
const failing = [
  { name: '钢筋保护层厚度', result: 'fail' as const, remark: '实测 12 mm，设计 20 mm' },
  { name: '钢筋间距', result: 'pass' as const },
];

async function messagesTo(mobile: string, text: string) {
  const { orgId } = await userOf(server, mobile);
  return server.database.db
    .selectDistinct({ title: messages.title, channel: messages.channelNo })
    .from(messages)
    .where(and(eq(messages.companyId, orgId), like(messages.title, `%${text}%`)));
}

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
    committee: '13800000006',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  hospital = await projectIdOf(server, '江宁区人民医院门急诊综合楼');
  await addOrgWithUser(server, {
    name: '无锡另一监理公司',
    type: OrgType.SUPERVISION,
    regionCode: '320200',
    mobile: '13900000091',
  });
  tokens.stranger = await server.login('13900000091');
  await addOrgWithUser(server, {
    name: '无锡另一建设集团',
    type: OrgType.CONSTRUCTION,
    regionCode: '320200',
    mobile: '13900000092',
  });
  tokens.otherBuilder = await server.login('13900000092');
});
afterAll(() => server?.stop());

describe('a passing patrol check', () => {
  it('is recorded, numbered CJ…, with nothing to rectify', async () => {
    const { id } = ok(await call('supervisor', api.spotCheckCreate, check(school)));
    const detail = ok(await call('builder', api.spotCheckDetail, { id }));
    expect(detail).toMatchObject({
      number: expect.stringMatching(/^CJ\d{12}$/),
      kind: 'patrol',
      result: 'pass',
      state: 'recorded',
      rectificationDeadline: null,
      overdue: false,
      materialName: null,
      checkerName: '赵磊',
      items: [
        { name: '材料堆放', result: 'pass', remark: null },
        { name: '标识标牌', result: 'pass', remark: '齐全' },
      ],
      remarks: '巡视正常',
      actions: [],
    });
    const list = ok(await call('committee', api.spotCheckList, { projectId: school }));
    expect(list.list.map((c) => c.id)).toContain(id);
    expect(ok(await call('developer', api.spotCheckList, { projectId: school, state: 'closed' })).list).toEqual([]);
    expect((await call('builder', api.spotCheckRectify, { id, rectification: '无' })).status).toBe(409);
    expect((await call('supervisor', api.spotCheckClose, { id })).status).toBe(409);
  });
});

describe('a failing parallel test of a lot', () => {
  let id = 0;

  it('goes to rectification by its deadline, and the construction unit is told', async () => {
    const lot = await externalLotHeldForRetest(server, site(), school);
    const res = await call(
      'supervisor',
      api.spotCheckCreate,
      check(school, {
        kind: 'parallel',
        inspectionId: lot.inspectionId,
        items: failing,
        rectificationDeadline: addDays(shanghaiToday(), 7),
      }),
    );
    id = ok(res).id;
    const detail = ok(await call('builder', api.spotCheckDetail, { id }));
    expect(detail).toMatchObject({
      result: 'fail',
      state: 'rectifying',
      inspectionId: lot.inspectionId,
      materialName: '预拌砂浆',
      batchNo: lot.batchNo,
      rectificationDeadline: addDays(shanghaiToday(), 7),
      overdue: false,
      actions: ['rectify'],
    });
    expect(ok(await call('supervisor', api.spotCheckDetail, { id })).actions).toEqual([]);
    expect(await messagesTo('13800000003', detail.number)).toEqual([
      { title: expect.stringContaining('平行检验不合格，请于'), channel: 'construction' },
    ]);
    // An off-platform lot has no maker on the platform: no sampling record.
    const [row] = await server.database.db.select().from(spotChecks).where(eq(spotChecks.id, id));
    expect(row?.samplingId).toBeNull();
  });

  it('cannot be closed before the rectification is reported', async () => {
    const res = await call('supervisor', api.spotCheckClose, { id });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('尚未报告整改');
  });

  it('takes the rectification from the construction unit only', async () => {
    expect((await call('supervisor', api.spotCheckRectify, { id, rectification: '已整改' })).status).toBe(403);
    expect((await call('otherBuilder', api.spotCheckRectify, { id, rectification: '已整改' })).status).toBe(404);
    expect((await call(null, api.spotCheckRectify, { id, rectification: '已整改' })).status).toBe(401);
    expect(fieldsOf(await callRaw('builder', api.spotCheckRectify, { id }))).toHaveProperty('rectification');
    ok(await call('builder', api.spotCheckRectify, { id, rectification: '已凿除保护层不足部位，重新绑扎并验收' }));
    expect(await messagesTo('13800000004', '已报告整改')).toEqual([
      { title: expect.stringContaining('施工单位已报告整改'), channel: 'supervision' },
    ]);
    const detail = ok(await call('supervisor', api.spotCheckDetail, { id }));
    expect(detail).toMatchObject({
      state: 'rectifying',
      rectification: '已凿除保护层不足部位，重新绑扎并验收',
      rectifiedByName: '王强',
      rectifiedAt: expect.any(String),
      actions: ['close'],
    });
  });

  it('is closed by the supervision unit that recorded it, and the construction unit is told', async () => {
    expect((await call('builder', api.spotCheckClose, { id })).status).toBe(403);
    expect((await call('developer', api.spotCheckClose, { id })).status).toBe(403);
    expect((await call('stranger', api.spotCheckClose, { id })).status).toBe(404);
    ok(await call('supervisor', api.spotCheckClose, { id, remark: '复查合格' }));
    const detail = ok(await call('builder', api.spotCheckDetail, { id }));
    expect(detail).toMatchObject({ state: 'closed', closedByName: '赵磊', actions: [] });
    expect(await messagesTo('13800000003', '已闭合')).toHaveLength(1);
    expect((await call('supervisor', api.spotCheckClose, { id })).status).toBe(409);
    expect((await call('builder', api.spotCheckRectify, { id, rectification: '再次整改' })).status).toBe(409);
  });
});

describe('deadlines', () => {
  it('mark a check past its deadline and not closed as overdue', async () => {
    const { id } = ok(
      await call(
        'supervisor',
        api.spotCheckCreate,
        check(school, {
          checkedOn: addDays(shanghaiToday(), -10),
          items: failing,
          rectificationDeadline: addDays(shanghaiToday(), -1),
        }),
      ),
    );
    const list = ok(await call('builder', api.spotCheckList, { projectId: school, state: 'rectifying' }));
    expect(list.list.find((c) => c.id === id)).toMatchObject({ overdue: true, state: 'rectifying' });
  });

  it('refuse a failure without one, one before the check, a check in the future', async () => {
    const none = await callRaw('supervisor', api.spotCheckCreate, { ...check(school), items: failing });
    expect(fieldsOf(none)).toEqual({ rectificationDeadline: '检查不合格须填写整改期限' });
    const before = await call(
      'supervisor',
      api.spotCheckCreate,
      check(school, {
        checkedOn: addDays(shanghaiToday(), 1),
        items: failing,
        rectificationDeadline: shanghaiToday(),
      }),
    );
    expect(fieldsOf(before)).toEqual({
      checkedOn: '检查日期不能晚于今天',
      rectificationDeadline: '整改期限不能早于检查日期',
    });
  });
});

describe('what a spot check may refer to', () => {
  it('refuses a lot of another project, another organisation’s report, no items (400 per field)', async () => {
    const hospitalLot = ok(await call('builder', api.inspectionList, { projectId: hospital })).list[0]?.id;
    const { id: uploadId } = (
      await uploadFile(server, tokens.builder as string, '施工单位的文件.pdf', SMALL_PDF, 'application/pdf')
    ).body.data;
    const res = await call(
      'supervisor',
      api.spotCheckCreate,
      check(school, { inspectionId: hospitalLot ?? 999_999, reportUploadId: uploadId }),
    );
    expect(fieldsOf(res)).toEqual({ inspectionId: '本项目没有该验收记录', reportUploadId: '检查报告文件不存在' });
    const empty = await callRaw('supervisor', api.spotCheckCreate, { ...check(school), items: [], kind: 'x' });
    expect(Object.keys(fieldsOf(empty)).sort()).toEqual(['items', 'kind']);
  });

  it('is recorded by the supervisor only: 403 for the construction unit and a maker, 404 off the project', async () => {
    expect((await call('builder', api.spotCheckCreate, check(school))).status).toBe(403);
    expect((await call('maker', api.spotCheckCreate, check(school))).status).toBe(403);
    // The developer supervises only where the project has no supervision unit.
    expect((await call('developer', api.spotCheckCreate, check(school))).status).toBe(403);
    expect((await call('stranger', api.spotCheckCreate, check(school))).status).toBe(404);
    expect((await call('stranger', api.spotCheckList, { projectId: school })).status).toBe(404);
    expect((await call(null, api.spotCheckCreate, check(school))).status).toBe(401);
  });
});

describe('a check of a platform lot', () => {
  it('is the maker’s sampling record too, and a failure is the maker’s message', async () => {
    const lot = await platformLotHeldForRetest(server, site(), hospital);
    const { id: reportUploadId } = (
      await uploadFile(server, tokens.supervisor as string, '平行检验报告.pdf', SMALL_PDF, 'application/pdf')
    ).body.data;
    const { id } = ok(
      await call(
        'supervisor',
        api.spotCheckCreate,
        check(hospital, {
          kind: 'parallel',
          inspectionId: lot.inspectionId,
          items: [{ name: '抗压强度', result: 'fail', remark: '3.1 MPa，低于 A5.0' }],
          rectificationDeadline: addDays(shanghaiToday(), 3),
          reportUploadId,
        }),
      ),
    );
    const [row] = await server.database.db.select().from(spotChecks).where(eq(spotChecks.id, id));
    expect(row?.samplingId).not.toBeNull();
    const [sampling] = await server.database.db
      .select()
      .from(productSamplings)
      .where(eq(productSamplings.id, row?.samplingId as number));
    expect(sampling).toMatchObject({
      result: 2,
      projectId: hospital,
      projectName: '江宁区人民医院门急诊综合楼',
      samplingOrgId: (await userOf(server, '13800000004')).orgId,
      reportUploadId,
      orgId: (await userOf(server, '13800000001')).orgId,
    });
    const theirs = ok(await call('maker', samplingEndpoints.samplingDetail, { id: sampling?.id as number }));
    expect(theirs).toMatchObject({ projectName: '江宁区人民医院门急诊综合楼', result: 2 });
    expect(await messagesTo('13800000001', '平行检验不合格')).toEqual([
      { title: expect.stringContaining('产品在项目现场平行检验不合格'), channel: 'materials' },
    ]);
    // The report is open to the project's readers.
    const got = await download('builder', api.spotCheckFile, { id });
    expect(got.status).toBe(200);
    expect(got.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download('stranger', api.spotCheckFile, { id })).status).toBe(404);
    expect((await download(null, api.spotCheckFile, { id })).status).toBe(401);
  });

  it('answers 404 for a check without a report file', async () => {
    const { id } = ok(await call('supervisor', api.spotCheckCreate, check(school)));
    expect((await download('builder', api.spotCheckFile, { id })).status).toBe(404);
  });
});

describe('the project’s removal rule', () => {
  it('keeps a supervision unit whose spot checks are on the project, and lets go of one it does not name', async () => {
    const projectId = await siteProject(server, { ...site(), developer: tokens.developer as string }, 'SC-REMOVE-1');
    ok(await call('supervisor', api.spotCheckCreate, check(projectId)));
    const supervision = (await userOf(server, '13800000004')).orgId;
    const refused = await call('developer', projectEndpoints.removeOrg, { projectId, orgId: supervision });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(SITE_RECORDS_NAME_ORG);
    const builder = (await userOf(server, '13800000003')).orgId;
    ok(await call('developer', projectEndpoints.removeOrg, { projectId, orgId: builder }));
  });
});
