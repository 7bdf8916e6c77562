import { constructionEndpoints as api, IMPORT_COLUMNS, IMPORT_ROWS_MAX, OrgType } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, type EndpointResponse, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestResponse, type TestServer } from '../../../test/harness.ts';
import { issueOrderLines, issueOrders, uploads, witnessSamples } from '../../db/schema/index.ts';
import { SMALL_PDF, uploadFile } from '../organization/test-support.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { balanceOf, projectIdOf, userOf } from '../trace/trace.test-support.ts';
import { importRow, importWorkbook, uploadImport } from './construction.xlsx.test-support.ts';

/**
 * The site's Excel files (docs/construction.md, "Import and export"): the import template; the import of
 * off-platform deliveries, checked row by row (nothing written while any row is wrong) and recorded in one
 * transaction; the exports, among them the green-material ledger, opened here with exceljs.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw, download } = callsAs(() => server, tokens);
let school = 0;

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
    committee: '13800000006',
    builderStaff: '13800000010',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  await addOrgWithUser(server, {
    name: '常州另一建设集团',
    type: OrgType.CONSTRUCTION,
    regionCode: '320400',
    mobile: '13900000072',
  });
  tokens.stranger = await server.login('13900000072');
});
afterAll(() => server?.stop());

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}
/** A sheet's rows as plain values (1-based columns dropped to 0-based). */
function valuesOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1));
  });
  return out;
}

async function deliveryCount(): Promise<number> {
  return ok(await call('builder', api.deliveryList, { projectId: school, take: 1 })).total;
}

async function uploadCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(uploads);
  return row?.n ?? 0;
}

/** importPreview as the console sends it (multipart), its answer typed from the endpoint. */
const preview = async (
  bytes: Buffer,
  who: string | null = 'builder',
  projectId: number | string = school,
  name = '到货.xlsx',
): Promise<EndpointResponse<typeof api.importPreview>> => ({
  ...(await uploadImport(server, who === null ? null : (tokens[who] as string), projectId, name, bytes)),
  endpoint: api.importPreview,
});

/** A preview's file-level refusal: 400 on `file`. */
function fileRefusal(res: TestResponse): string {
  expect(res.status, res.raw).toBe(400);
  return fieldsOf(res).file as string;
}

