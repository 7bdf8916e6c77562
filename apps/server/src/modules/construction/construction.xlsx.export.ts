import { PassThrough } from 'node:stream';
import {
  type DeliveryKindValue,
  deliveryKindLabels,
  type EvidenceSnapshot,
  type ExportKindValue,
  type InspectionStateValue,
  type InspectionVerdictValue,
  type IssueKindValue,
  inspectionStateLabels,
  inspectionVerdictLabels,
  issueKindLabels,
  type SampleStateValue,
  sampleStateLabels,
  type TestResultValue,
  testResultLabels,
} from '@jcbb/contract';
import { formatOptionalShanghaiTime } from '@jcbb/contract/time';
import { verifyUrlOf } from '../certificate/index.ts';
import { scanUrl } from '../trace/index.ts';
import { blockedReason } from './construction.stock.service.ts';
import type * as xlsxRepo from './construction.xlsx.repository.ts';

/**
 * The site's .xlsx exports (docs/construction.md, "Import and export"): the stock list, the deliveries with their
 * lots, the issue orders with their lines, and the green-material ledger (绿色建材进场专项台账). Each is one sheet
 * written by exceljs' streaming writer; the rows are read before the first byte goes out, so a database error still
 * answers as JSON.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The most rows one export holds; a note row says when there were more. */
export const EXPORT_ROWS_MAX = 50_000;
/** What the ledger says of a lot bought off the platform. */
export const NO_LEDGER_PROOF = '平台外材料，无链上证明';

/** A hyperlink cell. */
export interface Link {
  text: string;
  hyperlink: string;
}
type Cell = string | number | null | Link;

export interface SheetSpec {
  /** The file's name (Chinese) and its ASCII fallback. */
  fileName: string;
  fallback: string;
  sheetName: string;
  /** Lines above the header (a ledger's title, the project, when it was exported). */
  title?: string[];
  columns: { header: string; width: number }[];
  rows: Cell[][];
  /** There were more rows than EXPORT_ROWS_MAX. */
  truncated: boolean;
}

/** The sheet as a real .xlsx workbook, written row by row into a stream. */
export function workbookStream(spec: SheetSpec): PassThrough {
  const stream = new PassThrough();
  import('exceljs')
    .then(({ default: ExcelJS }) => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      workbook.creator = '建材帮帮';
      const headerRow = (spec.title?.length ?? 0) + 1;
      const sheet = workbook.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: headerRow }] });
      sheet.columns = spec.columns.map((c) => ({ width: c.width }));
      for (const [i, line] of (spec.title ?? []).entries()) {
        const row = sheet.addRow([line]);
        row.font = i === 0 ? { bold: true, size: 14 } : { color: { argb: 'FF595959' } };
        sheet.mergeCells(i + 1, 1, i + 1, spec.columns.length);
        row.commit();
      }
      const header = sheet.addRow(spec.columns.map((c) => c.header));
      header.font = { bold: true };
      header.commit();
      for (const r of spec.rows) {
        const row = sheet.addRow(r);
        r.forEach((v, i) => {
          if (v !== null && typeof v === 'object')
            row.getCell(i + 1).font = { color: { argb: 'FF0563C1' }, underline: true };
        });
        row.commit();
      }
      if (spec.truncated) sheet.addRow([`仅导出前 ${EXPORT_ROWS_MAX} 行，请联系平台导出全部`]).commit();
      sheet.commit();
      return workbook.commit();
    })
    .catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}

const FILE_NAMES: Record<ExportKindValue, { name: string; fallback: string }> = {
  stock: { name: '项目库存', fallback: 'stock' },
  deliveries: { name: '到货记录', fallback: 'deliveries' },
  issues: { name: '出库领用记录', fallback: 'issues' },
  green_ledger: { name: '绿色建材进场专项台账', fallback: 'green-ledger' },
};

function names(kind: ExportKindValue, projectName: string, today: string) {
  const f = FILE_NAMES[kind];
  const day = today.replaceAll('-', '');
  return { fileName: `${projectName}-${f.name}-${day}.xlsx`, fallback: `${f.fallback}-${day}.xlsx`, sheetName: f.name };
}

const yesNo = (b: boolean | null | undefined) => (b ? '是' : '否');
const num = (v: string | number | null) => (v === null ? null : Number(v));
const stateName = (s: string | null) => (s ? (inspectionStateLabels[s as InspectionStateValue]?.zh ?? s) : '');
const verdictName = (v: string | null) => (v ? (inspectionVerdictLabels[v as InspectionVerdictValue]?.zh ?? v) : '');
const column = (header: string, width = 14) => ({ header, width });

