import {
  type FilingStatusValue,
  filingStatusLabels,
  type ProjectStepValue,
  type ProjectTypeValue,
  projectStepLabels,
  projectTypeLabels,
  type StandardKindValue,
  type StarBucketValue,
  type StatisticsData,
  standardKindLabels,
  starBucketLabels,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type * as Docx from 'docx';
import type { FontChoice } from '../../lib/cjk-font.ts';

/**
 * The statistics as files (docs/government.md, "Statistics", exports): a workbook (.xlsx, exceljs) with the figures,
 * districts, categories, stars, trend, projects, suppliers and definitions; a printable report (PDF with the CJK font
 * the certificates use, or .docx to edit) with the title, the KPI, category and trend tables, the definitions and
 * their version, and when it was generated. Money is shown in yuan, shares in percent.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A project's row as the workbook lists it (the drill-down's row). */
export interface ExportProjectRow {
  projectId: number;
  name: string;
  regionName: string | null;
  regionCode: string;
  type: number;
  step: number;
  floorAreaM2: number;
  filingStatus: string | null;
  late: boolean;
  greenSpendFen: number;
  standardSpendFen: number;
  greenShareBp: number | null;
  mandatoryMet: boolean | null;
  optionalCoverageBp: number | null;
  optionalMet: boolean | null;
  openAlerts: number;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
const pct = (bp: number | null) => (bp === null ? '—' : `${(bp / 100).toFixed(2)}%`);
const yesNo = (v: boolean | null) => (v === null ? '—' : v ? '是' : '否');
const titleOf = (d: StatisticsData) =>
  `${d.cityName ?? (d.cityCode ? d.cityCode : '全部城市')}绿色建材政府采购统计报告`;

/** The KPI table's rows: name, value, definition key. */
function kpiRows(d: StatisticsData): [string, string, string][] {
  const k = d.kpis;
  return [
    ['项目数', String(k.projects), 'projects'],
    ['总建筑面积（m²）', k.floorAreaM2.toFixed(2), 'floor_area'],
    ['已填报项目', String(k.filedProjects), 'filed'],
    ['逾期项目', String(k.overdueProjects), 'overdue'],
    ['标准内采购金额（元）', yuan(k.standardSpendFen), 'standard_spend'],
    ['绿色建材采购金额（元）', yuan(k.greenSpendFen), 'green_spend'],
    ['绿色建材采购占比', pct(k.greenShareBp), 'green_share'],
    ['必选类合规率', pct(k.mandatoryComplianceBp), 'mandatory_compliance'],
    ['必选类不合规项目', `${k.mandatoryFailingProjects} / ${k.mandatoryProjects}`, 'mandatory_failing'],
    ['可选类未达标项目', `${k.optionalFailingProjects} / ${k.optionalProjects}`, 'optional_failing'],
    ['进度款不足 80% 的填报', `${k.paymentBelowMin} / ${k.paymentFiled}`, 'payment_below'],
    ['有效认证产品', String(k.certifiedProducts), 'certified_products'],
    ['90 天内到期证书', String(k.certificatesExpiring90), 'certificates_expiring_90'],
    ['未关闭预警（高/中/低）', `${k.openAlerts.high} / ${k.openAlerts.medium} / ${k.openAlerts.low}`, 'open_alerts'],
    ['运输碳排放（kg CO₂e）', d.carbon.totalKg.toFixed(2), 'transport_carbon'],
    ['前五供应商集中度', pct(d.suppliers.top5ShareBp), 'top5_share'],
    ['本地供应商占比', pct(d.suppliers.localShareBp), 'local_share'],
    ['见证取样率', pct(d.inspections.witnessShareBp), 'witness_share'],
  ];
}

const categoryTable = (d: StatisticsData) => [
  ['品类', '类别', '明细数', '金额（元）', '绿色金额（元）', '绿色占比'],
  ...d.categories.map((c) => [
    c.name,
    standardKindLabels[c.kind as StandardKindValue].zh,
    String(c.lines),
    yuan(c.amountFen),
    yuan(c.greenAmountFen),
    pct(c.greenShareBp),
  ]),
];

const trendTable = (d: StatisticsData) => [
  ['季度', '标准内金额（元）', '绿色金额（元）', '绿色占比', '年度累计绿色占比'],
  ...d.trend.map((t) => [
    t.period,
    yuan(t.standardSpendFen),
    yuan(t.greenSpendFen),
    pct(t.greenShareBp),
    pct(t.ytdGreenShareBp),
  ]),
];

/** The workbook: one sheet per table, the definitions with their version last. */
export async function statisticsWorkbook(d: StatisticsData, projects: readonly ExportProjectRow[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = '建材帮帮';
  const sheet = (name: string, header: string[], rows: (string | number | null)[][], widths: number[]) => {
    const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = header.map((h, i) => ({ header: h, width: widths[i] ?? 14 }));
    ws.getRow(1).font = { bold: true };
    for (const r of rows) ws.addRow(r);
  };
  sheet(
    '指标',
    ['指标', '数值', '口径'],
    [['城市', d.cityName ?? '全部城市', 'scope'], ['季度', d.period, 'counted_filings'], ...kpiRows(d)],
    [28, 22, 26],
  );
  sheet(
    '区县',
    ['区县代码', '区县', '项目数', '标准内金额（元）', '绿色金额（元）', '绿色占比'],
    d.districts.map((x) => [
      x.regionCode,
      x.name,
      x.projects,
      yuan(x.standardSpendFen),
      yuan(x.greenSpendFen),
      pct(x.greenShareBp),
    ]),
    [12, 16, 10, 18, 18, 12],
  );
  const [catHeader, ...catRows] = categoryTable(d);
  sheet(
    '品类',
    ['品类代码', ...(catHeader as string[])],
    catRows.map((r, i) => [d.categories[i]?.categoryCode ?? '', ...r]),
    [12, 20, 10, 10, 18, 18, 12],
  );
  sheet(
    '星级',
    ['星级', '金额（元）'],
    d.starMix.map((s) => [starBucketLabels[s.bucket as StarBucketValue].zh, yuan(s.amountFen)]),
    [16, 18],
  );
  const [trendHeader, ...trendRows] = trendTable(d);
  sheet('趋势', trendHeader as string[], trendRows, [12, 18, 18, 12, 16]);
  sheet(
    '项目',
    [
      '项目',
      '区县',
      '类型',
      '阶段',
      '建筑面积（m²）',
      '填报状态',
      '逾期',
      '标准内金额（元）',
      '绿色金额（元）',
      '绿色占比',
      '必选类合规',
      '可选类覆盖率',
      '可选类达标',
      '未关闭预警',
    ],
    projects.map((p) => [
      p.name,
      p.regionName ?? p.regionCode,
      projectTypeLabels[p.type as ProjectTypeValue]?.zh ?? String(p.type),
      projectStepLabels[p.step as ProjectStepValue]?.zh ?? String(p.step),
      p.floorAreaM2,
      p.filingStatus ? (filingStatusLabels[p.filingStatus as FilingStatusValue]?.zh ?? p.filingStatus) : '未填报',
      p.late ? '是' : '否',
      yuan(p.standardSpendFen),
      yuan(p.greenSpendFen),
      pct(p.greenShareBp),
      yesNo(p.mandatoryMet),
      pct(p.optionalCoverageBp),
      yesNo(p.optionalMet),
      p.openAlerts,
    ]),
    [30, 12, 10, 14, 14, 10, 6, 16, 16, 10, 10, 12, 10, 10],
  );
  sheet(
    '供应商',
    ['供应商', '统一社会信用代码', '绿色金额（元）', '标准内金额（元）', '占绿色金额', '本地'],
    d.suppliers.top.map((s) => [
      s.name,
      s.creditCode ?? '',
      yuan(s.greenSpendFen),
      yuan(s.amountFen),
      pct(s.shareBp),
      s.local === null ? '未知' : s.local ? '是' : '否',
    ]),
    [30, 22, 16, 16, 12, 8],
  );
  sheet(
    '口径',
    ['口径版本', '代码', '名称', '定义', '数据来源'],
    d.definitions.map((x) => [d.definitionVersion, x.key, x.name, x.definition, x.source]),
    [18, 24, 18, 80, 30],
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The printable report as a PDF (A4; the Chinese needs the CJK font, else the text is left to the workbook). */
export async function statisticsPdf(d: StatisticsData, font: FontChoice | null): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const title = titleOf(d);
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: title, Creator: 'jcbb' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font) doc.registerFont('body', font.path, font.family).font('body');
  else doc.font('Helvetica');
  const left = 40;
  const width = doc.page.width - 2 * left;

  const table = (rows: string[][], widths: number[]) => {
    const total = widths.reduce((s, w) => s + w, 0);
    const cols = widths.map((w) => (w / total) * width);
    rows.forEach((row, i) => {
      const heights = row.map((v, c) => doc.heightOfString(v, { width: (cols[c] as number) - 6 }));
      const h = Math.max(...heights) + 6;
      if (doc.y + h > doc.page.height - 50) doc.addPage();
      const y = doc.y;
      if (i === 0) doc.rect(left, y, width, h).fill('#e8f5e9').fillColor('#000');
      let x = left;
      row.forEach((v, c) => {
        doc.text(v, x + 3, y + 3, { width: (cols[c] as number) - 6 });
        x += cols[c] as number;
      });
      doc
        .moveTo(left, y + h)
        .lineTo(left + width, y + h)
        .strokeColor('#bbb')
        .lineWidth(0.5)
        .stroke();
      doc.x = left;
      doc.y = y + h;
    });
    doc.moveDown(0.6);
  };
  const heading = (text: string) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.4).fontSize(12).fillColor('#1b5e20').text(text, left, doc.y, { width }).fillColor('#000');
    doc.moveDown(0.3).fontSize(8.5);
  };

  doc.fontSize(16).fillColor('#1b5e20').text(title, left, 40, { width, align: 'center' });
  doc
    .moveDown(0.3)
    .fontSize(9)
    .fillColor('#555')
    .text(
      `季度 ${d.period}（年度累计 ${d.periods[0]} 至 ${d.period}）  ·  口径版本 ${d.definitionVersion}  ·  生成时间 ${formatShanghaiTime(new Date())}`,
      { width, align: 'center' },
    )
    .fillColor('#000');
  heading('一、主要指标');
  table([['指标', '数值', '口径'], ...kpiRows(d)], [3, 2, 2]);
  heading('二、品类');
  table(categoryTable(d), [3, 1.2, 1, 1.6, 1.6, 1.2]);
  heading('三、季度趋势（年度累计）');
  table(trendTable(d), [1, 1.6, 1.6, 1.2, 1.4]);
  heading(`四、统计口径（${d.definitionVersion}）`);
  for (const x of d.definitions) {
    if (doc.y > doc.page.height - 60) doc.addPage();
    doc.fontSize(7.5).text(`${x.name}（${x.key}）：${x.definition}`, left, doc.y, { width });
  }
  doc.end();
  return done;
}

/** The report as a .docx to edit (the same content as the PDF). */
export async function statisticsDocx(d: StatisticsData): Promise<Buffer> {
  const docx: typeof Docx = await import('docx');
  const FONT = '宋体';
  const run = (value: string, bold = false) => new docx.TextRun({ text: value, bold, font: FONT });
  const para = (value: string, bold = false) => new docx.Paragraph({ children: [run(value, bold)] });
  const table = (rows: string[][]) =>
    new docx.Table({
      width: { size: 100, type: docx.WidthType.PERCENTAGE },
      rows: rows.map(
        (r, i) =>
          new docx.TableRow({
            children: r.map((v) => new docx.TableCell({ children: [para(v || '—', i === 0)] })),
          }),
      ),
    });
  const heading = (value: string) =>
    new docx.Paragraph({ heading: docx.HeadingLevel.HEADING_1, children: [run(value, true)] });
  const document = new docx.Document({
    creator: '建材帮帮',
    title: titleOf(d),
    sections: [
      {
        children: [
          new docx.Paragraph({
            heading: docx.HeadingLevel.TITLE,
            alignment: docx.AlignmentType.CENTER,
            children: [run(titleOf(d), true)],
          }),
          para(
            `季度 ${d.period}（年度累计 ${d.periods[0]} 至 ${d.period}）；口径版本 ${d.definitionVersion}；生成时间 ${formatShanghaiTime(new Date())}`,
          ),
          heading('一、主要指标'),
          table([['指标', '数值', '口径'], ...kpiRows(d)]),
          heading('二、品类'),
          table(categoryTable(d)),
          heading('三、季度趋势（年度累计）'),
          table(trendTable(d)),
          heading(`四、统计口径（${d.definitionVersion}）`),
          ...d.definitions.map((x) => para(`${x.name}（${x.key}）：${x.definition}`)),
        ],
      },
    ],
  });
  return docx.Packer.toBuffer(document);
}

/** The report's file name (city and quarter). */
export const reportName = (d: StatisticsData, ext: string) => `${titleOf(d)}-${d.period}.${ext}`;
