import {
  governmentStatisticsEndpoints as api,
  catalogueEndpoints,
  OrgType,
  ResponseCode,
  Role,
  STATISTICS_DEFINITION_VERSION,
} from '@jcbb/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { callEndpoint } from '../../../test/endpoint-call.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { projects, standardCategories } from '../../db/schema/index.ts';
import { addOrgWithUser } from '../project/test-support.ts';
import { projectIdOf, userOf } from '../trace/trace.test-support.ts';
import { rebuildFilingFacts } from './government.statistics.facts.ts';
import { pdfText } from './government.statistics.pdf-text.ts';
import { addFiling, type FixtureLine, supersede } from './government.statistics.test-support.ts';

/**
 * The statistics through the API on a hand-built quarter (2026-Q3) of 南京's four demo projects (docs/government.md,
 * "Statistics"): 天妃宫 (A) submitted on time, mandatory all green, optional 2 of 5 green (exactly 40 %), paid exactly
 * 80 %; 江宁 (B) resubmitted late, a mandatory line not green, optional 1 of 3, paid under 80 %; 浦口 (C) returned
 * (not counted, so overdue); 建邺 (D) confirmed and corrected (the superseded version not counted), a mandatory line
 * not green; A's 2026-Q2 for the trend; and 杭州's project of another developer, which 南京 never sees.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw, download } = callsAs(() => server, tokens);
const P = { A: 0, B: 0, C: 0, D: 0, hz: 0 };
let maker = 0;
let dealer = 0;
let m1 = '';
const Q = '2026-Q3';

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  // This file tells its own quarter: its copy of the demo database starts without the demo's filings and alerts.
  await db.execute(sql`truncate procurement_filings, risk_alerts cascade`);
  await rebuildFilingFacts(db);
  tokens.committee = await server.login('13800000006');
  tokens.operator = await server.login('13800000000');
  tokens.developer = await server.login('13800000005');
  tokens.builder = await server.login('13800000003');
  tokens.supervision = await server.login('13800000004');
  tokens.manufacturer = await server.login('13800000001');
  const hzGov = await addOrgWithUser(server, {
    name: '杭州市住房和城乡建设局',
    type: OrgType.GOVERNMENT,
    regionCode: '330100',
    mobile: '13900000061',
    role: Role.CITY_COMMITTEE,
  });
  tokens.hzCommittee = await server.login('13900000061');
  const hzDev = await addOrgWithUser(server, {
    name: '杭州城投置业',
    type: OrgType.DEVELOPER,
    regionCode: '330106',
    mobile: '13900000062',
  });
  expect(hzGov.orgId).toBeGreaterThan(0);
  const dev = await userOf(server, '13800000005');
  maker = (await userOf(server, '13800000001')).orgId;
  dealer = (await userOf(server, '13800000002')).orgId;
  P.A = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  P.B = await projectIdOf(server, '江宁区人民医院门急诊综合楼');
  P.C = await projectIdOf(server, '浦口区桥林保障房片区三期');
  P.D = await projectIdOf(server, '建邺区青少年体育中心');
  const [hz] = await db
    .insert(projects)
    .values({
      developerOrgId: hzDev.orgId,
      name: '杭州西溪学校',
      code: 'HZ-STAT-1',
      type: 2,
      regionCode: '330106',
      cityCode: '330100',
      address: '杭州市西湖区',
      grossFloorArea: 5000,
      investmentFen: 100_000_000,
      plannedStart: '2026-01-01',
      plannedFinish: '2027-12-31',
      createdBy: hzDev.userId,
      inPolicyScope: true,
      policyBatch: '2025',
      standardEdition: '2025',
    })
    .returning({ id: projects.id });
  P.hz = (hz as { id: number }).id;

  const codes = async (kind: string) =>
    (
      await db
        .select({ code: standardCategories.code })
        .from(standardCategories)
        .where(and(eq(standardCategories.editionCode, '2025'), eq(standardCategories.kind, kind)))
        .orderBy(standardCategories.code)
    ).map((r) => r.code);
  const [M1, M2] = (await codes('mandatory')) as [string, string];
  const [O1, O2, O3, O4, O5] = (await codes('optional')) as [string, string, string, string, string];
  m1 = M1;
  const mand = (code: string, amountFen: number, proof: FixtureLine['proof'], more: Partial<FixtureLine> = {}) =>
    ({ categoryCode: code, kind: 'mandatory', amountFen, proof, ...more }) as FixtureLine;
  const opt = (code: string, amountFen: number, proof: FixtureLine['proof'], more: Partial<FixtureLine> = {}) =>
    ({ categoryCode: code, kind: 'optional', amountFen, proof, ...more }) as FixtureLine;
  const u = dev.userId;
  await addFiling(db, {
    projectId: P.A,
    userId: u,
    period: Q,
    status: 'submitted',
    firstSubmittedOn: '2026-09-30',
    completedValueFen: 1_000_000,
    progressPaidFen: 800_000,
    lines: [
      mand(M1, 100_000, 3, { supplierOrgId: maker, supplierName: '南京绿筑' }),
      mand(M2, 50_000, 'report', { supplierOrgId: maker, supplierName: '南京绿筑' }),
      opt(O1, 20_000, 1, { supplierName: '场外供应商', supplierCreditCode: '91330100MA2B3C4D5E' }),
      opt(O2, 10_000, null),
      opt(O3, 10_000, null),
      opt(O4, 10_000, null),
      opt(O5, 30_000, 2),
      { categoryCode: null, kind: 'outside', amountFen: 5_000, proof: null },
    ],
  });
  await addFiling(db, {
    projectId: P.B,
    userId: u,
    period: Q,
    status: 'resubmitted',
    firstSubmittedOn: '2026-10-08',
    completedValueFen: 1_000_000,
    progressPaidFen: 799_999,
    lines: [mand(M1, 40_000, null), opt(O1, 10_000, 1), opt(O2, 10_000, null), opt(O3, 10_000, null)],
  });
  await addFiling(db, {
    projectId: P.C,
    userId: u,
    period: Q,
    status: 'returned',
    firstSubmittedOn: '2026-09-20',
    lines: [mand(M1, 999_999, 3)],
  });
  const d1 = await addFiling(db, {
    projectId: P.D,
    userId: u,
    period: Q,
    status: 'confirmed',
    firstSubmittedOn: '2026-10-01',
    lines: [mand(M1, 70_000, 1, { supplierOrgId: dealer, supplierName: '恒通' })],
  });
  await supersede(db, d1, {
    projectId: P.D,
    userId: u,
    period: Q,
    status: 'confirmed',
    firstSubmittedOn: '2026-10-01',
    lines: [mand(M1, 60_000, 2, { supplierOrgId: dealer, supplierName: '恒通' }), mand(M2, 1_000, null)],
  });
  await addFiling(db, {
    projectId: P.A,
    userId: u,
    period: '2026-Q2',
    status: 'confirmed',
    firstSubmittedOn: '2026-07-01',
    lines: [mand(M1, 200_000, 3)],
  });
  await addFiling(db, {
    projectId: P.hz,
    userId: hzDev.userId,
    period: Q,
    status: 'submitted',
    firstSubmittedOn: '2026-10-02',
    lines: [mand(M1, 555_000, 3)],
  });
});
afterAll(() => server?.stop());

async function nanjingProjects() {
  const [row] = (
    (await server.database.db.execute(
      sql`select count(*)::int as n from projects where city_code = '320100' and in_policy_scope`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  return row?.n ?? 0;
}

describe('the dashboard', () => {
  it('answers the city committee its city’s quarter by the definitions', async () => {
    const d = ok(await call('committee', api.statistics, { period: Q }));
    expect(d.definitionVersion).toBe(STATISTICS_DEFINITION_VERSION);
    expect(d.cityCode).toBe('320100');
    expect(d.cityName).toBe('南京市');
    expect(d.periods).toEqual(['2026-Q1', '2026-Q2', '2026-Q3']);
    const k = d.kpis;
    expect(k.projects).toBe(await nanjingProjects());
    expect(k).toMatchObject({
      filedProjects: 3,
      overdueProjects: 2,
      standardSpendFen: 361_000,
      greenSpendFen: 270_000,
      greenShareBp: 7479,
      mandatoryProjects: 3,
      mandatoryFailingProjects: 2,
      mandatoryComplianceBp: 3333,
      optionalProjects: 2,
      optionalFailingProjects: 1,
      paymentFiled: 2,
      paymentBelowMin: 1,
    });
    expect(Object.fromEntries(d.starMix.map((s) => [s.bucket, s.amountFen]))).toEqual({
      '3': 100_000,
      '2': 90_000,
      '1': 30_000,
      report: 50_000,
      none: 91_000,
    });
    expect(d.trend.map((t) => [t.period, t.greenSpendFen, t.standardSpendFen, t.ytdGreenSpendFen])).toEqual([
      ['2026-Q1', 0, 0, 0],
      ['2026-Q2', 200_000, 200_000, 200_000],
      ['2026-Q3', 270_000, 361_000, 470_000],
    ]);
    expect(d.trend[2]?.ytdGreenShareBp).toBe(Math.floor((470_000 * 10_000) / 561_000));
    const m1Row = d.categories.find((c) => c.categoryCode === m1 && c.kind === 'mandatory');
    expect(m1Row).toMatchObject({ lines: 3, amountFen: 200_000, greenAmountFen: 160_000 });
    expect(m1Row?.stars).toEqual({ '3': 100_000, '2': 60_000 });
    expect(d.categories.find((c) => c.kind === 'outside')).toMatchObject({ name: '标准外', amountFen: 5_000 });
    // Suppliers: the maker (南京, local) 150 000, the dealer (南京) 60 000, a name 40 000, an off-platform USCC 20 000.
    expect(d.suppliers.top.map((s) => [s.orgId, s.greenSpendFen, s.local])).toEqual([
      [maker, 150_000, true],
      [dealer, 60_000, true],
      [null, 40_000, null],
      [null, 20_000, null],
    ]);
    expect(d.suppliers.top[3]?.creditCode).toBe('91330100MA2B3C4D5E');
    expect(d.suppliers.top5ShareBp).toBe(10_000);
    expect(d.suppliers.localShareBp).toBe(Math.floor((210_000 * 10_000) / 270_000));
    expect(d.districts.map((x) => x.regionCode)).toContain('320106');
    expect(d.districts.find((x) => x.regionCode === '320106')).toMatchObject({
      name: '鼓楼区',
      greenSpendFen: 200_000,
      standardSpendFen: 230_000,
    });
    expect(d.projectsByType.reduce((s, t) => s + t.projects, 0)).toBe(k.projects);
    expect(d.definitions.map((x) => x.key)).toEqual(expect.arrayContaining(['green_share', 'overdue', 'filed']));
  });

  it('counts only confirmed and locked filings with confirmedOnly; lateness stays the filer’s', async () => {
    const k = ok(await call('committee', api.statistics, { period: Q, confirmedOnly: true })).kpis;
    expect(k).toMatchObject({ filedProjects: 1, standardSpendFen: 61_000, greenSpendFen: 60_000, overdueProjects: 2 });
  });

  it('narrows the spend to a category', async () => {
    const k = ok(await call('committee', api.statistics, { period: Q, categoryCode: m1 })).kpis;
    // 建邺's failing line is in another category: only 江宁 fails the mandatory rule within this one.
    expect(k).toMatchObject({ standardSpendFen: 200_000, greenSpendFen: 160_000, mandatoryFailingProjects: 1 });
  });

  it('narrows the projects to a district', async () => {
    const d = ok(await call('committee', api.statistics, { period: Q, regionCode: '320106' }));
    expect(d.kpis).toMatchObject({ projects: 1, filedProjects: 1, standardSpendFen: 230_000 });
  });

  it('answers zeros and nulls for a quarter with no filing', async () => {
    const k = ok(await call('committee', api.statistics, { period: '2025-Q1' })).kpis;
    expect(k).toMatchObject({ filedProjects: 0, greenSpendFen: 0, greenShareBp: null, mandatoryComplianceBp: null });
  });

  it('counts the city’s listed products with a valid green certificate as the catalogue’s green tag reads them', async () => {
    const k = ok(await call('committee', api.statistics, { period: Q })).kpis;
    const catalogue = ok(await call(null, catalogueEndpoints.getOpenRegionDetails, { cityCode: '320100' }));
    // The catalogue leaves out the listings its committee marked not green; the certificate count does not.
    expect(catalogue.greenCount).toBeGreaterThan(0);
    expect(k.certifiedProducts).toBeGreaterThanOrEqual(catalogue.greenCount);
    expect(k.certifiedProducts).toBeLessThanOrEqual(catalogue.productCount);
    // The demo's rock wool certificate ends within the month (README, demo products).
    expect(k.certificatesExpiring90).toBeGreaterThanOrEqual(1);
  });

  it('gives a construction unit only the projects it has joined', async () => {
    const d = ok(await call('builder', api.statistics, { period: Q }));
    expect(d.kpis.projects).toBe(3);
    expect(d.kpis.standardSpendFen).toBe(300_000);
    expect(d.cityCode).toBeNull();
  });

  it('gives the developer its own projects, never another developer’s', async () => {
    const d = ok(await call('developer', api.statistics, { period: Q }));
    expect(d.kpis.standardSpendFen).toBe(361_000);
  });

  it('gives the platform operator any city, or every city', async () => {
    const nj = ok(await call('operator', api.statistics, { period: Q, cityCode: '320100' }));
    expect(nj.kpis.standardSpendFen).toBe(361_000);
    const all = ok(await call('operator', api.statistics, { period: Q }));
    expect(all.kpis.standardSpendFen).toBe(361_000 + 555_000);
    expect(all.cityCode).toBeNull();
  });

  it('gives another city’s committee its own city only, and 南京’s code 404', async () => {
    const hz = ok(await call('hzCommittee', api.statistics, { period: Q }));
    expect(hz.kpis).toMatchObject({ projects: 1, standardSpendFen: 555_000 });
    const res = await call('hzCommittee', api.statistics, { period: Q, cityCode: '320100' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(ResponseCode.NOT_FOUND);
  });

  it('refuses a manufacturer (403) and no session (401)', async () => {
    expect((await call('manufacturer', api.statistics, { period: Q })).status).toBe(403);
    expect((await call(null, api.statistics, { period: Q })).status).toBe(401);
  });

  it('refuses bad input with the fields', async () => {
    expect(fieldsOf(await callRaw('committee', api.statistics, { period: '2026-Q5' }))).toHaveProperty('period');
    expect(fieldsOf(await callRaw('operator', api.statistics, { cityCode: 'abc' }))).toHaveProperty('cityCode');
    expect(fieldsOf(await callRaw('committee', api.statistics, { projectType: 12 }))).toHaveProperty('projectType');
  });
});

describe('the city rollup', () => {
  it('equals the sum of the filings’ facts after saves and a correction', async () => {
    const rows = async (q: ReturnType<typeof sql>) =>
      ((await server.database.db.execute(q)) as unknown as { rows: unknown[] }).rows;
    expect(
      await rows(sql`select city_code, period, status, category_code, standard_kind, star_bucket, lines::int,
        amount_fen::text, green_amount_fen::text from city_quarter_facts where lines <> 0 order by 1, 2, 3, 4, 5, 6`),
    ).toEqual(
      await rows(sql`select city_code, period, status, category_code, standard_kind, star_bucket, sum(lines)::int as lines,
        sum(amount_fen)::text as amount_fen, sum(green_amount_fen)::text as green_amount_fen from filing_facts
        group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
    );
    expect(
      await rows(sql`select city_code, period, status, category_code, standard_kind, supplier_key, lines::int,
        green_amount_fen::text from city_quarter_supplier_facts where lines <> 0 order by 1, 2, 3, 4, 5, 6`),
    ).toEqual(
      await rows(sql`select city_code, period, status, category_code, standard_kind, supplier_key,
        sum(lines)::int as lines, sum(green_amount_fen)::text as green_amount_fen from filing_supplier_facts
        group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
    );
    // The correction took 建邺's first version off: no row of the city is left at zero.
    expect(await rows(sql`select 1 from city_quarter_facts where lines = 0`)).toEqual([]);
  });
});

describe('the drill-down', () => {
  it('lists a figure’s projects with their quarter', async () => {
    const ids = async (slice: string) =>
      ok(await call('committee', api.statisticsProjects, { period: Q, slice }))
        .list.map((r) => r.projectId)
        .sort((a, b) => a - b);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(await ids('mandatory_failing')).toEqual(sorted([P.B, P.D]));
    expect(await ids('optional_failing')).toEqual([P.B]);
    expect(await ids('overdue')).toEqual(sorted([P.B, P.C]));
    expect(await ids('payment_below')).toEqual([P.B]);
    expect(await ids('filed')).toEqual(sorted([P.A, P.B, P.D]));
    const all = ok(await call('committee', api.statisticsProjects, { period: Q, take: 100 }));
    const a = all.list.find((r) => r.projectId === P.A);
    expect(a).toMatchObject({
      filingStatus: 'submitted',
      late: false,
      mandatoryMet: true,
      optionalCoverageBp: 4000,
      optionalMet: true,
      greenSpendFen: 200_000,
      regionName: '鼓楼区',
    });
    expect(all.list.find((r) => r.projectId === P.C)).toMatchObject({ filingStatus: 'returned', late: true });
    expect(all.list.map((r) => r.projectId)).not.toContain(P.hz);
    const page = ok(await call('committee', api.statisticsProjects, { period: Q, take: 1, skip: 1 }));
    expect(page.list).toHaveLength(1);
    expect(page.total).toBe(all.total);
  });

  it('lists the lines behind a figure', async () => {
    const three = ok(await call('committee', api.statisticsLines, { period: Q, projectId: P.A, starBucket: '3' }));
    expect(three.total).toBe(1);
    expect(three.list[0]).toMatchObject({ amountFen: 100_000, star: 3, isGreen: true, quantity: '10' });
    const report = ok(await call('committee', api.statisticsLines, { period: Q, starBucket: 'report' }));
    expect(report.list.map((l) => l.reportNo)).toEqual(['RPT-2']);
    const green = ok(await call('committee', api.statisticsLines, { period: Q, projectId: P.A, greenOnly: true }));
    expect(green.total).toBe(4);
    const bySupplier = ok(await call('committee', api.statisticsLines, { period: Q, supplierOrgId: maker }));
    expect(bySupplier.total).toBe(2);
    // The superseded version of 建邺's filing and 浦口's returned one are not behind any figure.
    const d = ok(await call('committee', api.statisticsLines, { period: Q, projectId: P.D }));
    expect(d.list.map((l) => l.amountFen).sort()).toEqual([1_000, 60_000]);
    const c = ok(await call('committee', api.statisticsLines, { period: Q, projectId: P.C }));
    expect(c.total).toBe(0);
  });

  it('answers 404 for a project outside the caller’s scope', async () => {
    expect((await call('committee', api.statisticsLines, { period: Q, projectId: P.hz })).status).toBe(404);
    expect((await call('builder', api.statisticsLines, { period: Q, projectId: P.D })).status).toBe(404);
    expect((await call('hzCommittee', api.statisticsLines, { period: Q, projectId: P.A })).status).toBe(404);
    expect((await call('manufacturer', api.statisticsLines, { period: Q, projectId: P.A })).status).toBe(403);
    expect((await call(null, api.statisticsProjects, { period: Q })).status).toBe(401);
    const hz = ok(await call('hzCommittee', api.statisticsProjects, { period: Q }));
    expect(hz.list.map((r) => r.projectId)).toEqual([P.hz]);
  });

  it('refuses a slice or a star bucket that does not exist', async () => {
    expect(fieldsOf(await callRaw('committee', api.statisticsProjects, { slice: 'everything' }))).toHaveProperty(
      'slice',
    );
    expect(fieldsOf(await callRaw('committee', api.statisticsLines, { starBucket: '4' }))).toHaveProperty('starBucket');
  });
});

describe('the exports', () => {
  it('answers a workbook with every sheet, read back', async () => {
    const res = await download('committee', api.statisticsExport, { period: Q });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '指标',
      '区县',
      '品类',
      '星级',
      '趋势',
      '项目',
      '供应商',
      '口径',
    ]);
    const kpi = wb.getWorksheet('指标');
    const values = new Map<string, string>();
    kpi?.eachRow((row) => values.set(String(row.getCell(1).value), String(row.getCell(2).value)));
    expect(values.get('城市')).toBe('南京市');
    expect(values.get('绿色建材采购金额（元）')).toBe('2700.00');
    expect(values.get('绿色建材采购占比')).toBe('74.79%');
    expect(wb.getWorksheet('项目')?.rowCount).toBe((await nanjingProjects()) + 1);
    expect(String(wb.getWorksheet('口径')?.getRow(2).getCell(1).value)).toBe(STATISTICS_DEFINITION_VERSION);
  });

  it('answers a printable PDF naming the city and a figure', async () => {
    const res = await download('committee', api.statisticsReport, { period: Q });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.body);
    expect(text).toContain('南京市');
    expect(text).toContain('74.79%');
    expect(text).toContain(STATISTICS_DEFINITION_VERSION);
  });

  it('answers a .docx to edit', async () => {
    const res = await download('committee', api.statisticsReport, { period: Q, format: 'docx' });
    expect(res.status).toBe(200);
    const xml = (await (await JSZip.loadAsync(res.body)).file('word/document.xml')?.async('string')) ?? '';
    expect(xml).toContain('南京市');
    expect(xml).toContain('74.79%');
  });

  it('keeps the exports to the caller’s scope', async () => {
    expect((await download('hzCommittee', api.statisticsExport, { period: Q, cityCode: '320100' })).status).toBe(404);
    expect((await download('manufacturer', api.statisticsReport, { period: Q })).status).toBe(403);
    expect((await download(null, api.statisticsExport, { period: Q })).status).toBe(401);
    const bad = await download('committee', api.statisticsReport, { period: Q, format: 'odt' as 'pdf' });
    expect(bad.status).toBe(400);
  });
});

describe('the open data', () => {
  it('publishes a platform city’s aggregated figures without personal data', async () => {
    const res = await callEndpoint(server, api.openStatistics, { cityCode: '320100', period: Q }, null);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('code');
    expect(res.body).toMatchObject({
      definitionVersion: STATISTICS_DEFINITION_VERSION,
      city: { code: '320100', name: '南京市' },
      period: Q,
      periods: ['2026-Q1', '2026-Q2', '2026-Q3'],
      publisher: { name: expect.any(String) },
      license: expect.stringContaining('creativecommons'),
      figures: { greenSpendFen: 270_000, standardSpendFen: 361_000, suppliers: { count: 4 } },
    });
    for (const key of ['uri', 'version', 'publishedDate', 'districts', 'categories', 'trend', 'definitions']) {
      expect(res.body).toHaveProperty(key);
    }
    const text = res.raw;
    expect(text).not.toMatch(/1[3-9]\d{9}/);
    for (const word of [
      '孙明',
      '钱静',
      '王强',
      '天妃宫',
      '场外供应商',
      '南京绿筑',
      '91330100MA2B3C4D5E',
      'projectId',
    ]) {
      expect(text).not.toContain(word);
    }
  });

  it('answers 404 for a city the platform does not run, and 400 for a bad code', async () => {
    const res = await callEndpoint(server, api.openStatistics, { cityCode: '990100' }, null);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: ResponseCode.NOT_FOUND });
    expect((await callEndpoint(server, api.openStatistics, { cityCode: '32010' }, null)).status).toBe(400);
    expect(
      (await callEndpoint(server, api.openStatistics, { cityCode: '320100', period: '2026-Q0' }, null)).status,
    ).toBe(400);
  });
});