/** The stock list (api/material/stock/list) of every lot. */
export function stockSheet(rows: xlsxRepo.StockRow[], ctx: SheetContext): SheetSpec {
  return {
    ...names('stock', ctx.projectName, ctx.today),
    columns: [
      column('材料名称', 18),
      column('规格型号', 16),
      column('批号', 16),
      column('单位', 8),
      column('生产厂家', 24),
      column('绿色建材', 10),
      column('待验', 10),
      column('可用', 10),
      column('不合格', 10),
      column('已领用（净）', 12),
      column('验收状态', 12),
      column('不能出库的原因', 28),
    ],
    rows: rows.slice(0, EXPORT_ROWS_MAX).map((r) => {
      const state = (r.state as InspectionStateValue | null) ?? null;
      const q = { usable: Number(r.usable), quarantined: Number(r.quarantined), state };
      return [
        r.materialName ?? '',
        r.specName ?? '',
        r.batchNo,
        r.unitName ?? '',
        r.makerName ?? '',
        yesNo(r.isGreen),
        Number(r.quarantined),
        Number(r.usable),
        Number(r.rejected),
        Number(r.issued),
        stateName(state),
        blockedReason(q) ?? '',
      ];
    }),
    truncated: rows.length > EXPORT_ROWS_MAX,
  };
}

/** Every delivered lot with its delivery. */
export function deliveriesSheet(
  rows: Awaited<ReturnType<typeof xlsxRepo.deliveryLines>>,
  ctx: SheetContext,
): SheetSpec {
  return {
    ...names('deliveries', ctx.projectName, ctx.today),
    columns: [
      column('到货单号', 16),
      column('来源', 12),
      column('供应商', 26),
      column('统一社会信用代码', 22),
      column('到货日期', 12),
      column('送货单号', 14),
      column('发票号码', 14),
      column('验收单号', 18),
      column('材料分类代码', 12),
      column('材料名称', 18),
      column('规格型号', 16),
      column('品牌', 12),
      column('生产厂家', 24),
      column('批号', 16),
      column('数量', 10),
      column('单位', 8),
      column('绿色建材', 10),
      column('绿色建材证书编号', 20),
      column('验收状态', 12),
      column('验收结论', 14),
      column('楼栋', 10),
      column('楼层', 8),
      column('部位', 14),
      column('存放位置', 14),
    ],
    rows: rows
      .slice(0, EXPORT_ROWS_MAX)
      .map(({ delivery: d, inspection: i, batchNo }) => [
        d.number,
        deliveryKindLabels[d.kind as DeliveryKindValue]?.zh ?? d.kind,
        d.supplierName,
        d.supplierCreditCode,
        d.arrivedOn,
        d.deliveryNoteNo,
        d.invoiceNo,
        i.number,
        i.classifyCode,
        i.materialName,
        i.specName,
        i.brand,
        i.makerName,
        batchNo,
        num(i.quantity),
        i.unitName,
        yesNo(i.isGreen),
        i.greenCertNo,
        stateName(i.state),
        verdictName(i.verdict),
        i.building,
        i.floor,
        i.part,
        i.storageLocation,
      ]),
    truncated: rows.length > EXPORT_ROWS_MAX,
  };
}

/** Every line of the issue orders and of their returns to stock. */
export function issuesSheet(rows: Awaited<ReturnType<typeof xlsxRepo.issueLines>>, ctx: SheetContext): SheetSpec {
  return {
    ...names('issues', ctx.projectName, ctx.today),
    columns: [
      column('单号', 16),
      column('类型', 10),
      column('日期', 12),
      column('领用班组或分包单位', 22),
      column('楼栋', 10),
      column('楼层', 8),
      column('部位', 14),
      column('领用人', 10),
      column('经办人', 10),
      column('材料名称', 18),
      column('规格型号', 16),
      column('批号', 16),
      column('数量', 10),
      column('单位', 8),
      column('已退库', 10),
      column('退库所属出库单', 16),
      column('备注', 24),
    ],
    rows: rows
      .slice(0, EXPORT_ROWS_MAX)
      .map(({ order: o, line: l, ...r }) => [
        o.number,
        issueKindLabels[o.kind as IssueKindValue]?.zh ?? o.kind,
        o.issuedOn,
        o.team,
        o.building,
        o.floor,
        o.part,
        o.receivedBy,
        r.issuedByName,
        r.materialName,
        r.specName,
        r.batchNo,
        num(l.quantity),
        r.unitName,
        o.kind === 'issue' ? num(l.returned) : null,
        r.returnOfNumber,
        o.remarks,
      ]),
    truncated: rows.length > EXPORT_ROWS_MAX,
  };
}