describe('the import template', () => {
  let template: Buffer;

  it('is a real .xlsx: the columns, an example row, the classifications and data validation', async () => {
    const res = await download('builder', api.importTemplate, { projectId: school });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('平台外到货导入模板.xlsx'));
    template = res.body;
    const workbook = await workbookOf(template);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['到货明细', '材料分类代码']);
    const sheet = workbook.getWorksheet('到货明细') as ExcelJS.Worksheet;
    const [header, example] = valuesOf(sheet);
    expect(header).toEqual(IMPORT_COLUMNS.map((c) => c.title));
    expect(example?.[0]).toBe('示例：南京江北建材有限公司');
    expect(sheet.getCell('C2').value).toEqual(new Date(`${shanghaiToday()}T00:00:00Z`));
    expect(sheet.getCell('A1').note).toBeTruthy();
    const reference = valuesOf(workbook.getWorksheet('材料分类代码') as ExcelJS.Worksheet);
    expect(reference[0]).toEqual(['分类代码', '分类名称', '所属大类', '下拉选项']);
    expect(reference).toContainEqual(['0107', '预拌砂浆', '围护结构及混凝土类', '0107 预拌砂浆']);
    expect(sheet.getCell('E3').dataValidation).toMatchObject({ type: 'list' });
    expect(sheet.getCell('N10001').dataValidation).toMatchObject({ type: 'list', formulae: ['"是,否"'] });
    expect(sheet.getCell('M5').dataValidation).toMatchObject({ type: 'decimal', operator: 'greaterThan' });
  });

  it('filled in Excel’s way (dates as dates, the code from the list) imports; its example row left in is refused', async () => {
    const workbook = await workbookOf(template);
    const sheet = workbook.getWorksheet('到货明细') as ExcelJS.Worksheet;
    const row = (n: number, batch: string) => {
      const values = importRow({
        batchNo: batch,
        arrivedOn: new Date(Date.UTC(2026, 10, 20)),
        classifyCode: '0107 预拌砂浆',
      });
      sheet.getRow(n).values = IMPORT_COLUMNS.map((c) => values[c.key] ?? null);
    };
    row(3, 'TPL-1');
    row(4, 'TPL-2');
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = ok(await preview(filled));
    expect(res).toMatchObject({ rows: 3, okRows: 2, errorCount: 1 });
    expect(res.errors).toEqual([{ row: 2, column: null, message: '这是导入模板中的示例行，请删除后再导入' }]);
    sheet.spliceRows(2, 1);
    const clean = ok(await preview(Buffer.from(await workbook.xlsx.writeBuffer())));
    expect(clean).toMatchObject({ rows: 2, okRows: 2, errorCount: 0, deliveries: 1 });
    expect(clean.sample[0]).toMatchObject({ arrivedOn: '2026-11-20', batchNo: 'TPL-1', quantity: 12.5 });
  });

  it('is the construction unit’s on the project: 403 another kind, 404 a stranger, 401 signed out, 400 a bad id', async () => {
    expect((await download('supervisor', api.importTemplate, { projectId: school })).status).toBe(403);
    expect((await download('stranger', api.importTemplate, { projectId: school })).status).toBe(404);
    expect((await download(null, api.importTemplate, { projectId: school })).status).toBe(401);
    const bad = await callRaw('builder', api.importTemplate, { projectId: 'x' });
    expect(Object.keys(fieldsOf(bad))).toEqual(['projectId']);
  });
});

