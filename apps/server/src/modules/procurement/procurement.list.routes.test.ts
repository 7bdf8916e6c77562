import { materialListEndpoints as api, type EndpointInput, OrgType } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { materialListLines, messages } from '../../db/schema/index.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { specOf, userOf } from '../trace/trace.test-support.ts';
import {
  chooseSpec,
  classNamed,
  clearDemoProcurement,
  HOSPITAL,
  inquiryNaming,
  listWorkbook,
  projectNamed,
  SCHOOL,
  SPORTS,
  uploadList,
} from './procurement.list.test-support.ts';

/**
 * Material lists (docs/procurement.md, "Material lists"): the developer and the joined construction unit build a
 * project's list; each line's kind under the project's edition and green as planned; confirm locks quantities,
 * reopen with a reason makes the next version; a line an inquiry names cannot be removed; import and copy.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
let sports = 0;
let school = 0;
let hospital = 0;
let developerOrg = 0;
let makerOrg = 0;
let concrete = '';
let insulation = '';
let curtainWall = '';
let stone = '';
let rockWool = { productId: 0, specId: 0 };
const inMonth = addDays(shanghaiToday(), 30);

type Line = EndpointInput<typeof api.materialListSave>['lines'][number];
const line = (over: Partial<Line> = {}): Line => ({
  classifyCode: concrete,
  commonName: '预拌混凝土',
  spec: 'C30',
  unitId: 32,
  quantity: '120.5',
  requiredBy: inMonth,
  useLocation: '1#楼基础',
  budgetUnitPriceFen: 52_000,
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    developer: '13800000005',
    builder: '13800000003',
    supervisor: '13800000004',
    maker: '13800000001',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  await addOrgWithUser(server, {
    name: '苏州另一置业有限公司',
    type: OrgType.DEVELOPER,
    regionCode: '320505',
    mobile: '13900002601',
  });
  tokens.otherDeveloper = await server.login('13900002601');
  developerOrg = (await userOf(server, '13800000005')).orgId;
  makerOrg = (await userOf(server, '13800000001')).orgId;
  await clearDemoProcurement(server);
  sports = (await projectNamed(server, SPORTS)).id;
  school = (await projectNamed(server, SCHOOL)).id;
  hospital = (await projectNamed(server, HOSPITAL)).id;
  concrete = await classNamed(server, '预拌混凝土');
  insulation = await classNamed(server, '保温系统材料');
  curtainWall = await classNamed(server, '建筑幕墙');
  stone = await classNamed(server, '石材');
  rockWool = await specOf(server, '岩棉保温板', 'TR10 50 厚');
});

afterAll(async () => {
  await server?.close();
});

describe('a project’s list', () => {
  it('is an empty draft before the first save, under the project’s edition', async () => {
    const data = ok(await call('developer', api.materialList, { projectId: sports }));
    expect(data).toMatchObject({ listId: null, status: 'draft', version: 1, editionCode: '2025', lines: [] });
    expect(data.rule).toMatchObject({ mandatoryGreenPct: 100, optionalCoverageMinPct: 40 });
    expect(data.placement.length).toBeGreaterThan(0);
  });

  it('saves lines with their kind, green as planned and the compliance', async () => {
    const saved = ok(
      await call('developer', api.materialListSave, {
        projectId: sports,
        lines: [
          line(),
          line({ classifyCode: insulation, commonName: '岩棉板', unitId: 31, quantity: 800 }),
          line({ classifyCode: curtainWall, commonName: '玻璃幕墙', unitId: 31, quantity: 300 }),
          line({ classifyCode: stone, commonName: '花岗岩', unitId: 31, quantity: 50, budgetUnitPriceFen: 0 }),
        ],
      }),
    );
    expect(saved.listId).not.toBeNull();
    expect(saved.lines.map((l) => [l.lineNo, l.kind, l.green])).toEqual([
      [1, 'mandatory', false],
      [2, 'mandatory', false],
      [3, 'optional', false],
      [4, 'optional', false],
    ]);
    expect(saved.lines[0]).toMatchObject({
      quantity: '120.5',
      unitName: '立方米',
      amountFen: 6_266_000,
      source: 'manual',
    });
    expect(saved.compliance.mandatory).toMatchObject({ lines: 2, greenLines: 0, met: false });
    expect(saved.compliance.optional).toMatchObject({ kindsUsed: 2, greenKinds: 0, coverageBp: 0, met: false });
    expect(saved.compliance.optional.failingCategoryCodes).toEqual([curtainWall, stone].sort());

    // The sourcing part chooses a certified product for the insulation: green on its required-by date.
    const insulationLine = saved.lines[1] as { id: number };
    await chooseSpec(server, insulationLine.id, rockWool.specId, makerOrg);
    const again = ok(await call('builder', api.materialList, { projectId: school }));
    expect(again.projectName).toBe(SCHOOL);
    const after = ok(await call('developer', api.materialList, { projectId: sports }));
    const chosen = after.lines.find((l) => l.id === insulationLine.id);
    expect(chosen?.green).toBe(true);
    expect(chosen?.chosen?.productName).toContain('岩棉');
    expect(chosen?.evidence?.kind).toBe('certificate');
    expect(after.compliance.mandatory).toMatchObject({ lines: 2, greenLines: 1, failingLineIds: [after.lines[0]?.id] });
  });

  it('changes and removes lines in one save; a removed line is kept with its removal time', async () => {
    const before = ok(await call('developer', api.materialList, { projectId: sports }));
    const [first, , , last] = before.lines;
    const res = ok(
      await call('developer', api.materialListSave, {
        projectId: sports,
        lines: [{ ...line(), id: first?.id, quantity: 130, remarks: '分两批' }],
        removedLineIds: [last?.id as number],
      }),
    );
    expect(res.lines).toHaveLength(3);
    expect(res.lines[0]).toMatchObject({ quantity: '130', remarks: '分两批' });
    const [row] = await server.database.db
      .select()
      .from(materialListLines)
      .where(eq(materialListLines.id, last?.id as number));
    expect(row?.removedAt).not.toBeNull();
  });

  it('refuses bad lines field by field', async () => {
    const res = await callRaw('developer', api.materialListSave, {
      projectId: sports,
      lines: [
        line({ quantity: 0 }),
        line({ quantity: -3 }),
        { ...line(), unitId: 99 },
        line({ requiredBy: '2026-02-30' }),
        line({ budgetUnitPriceFen: -1 }),
        line({ requiredBy: 'tomorrow' }),
      ],
    });
    const fields = fieldsOf(res);
    expect(fields['lines.0.quantity']).toBe('数量必须大于 0');
    expect(fields['lines.1.quantity']).toBe('数量必须大于 0');
    expect(fields['lines.2.unitId']).toContain('37');
    expect(fields['lines.3.requiredBy']).toBe('需用日期不是有效日期');
    expect(fields['lines.4.budgetUnitPriceFen']).toBe('预算单价不能为负');
    expect(fields['lines.5.requiredBy']).toMatch(/^需用日期/);
    const unknown = await call('developer', api.materialListSave, {
      projectId: sports,
      lines: [line(), line({ classifyCode: '9999' })],
    });
    expect(fieldsOf(unknown)).toEqual({ 'lines.1.classifyCode': '材料分类不存在' });
    const category = await call('developer', api.materialListSave, {
      projectId: sports,
      lines: [line({ classifyCode: '01' })],
    });
    expect(fieldsOf(category)).toEqual({ 'lines.0.classifyCode': '请选择材料分类（具体到产品类别）' });
    const many = await call('developer', api.materialListSave, {
      projectId: sports,
      lines: Array.from({ length: 501 }, () => line()),
    });
    expect(fieldsOf(many).lines).toContain('500');
    const stranger = await call('developer', api.materialListSave, {
      projectId: hospital,
      lines: [{ ...line(), id: 999_999 }],
    });
    expect(fieldsOf(stranger)).toEqual({ 'lines.0.id': '清单行不存在' });
  });

  it('answers the developer and joined construction units only', async () => {
    expect((await call('supervisor', api.materialList, { projectId: school })).status).toBe(403);
    expect((await call('maker', api.materialList, { projectId: school })).status).toBe(403);
    expect((await call('builder', api.materialList, { projectId: sports })).status).toBe(404);
    expect((await call('otherDeveloper', api.materialList, { projectId: sports })).status).toBe(404);
    expect((await call('otherDeveloper', api.materialListSave, { projectId: sports, lines: [line()] })).status).toBe(
      404,
    );
    expect((await call(null, api.materialList, { projectId: sports })).status).toBe(401);
    expect((await call('builder', api.materialListConfirm, { projectId: sports })).status).toBe(404);
    expect(
      (await call('otherDeveloper', api.materialListCopy, { projectId: sports, fromProjectId: school })).status,
    ).toBe(404);
    // The builder's copy of a project it has not joined: 404 for the source project too.
    expect((await call('builder', api.materialListCopy, { projectId: school, fromProjectId: sports })).status).toBe(
      404,
    );
  });
});

describe('versions', () => {
  it('confirm locks quantities; edits that move them are 409; reopen needs a reason; history kept', async () => {
    const empty = await call('developer', api.materialListConfirm, { projectId: hospital });
    expect(empty.status).toBe(409);

    const confirmed = ok(await call('developer', api.materialListConfirm, { projectId: sports }));
    expect(confirmed).toMatchObject({ status: 'confirmed', version: 1, actions: { confirm: false, reopen: true } });
    expect(confirmed.versions).toHaveLength(1);
    expect(confirmed.versions[0]).toMatchObject({ version: 1, lineCount: 3, reopenReason: null });
    const [first] = confirmed.lines;
    const asIs = { ...line(), id: first?.id, quantity: first?.quantity as string, remarks: '分两批' };

    const again = await call('developer', api.materialListConfirm, { projectId: sports });
    expect(again.status).toBe(409);
    const moreQty = await call('developer', api.materialListSave, {
      projectId: sports,
      lines: [{ ...asIs, quantity: 140 }],
    });
    expect(moreQty.status).toBe(409);
    expect(moreQty.body.msg).toContain('第 1 行');
    const added = await call('builder', api.materialListSave, { projectId: sports, lines: [line()] });
    expect(added.status).toBe(404);
    const addedByDeveloper = await call('developer', api.materialListSave, { projectId: sports, lines: [line()] });
    expect(addedByDeveloper.status).toBe(409);
    const removed = await call('developer', api.materialListSave, {
      projectId: sports,
      lines: [],
      removedLineIds: [first?.id as number],
    });
    expect(removed.status).toBe(409);
    // A remark or a place may change while confirmed.
    const remark = ok(
      await call('developer', api.materialListSave, {
        projectId: sports,
        lines: [{ ...asIs, remarks: '首批 11 月进场', useLocation: '1#楼基础及地下室' }],
      }),
    );
    expect(remark.lines[0]).toMatchObject({ remarks: '首批 11 月进场', quantity: '130' });

    const noReason = await callRaw('developer', api.materialListReopen, { projectId: sports, reason: ' ' });
    expect(fieldsOf(noReason).reason).toBe('请输入重新编制的原因');
    const reopened = ok(
      await call('developer', api.materialListReopen, { projectId: sports, reason: '设计变更：增加地下室' }),
    );
    expect(reopened).toMatchObject({ status: 'draft', version: 2, reopenReason: '设计变更：增加地下室' });
    expect(reopened.versions[0]).toMatchObject({ version: 1, reopenReason: '设计变更：增加地下室' });
    expect(reopened.versions[0]?.reopenedAt).not.toBeNull();
    const reopenAgain = await call('developer', api.materialListReopen, { projectId: sports, reason: '再来' });
    expect(reopenAgain.status).toBe(409);

    const more = ok(
      await call('developer', api.materialListSave, { projectId: sports, lines: [{ ...asIs, quantity: 140 }] }),
    );
    expect(more.lines[0]?.quantity).toBe('140');
    const v1 = ok(await call('developer', api.materialListVersion, { projectId: sports, version: 1 }));
    expect(v1.lines).toHaveLength(3);
    expect(v1.lines[0]).toMatchObject({ quantity: '130', remarks: '分两批' });
    expect((await call('developer', api.materialListVersion, { projectId: sports, version: 7 })).status).toBe(404);
  });

  it('tells the other buyers of a confirmation, with a link to the list', async () => {
    ok(await call('developer', api.materialListSave, { projectId: school, lines: [line()] }));
    ok(await call('developer', api.materialListConfirm, { projectId: school }));
    const builderOrg = (await userOf(server, '13800000003')).orgId;
    const rows = await server.database.db.select().from(messages).where(eq(messages.companyId, builderOrg));
    const told = rows.find((m) => m.title.includes('材料清单第 1 版已确认'));
    expect(told?.targetUrl).toBe(`/buildMaterialProcurement/materialsList?projectId=${school}`);
    ok(await call('builder', api.materialListReopen, { projectId: school, reason: '工程量复核' }));
  });

  it('keeps a line an inquiry names (409 naming why)', async () => {
    const data = ok(await call('developer', api.materialList, { projectId: sports }));
    const target = data.lines[2] as { id: number };
    await inquiryNaming(server, { projectId: sports, buyerOrgId: developerOrg, lineId: target.id });
    const res = await call('developer', api.materialListSave, {
      projectId: sports,
      lines: [],
      removedLineIds: [target.id],
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('1 个询价');
    const view = ok(await call('developer', api.materialList, { projectId: sports }));
    expect(view.lines.find((l) => l.id === target.id)?.inquiryCount).toBe(1);
  });
});

describe('import and copy', () => {
  it('previews an .xlsx row by row and commits only the valid rows', async () => {
    const bytes = await listWorkbook([
      {
        classifyCode: concrete,
        commonName: '预拌混凝土',
        spec: 'C35',
        unitName: '立方米',
        quantity: 60,
        requiredBy: inMonth,
        budgetUnitPrice: '530.5',
      },
      { classifyCode: stone, commonName: '花岗岩', unitName: '斤', quantity: 0, requiredBy: '2026-13-01' },
      { classifyCode: '9999', commonName: '不明材料', unitName: '吨', quantity: 5, requiredBy: inMonth },
      {
        classifyCode: curtainWall,
        commonName: '铝板幕墙',
        unitName: '平方米',
        quantity: 12.5,
        requiredBy: new Date(`${inMonth}T00:00:00Z`),
        budgetUnitPrice: -3,
      },
    ]);
    const res = await uploadList(server, tokens.developer as string, hospital, bytes);
    const preview = ok(res) as { rows: { row: number; line: unknown; errors: { field: string }[]; kind: string }[] };
    expect(preview.rows.map((r) => [r.row, r.errors.map((e) => e.field).sort()])).toEqual([
      [2, []],
      [3, ['quantity', 'requiredBy', 'unitName']],
      [4, ['classifyCode']],
      [5, ['budgetUnitPrice']],
    ]);
    expect(preview.rows[0]?.line).toMatchObject({ unitId: 32, budgetUnitPriceFen: 53_050 });
    expect(preview.rows[0]?.kind).toBe('mandatory');
    const good = preview.rows.flatMap((r) => (r.line ? [r.line] : [])) as EndpointInput<
      typeof api.materialListImportCommit
    >['lines'];
    const committed = ok(await call('developer', api.materialListImportCommit, { projectId: hospital, lines: good }));
    expect(committed.lines.map((l) => [l.commonName, l.source])).toEqual([['预拌混凝土', 'import']]);

    const notXlsx = await uploadList(server, tokens.developer as string, hospital, Buffer.from('hello'));
    expect(Object.keys(fieldsOf(notXlsx))).toEqual(['file']);
    expect((await uploadList(server, tokens.supervisor as string, hospital, bytes)).status).toBe(403);
    expect((await uploadList(server, tokens.otherDeveloper as string, hospital, bytes)).status).toBe(404);
    expect((await uploadList(server, null, hospital, bytes)).status).toBe(401);
  });

  it('copies another project’s lines the caller buys for', async () => {
    const sources = ok(await call('developer', api.materialListCopySources, { projectId: hospital }));
    expect(sources.map((s) => s.projectName)).toEqual(expect.arrayContaining([SPORTS, SCHOOL]));
    const sameProject = await call('developer', api.materialListCopy, { projectId: hospital, fromProjectId: hospital });
    expect(Object.keys(fieldsOf(sameProject))).toEqual(['fromProjectId']);
    const copied = ok(await call('developer', api.materialListCopy, { projectId: hospital, fromProjectId: sports }));
    expect(copied.lines.filter((l) => l.source === 'copy')).toHaveLength(3);
    expect(copied.lines.every((l) => l.chosen === null)).toBe(true);
    expect(copied.lines.map((l) => l.lineNo)).toEqual([1, 2, 3, 4]);
  });
});