export interface SheetContext {
  projectName: string;
  today: string;
  /** PUBLIC_BASE_URL: where the ledger's links point. */
  baseUrl: string;
  exportedAt: Date;
}

/** What the ledger knows of a green lot besides its row: a platform lot's evidence on its delivery date. */
export interface GreenFacts {
  evidence: Map<number, EvidenceSnapshot>;
  /** Certificate numbers the platform issued (its verification page shows them). */
  platformCertNos: Set<string>;
}

function greenEvidence(r: xlsxRepo.GreenLotRow, facts: GreenFacts): string {
  const i = r.inspection;
  if (r.origin !== 'platform') {
    if (!i.greenCertNo) return '未填写证书编号';
    return i.greenCertBody ? `${i.greenCertNo}（${i.greenCertBody}）` : i.greenCertNo;
  }
  const e = facts.evidence.get(i.id);
  if (!e || e.kind === 'none') return `进场日（${r.delivery.arrivedOn}）无有效的绿色建材证明`;
  if (e.kind === 'test_report') return `检测报告：${e.name ?? ''}（进场日有效）`;
  const until = e.validUntil ? `，有效期至 ${e.validUntil}` : '';
  return `证书 ${e.certNo ?? e.name ?? ''}${until}（进场日有效）`;
}

function ledgerProof(r: xlsxRepo.GreenLotRow, facts: GreenFacts, baseUrl: string): Cell {
  if (r.origin !== 'platform') return NO_LEDGER_PROOF;
  if (r.code) {
    const url = scanUrl(baseUrl, r.code);
    return { text: url, hyperlink: url };
  }
  const e = facts.evidence.get(r.inspection.id);
  if (e?.certNo && facts.platformCertNos.has(e.certNo)) {
    const url = verifyUrlOf(baseUrl, e.certNo);
    return { text: url, hyperlink: url };
  }
  return '平台材料，无可公开验证的链接';
}

function sampleText(r: xlsxRepo.GreenLotRow): string {
  if (!r.sampleState) return r.inspection.retestRequired ? '应取样，未取样' : '无需复试';
  if (r.sampleResult) return testResultLabels[r.sampleResult as TestResultValue]?.zh ?? r.sampleResult;
  return sampleStateLabels[r.sampleState as SampleStateValue]?.zh ?? r.sampleState;
}

/** 绿色建材进场专项台账: one row per green lot delivered to the project. */
export function greenLedgerSheet(rows: xlsxRepo.GreenLotRow[], facts: GreenFacts, ctx: SheetContext): SheetSpec {
  return {
    ...names('green_ledger', ctx.projectName, ctx.today),
    title: [
      '绿色建材进场专项台账',
      `项目：${ctx.projectName}　　导出时间：${formatOptionalShanghaiTime(ctx.exportedAt) ?? ''}　　共 ${Math.min(rows.length, EXPORT_ROWS_MAX)} 批`,
    ],
    columns: [
      column('序号', 6),
      column('进场日期', 12),
      column('到货单号', 16),
      column('供应商', 26),
      column('材料名称', 18),
      column('规格型号', 16),
      column('生产厂家', 24),
      column('批号', 16),
      column('数量', 10),
      column('单位', 8),
      column('绿色建材证明', 40),
      column('进场验收状态', 12),
      column('验收结论', 14),
      column('验收人', 10),
      column('监理确认人', 10),
      column('确认时间', 18),
      column('见证取样结果', 14),
      column('检测报告编号', 18),
      column('链上证明', 60),
    ],
    rows: rows
      .slice(0, EXPORT_ROWS_MAX)
      .map((r, n) => [
        n + 1,
        r.delivery.arrivedOn,
        r.delivery.number,
        r.delivery.supplierName,
        r.inspection.materialName,
        r.inspection.specName,
        r.inspection.makerName,
        r.batchNo,
        num(r.inspection.quantity),
        r.inspection.unitName,
        greenEvidence(r, facts),
        stateName(r.inspection.state),
        verdictName(r.inspection.verdict),
        r.inspectorName,
        r.supervisorName,
        formatOptionalShanghaiTime(r.inspection.supervisorConfirmedAt) ?? '',
        sampleText(r),
        r.sampleReportNo,
        ledgerProof(r, facts, ctx.baseUrl),
      ]),
    truncated: rows.length > EXPORT_ROWS_MAX,
  };
}