describe('importing off-platform deliveries', () => {
  const good = () =>
    importWorkbook([
      importRow({
        batchNo: 'IMP-A1',
        isGreen: '是',
        greenCertNo: 'GB-2026-118',
        greenCertBody: '中国建材检验认证集团',
      }),
      importRow({
        batchNo: 'IMP-A2',
        classifyCode: '0212',
        materialName: '花岗岩',
        specName: '600×600',
        unitName: '平方米',
        quantity: 80,
      }),
      importRow({ batchNo: 'IMP-B1', deliveryNoteNo: 'SN-002', quantity: '3.5' }),
    ]);

  it('previews row by row and writes nothing; the commit records a delivery per note, every lot quarantined', async () => {
    const before = await deliveryCount();
    const checked = ok(await preview(await good()));
    expect(checked).toMatchObject({ rows: 3, okRows: 3, deliveries: 2, errorCount: 0, errors: [] });
    expect(checked.sample.map((s) => [s.row, s.batchNo, s.quantity])).toEqual([
      [2, 'IMP-A1', 12.5],
      [3, 'IMP-A2', 80],
      [4, 'IMP-B1', 3.5],
    ]);
    expect(await deliveryCount()).toBe(before);

    const done = ok(await call('builder', api.importCommit, { projectId: school, uploadId: checked.uploadId }));
    expect(done).toEqual({ deliveries: 2, lines: 3 });
    expect(await deliveryCount()).toBe(before + 2);
    const lots = ok(await call('builder', api.inspectionList, { projectId: school, keyword: 'IMP-A1' })).list;
    expect(lots).toHaveLength(1);
    const detail = ok(await call('builder', api.deliveryDetail, { id: lots[0]?.deliveryId as number }));
    expect(detail).toMatchObject({ kind: 'external', deliveryNoteNo: 'SN-001', arrivedOn: '2026-11-20' });
    expect(detail.inspections.map((i) => [i.batchNo, i.state, i.quantity, i.isGreen, i.retestRequired])).toEqual([
      ['IMP-A1', 'pending', 12.5, true, true],
      ['IMP-A2', 'pending', 80, false, false],
    ]);
    for (const i of detail.inspections) {
      expect(await balanceOf(server, `project:${school}`, i.lotId, 'quarantined')).toBe(i.quantity);
    }
    const again = await call('builder', api.importCommit, { projectId: school, uploadId: checked.uploadId });
    expect(again.status).toBe(409);
    expect(await deliveryCount()).toBe(before + 2);
  });

  it('answers malformed rows with their row and column, and a commit of them writes nothing', async () => {
    const bytes = await importWorkbook([
      importRow({ batchNo: 'BAD-1' }),
      importRow({ batchNo: 'BAD-2', quantity: '十二' }),
      importRow({ batchNo: 'BAD-3', quantity: 0, unitName: null }),
      importRow({ batchNo: 'BAD-4', classifyCode: '0199', arrivedOn: '2099-01-01' }),
      importRow({ batchNo: '', productionDate: '2026-13-01' }),
    ]);
    const checked = ok(await preview(bytes));
    expect(checked).toMatchObject({ rows: 5, okRows: 1, errorCount: 7, deliveries: 0 });
    expect(checked.errors).toEqual([
      { row: 3, column: '数量', message: '到货数量必须是数字' },
      { row: 4, column: '单位', message: '请输入单位' },
      { row: 4, column: '数量', message: '到货数量必须大于 0' },
      { row: 5, column: '到货日期', message: '到货日期不能晚于今天' },
      { row: 5, column: '材料分类代码', message: '请填写正确的材料分类' },
      { row: 6, column: '批号', message: '请输入批号' },
      { row: 6, column: '生产日期', message: '不是有效日期' },
    ]);
    const before = await deliveryCount();
    const res = await call('builder', api.importCommit, { projectId: school, uploadId: checked.uploadId });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('导入文件有 7 处错误，未导入任何数据');
    expect(fieldsOf(res)).toMatchObject({ 'rows.3.数量': '第 3 行「数量」：到货数量必须是数字' });
    expect(await deliveryCount()).toBe(before);
  });

  it('names the columns of a header that does not match', async () => {
    const header: string[] = IMPORT_COLUMNS.map((c) => c.title).filter((t) => t !== '批号');
    header.push('备注');
    const checked = ok(await preview(await importWorkbook([importRow()], { header })));
    expect(checked).toMatchObject({ rows: 1, okRows: 0, errorCount: 1 });
    expect(checked.errors).toEqual([
      {
        row: 1,
        column: null,
        message: '表头与导入模板不符（缺少列：批号；无法识别的列：备注），请使用导入模板的列名',
      },
    ]);
  });

  it('refuses a file that is not a workbook, a sheet without rows, and one row too many, storing nothing', async () => {
    const stored = await uploadCount();
    expect(fileRefusal(await preview(SMALL_PDF, 'builder', school, '到货.pdf'))).toBe(
      '请上传 Excel 工作簿（.xlsx），可先下载导入模板填写',
    );
    expect(fileRefusal(await preview(Buffer.from('供应商名称,数量\n江北,1\n'), 'builder', school, '到货.xlsx'))).toBe(
      '请上传 Excel 工作簿（.xlsx），可先下载导入模板填写',
    );
    expect(fileRefusal(await preview(await importWorkbook([])))).toBe('表格中没有数据：请在表头下逐行填写到货明细');
    const tooMany = await importWorkbook(
      Array.from({ length: IMPORT_ROWS_MAX + 1 }, (_, i) =>
        importRow({ batchNo: `MAX-${i}`, deliveryNoteNo: `N${i % 500}` }),
      ),
    );
    expect(fileRefusal(await preview(tooMany))).toBe('每次最多导入 10000 行，请分成几个文件导入');
    expect(await uploadCount()).toBe(stored);
  }, 60_000);

  it('takes 10 000 rows in one commit', async () => {
    const rows = Array.from({ length: IMPORT_ROWS_MAX }, (_, i) =>
      importRow({ batchNo: `TEN-${i}`, deliveryNoteNo: `TN-${Math.floor(i / 10)}`, quantity: 1 + (i % 7) }),
    );
    const checked = ok(await preview(await importWorkbook(rows)));
    expect(checked).toMatchObject({ rows: 10_000, okRows: 10_000, errorCount: 0, deliveries: 1000 });
    expect(checked.sample).toHaveLength(50);
    const before = await deliveryCount();
    expect(ok(await call('builder', api.importCommit, { projectId: school, uploadId: checked.uploadId }))).toEqual({
      deliveries: 1000,
      lines: 10_000,
    });
    expect(await deliveryCount()).toBe(before + 1000);
    const [last] = ok(await call('builder', api.inspectionList, { projectId: school, keyword: 'TEN-9999' })).list;
    expect(last).toMatchObject({ batchNo: 'TEN-9999', quantity: 1 + (9999 % 7), state: 'pending' });
    expect(await balanceOf(server, `project:${school}`, last?.lotId as number, 'quarantined')).toBe(1 + (9999 % 7));
  }, 180_000);

  it('is the construction unit’s on the project, with an upload of its own organisation', async () => {
    const bytes = await importWorkbook([importRow({ batchNo: 'WHO-1' })]);
    expect((await preview(bytes, 'supervisor')).status).toBe(403);
    expect((await preview(bytes, 'stranger')).status).toBe(404);
    expect((await preview(bytes, null)).status).toBe(401);
    const badProject = await preview(bytes, 'builder', 'x');
    expect(Object.keys(fieldsOf(badProject))).toEqual(['projectId']);
    // The stranger's own upload is not the builder's to import.
    const theirs = await uploadFile(server, tokens.stranger as string, '到货.xlsx', bytes, 'application/vnd.ms-excel');
    const commit = await call('builder', api.importCommit, { projectId: school, uploadId: theirs.body.data.id });
    expect(commit.status).toBe(404);
    expect(commit.body.msg).toBe('导入文件不存在');
    const mine = ok(await preview(bytes, 'builderStaff'));
    expect((await call('supervisor', api.importCommit, { projectId: school, uploadId: mine.uploadId })).status).toBe(
      403,
    );
    expect((await call('stranger', api.importCommit, { projectId: school, uploadId: mine.uploadId })).status).toBe(404);
    expect((await call(null, api.importCommit, { projectId: school, uploadId: mine.uploadId })).status).toBe(401);
    const bad = await callRaw('builder', api.importCommit, { projectId: school, uploadId: 'x' });
    expect(Object.keys(fieldsOf(bad))).toEqual(['uploadId']);
    // A file of the organisation that is not a workbook.
    const pdf = await uploadFile(server, tokens.builder as string, '送货单.pdf', SMALL_PDF, 'application/pdf');
    const notXlsx = await call('builder', api.importCommit, { projectId: school, uploadId: pdf.body.data.id });
    expect(fieldsOf(notXlsx)).toEqual({ uploadId: '该文件不是可导入的 Excel 工作簿' });
    // Another member of the same unit commits what a colleague previewed.
    expect(ok(await call('builder', api.importCommit, { projectId: school, uploadId: mine.uploadId }))).toEqual({
      deliveries: 1,
      lines: 1,
    });
  });
});

describe('exports', () => {
  const sheetOf = async (who: string, kind: 'stock' | 'deliveries' | 'issues' | 'green_ledger') => {
    const res = await download(who, api.exportXlsx, { projectId: school, kind });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = await workbookOf(res.body);
    return {
      sheet: workbook.worksheets[0] as ExcelJS.Worksheet,
      disposition: String(res.headers['content-disposition']),
    };
  };

  it('the stock list, with each lot’s balances and why it cannot be issued', async () => {
    const { sheet, disposition } = await sheetOf('builder', 'stock');
    expect(disposition).toContain(encodeURIComponent('南京市鼓楼区天妃宫小学新建工程-项目库存-'));
    const rows = valuesOf(sheet);
    expect(rows[0]?.slice(0, 8)).toEqual([
      '材料名称',
      '规格型号',
      '批号',
      '单位',
      '生产厂家',
      '绿色建材',
      '待验',
      '可用',
    ]);
    const lot = rows.find((r) => r[2] === 'IMP-A1');
    expect(lot).toEqual([
      '预拌砂浆',
      'DM M10',
      'IMP-A1',
      '吨',
      '南京江北砂浆有限公司',
      '是',
      12.5,
      0,
      0,
      0,
      '待验收',
      '待进场验收',
    ]);
  });

  it('every delivered lot with its delivery, for the developer', async () => {
    const rows = valuesOf((await sheetOf('developer', 'deliveries')).sheet);
    expect(rows[0]?.[0]).toBe('到货单号');
    const lot = rows.find((r) => r[13] === 'IMP-B1');
    expect(lot?.slice(1, 6)).toEqual([
      '平台外供应商',
      '南京江北砂浆有限公司',
      expect.any(String),
      '2026-11-20',
      'SN-002',
    ]);
    expect(lot?.[14]).toBe(3.5);
    expect(lot?.[18]).toBe('待验收');
    // The platform's deliveries are there too (the demo's blocks and windows).
    expect(rows.some((r) => r[1] === '平台发货')).toBe(true);
  });

  it('issue orders and their returns by line, for the supervisor', async () => {
    const empty = valuesOf((await sheetOf('supervisor', 'issues')).sheet);
    expect(empty).toEqual([
      [
        '单号',
        '类型',
        '日期',
        '领用班组或分包单位',
        '楼栋',
        '楼层',
        '部位',
        '领用人',
        '经办人',
        '材料名称',
        '规格型号',
        '批号',
        '数量',
        '单位',
        '已退库',
        '退库所属出库单',
        '备注',
      ],
    ]);
    // An issue of an imported lot and its partial return, written as the issue part records them.
    const [lot] = ok(await call('builder', api.inspectionList, { projectId: school, keyword: 'IMP-A1' })).list;
    const builder = await userOf(server, '13800000003');
    const db = server.database.db;
    const order = {
      projectId: school,
      orgId: builder.orgId,
      team: '砌筑班组',
      receivedBy: '李四',
      issuedBy: builder.userId,
    };
    const [issue] = await db
      .insert(issueOrders)
      .values({ ...order, number: 'LY202611280001', kind: 'issue', issuedOn: '2026-11-21', building: '1#教学楼' })
      .returning();
    const [line] = await db
      .insert(issueOrderLines)
      .values({
        orderId: issue?.id as number,
        lineNo: 1,
        lotId: lot?.lotId as number,
        inspectionId: lot?.id as number,
        quantity: '5',
        returned: '1',
      })
      .returning();
    const [back] = await db
      .insert(issueOrders)
      .values({
        ...order,
        number: 'LY202611280002',
        kind: 'return',
        returnOfId: issue?.id,
        issuedOn: '2026-11-22',
        remarks: '多领',
      })
      .returning();
    await db.insert(issueOrderLines).values({
      orderId: back?.id as number,
      lineNo: 1,
      lotId: lot?.lotId as number,
      inspectionId: lot?.id as number,
      quantity: '1',
      returnOfLineId: line?.id,
    });
    const rows = valuesOf((await sheetOf('supervisor', 'issues')).sheet).slice(1);
    expect(
      rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[7], r[9], r[11], r[12], r[13], r[14], r[15], r[16]]),
    ).toEqual([
      [
        'LY202611280001',
        '出库领用',
        '2026-11-21',
        '砌筑班组',
        '1#教学楼',
        '李四',
        '预拌砂浆',
        'IMP-A1',
        5,
        '吨',
        1,
        undefined,
        undefined,
      ],
      [
        'LY202611280002',
        '退库',
        '2026-11-22',
        '砌筑班组',
        undefined,
        '李四',
        '预拌砂浆',
        'IMP-A1',
        1,
        '吨',
        undefined,
        'LY202611280001',
        '多领',
      ],
    ]);
    expect(typeof rows[0]?.[8]).toBe('string');
  });

  it('the green-material ledger, for the city’s committee: evidence, inspection, sample and the link to its proof', async () => {
    const { sheet, disposition } = await sheetOf('committee', 'green_ledger');
    expect(disposition).toContain(encodeURIComponent('绿色建材进场专项台账'));
    const rows = valuesOf(sheet);
    expect(rows[0]?.[0]).toBe('绿色建材进场专项台账');
    expect(String(rows[1]?.[0])).toContain('项目：南京市鼓楼区天妃宫小学新建工程');
    const header = rows[2] as string[];
    expect(header.slice(-3)).toEqual(['见证取样结果', '检测报告编号', '链上证明']);
    const external = rows.find((r) => r[7] === 'IMP-A1');
    expect(external?.[10]).toBe('GB-2026-118（中国建材检验认证集团）');
    expect(external?.[11]).toBe('待验收');
    expect(external?.[16]).toBe('应取样，未取样');
    expect(external?.at(-1)).toBe('平台外材料，无链上证明');
    // Not green: not in the ledger.
    expect(rows.some((r) => r[7] === 'IMP-A2')).toBe(false);
    // The demo's platform deliveries to the school: green lots with trace codes link their public trace page.
    const platform = rows.slice(3).filter((r) => r.at(-1) !== '平台外材料，无链上证明');
    expect(platform.length).toBeGreaterThan(0);
    for (const r of platform) {
      expect(String(r[10])).toMatch(/（进场日有效）$|^进场日（.+）无有效的绿色建材证明$/);
      const link = r.at(-1) as { text: string; hyperlink: string } | string;
      if (typeof link === 'string') expect(link).toBe('平台材料，无可公开验证的链接');
      else
        expect(link.hyperlink).toMatch(
          new RegExp(`^${server.config.publicBaseUrl}/(mobile/detail\\?code=|free/certificate\\?no=)`),
        );
    }
    expect(platform.some((r) => typeof r.at(-1) === 'object')).toBe(true);

    // A witnessed sample of the lot, reported: the ledger shows its result and report number.
    const [lot] = ok(await call('builder', api.inspectionList, { projectId: school, keyword: 'IMP-A1' })).list;
    const witness = await userOf(server, '13800000004');
    await server.database.db.insert(witnessSamples).values({
      sampleNo: 'JZ-XLSX-TEST-1',
      projectId: school,
      orgId: witness.orgId,
      inspectionId: lot?.id as number,
      lotId: lot?.lotId as number,
      representedQuantity: '12.5',
      location: '1#教学楼 3F',
      sampledOn: '2026-11-21',
      samplerName: '张三',
      witnessUserId: witness.userId,
      labName: '南京市建设工程质量检测中心',
      testItems: ['抗压强度'],
      state: 'reported',
      result: 'pass',
      reportNo: 'NJJC-2026-0099',
      reportDate: '2026-11-25',
    });
    const again = valuesOf((await sheetOf('developer', 'green_ledger')).sheet).find((r) => r[7] === 'IMP-A1');
    expect(again?.slice(16, 18)).toEqual(['合格', 'NJJC-2026-0099']);
  });

  it('is for those who may read the site: 404 anyone else, 401 signed out, 400 a kind it does not know', async () => {
    expect((await download('maker', api.exportXlsx, { projectId: school, kind: 'stock' })).status).toBe(404);
    expect((await download('stranger', api.exportXlsx, { projectId: school, kind: 'green_ledger' })).status).toBe(404);
    expect((await download(null, api.exportXlsx, { projectId: school, kind: 'stock' })).status).toBe(401);
    const bad = await callRaw('builder', api.exportXlsx, { projectId: school, kind: 'everything' });
    expect(fieldsOf(bad)).toEqual({ kind: '请选择导出内容' });
  });
});
