import {
  deliveryExternalBody,
  externalLineBody,
  IMPORT_COLUMNS,
  IMPORT_SAMPLE_ROWS,
  type ImportColumnKey,
  SHIPMENT_LINES_MAX,
} from '@jcbb/contract';
import type { z } from 'zod';
import { findUnstorableText } from '../../plugins/text-guard.ts';
import { externalDeliveryChecks, externalLineChecks } from './construction.delivery.service.ts';
import type { CellValue, SheetRows } from './construction.xlsx.read.ts';
import { isExampleRow } from './construction.xlsx.template.ts';

/**
 * The stock import's rows checked (docs/construction.md, "Import and export"): each row read into the fields of an
 * off-platform delivery and its line, checked with the contract's own schemas (`deliveryExternalBody`'s delivery
 * fields, `externalLineBody`) and the server's rules of the external call (`externalDeliveryChecks`,
 * `externalLineChecks`), every error named by its row and column; the rows that pass grouped into deliveries. Pure:
 * the caller reads the classifications and the day.
 */

type ExternalBody = z.output<typeof deliveryExternalBody>;
type ExternalLine = ExternalBody['lines'][number];

export interface RowError {
  row: number;
  column: string | null;
  message: string;
}

const titleOf = new Map<string, string>(IMPORT_COLUMNS.map((c) => [c.key, c.title]));
const orderOf = new Map<string, number>(IMPORT_COLUMNS.map((c, i) => [c.title, i]));
const HEAD_KEYS = ['supplierName', 'supplierCreditCode', 'arrivedOn', 'deliveryNoteNo'] as const;
const headSchema = deliveryExternalBody.pick({
  supplierName: true,
  supplierCreditCode: true,
  arrivedOn: true,
  deliveryNoteNo: true,
});
const DATE_KEYS = new Set<ImportColumnKey>(['arrivedOn', 'productionDate']);

/** A header cell as written: spaces and a required-mark (* or （必填）) do not count. */
const headerText = (s: string) =>
  s
    .replace(/\s+/g, '')
    .replace(/[*＊]$/, '')
    .replace(/[（(]必填[)）]$/, '');

/**
 * Where each column is in the sheet, from its header: every required column present, no column unknown or twice.
 * Otherwise one error naming the columns at fault (row: the header's).
 */
export function headerColumns(header: string[], headerRow: number): Map<ImportColumnKey, number> | RowError {
  const byTitle = new Map<string, ImportColumnKey>(IMPORT_COLUMNS.map((c) => [c.title, c.key]));
  const found = new Map<ImportColumnKey, number>();
  const unknown: string[] = [];
  const twice: string[] = [];
  header.forEach((raw, col) => {
    const text = headerText(raw ?? '');
    if (col === 0 || text === '') return;
    const key = byTitle.get(text);
    if (!key) unknown.push(text);
    else if (found.has(key)) twice.push(text);
    else found.set(key, col);
  });
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !found.has(c.key)).map((c) => c.title);
  if (missing.length === 0 && unknown.length === 0 && twice.length === 0) return found;
  const parts = [
    missing.length > 0 ? `缺少列：${missing.join('、')}` : '',
    unknown.length > 0 ? `无法识别的列：${unknown.join('、')}` : '',
    twice.length > 0 ? `重复的列：${twice.join('、')}` : '',
  ].filter(Boolean);
  return {
    row: headerRow,
    column: null,
    message: `表头与导入模板不符（${parts.join('；')}），请使用导入模板的列名`,
  };
}

// ---- cells to field values ----

const pad2 = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad2(m)}-${pad2(d)}`;
function realDate(y: number, m: number, d: number): string | null {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? ymd(y, m, d) : null;
}

/** Excel's day number (1900 system, with its 29 February 1900; or the 1904 system) as a date. */
function serialDate(serial: number, date1904: boolean): string | null {
  const days = Math.floor(serial);
  if (days < 1 || days > 2_958_465) return null;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, days >= 61 ? 30 : 31);
  const t = new Date(epoch + days * 86_400_000);
  return ymd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

type Normalised = { value: unknown } | { error: string };

/** A date cell: a date, Excel's day number (styles are not read), or text 2026-11-20, 2026/11/20, 2026年11月20日, 20261120. */
function dateCell(v: CellValue, date1904: boolean): Normalised {
  if (v instanceof Date) return { value: ymd(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate()) };
  if (typeof v === 'number') {
    const d = serialDate(v, date1904);
    return d ? { value: d } : { error: '不是有效日期' };
  }
  const s = String(v).trim();
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (!m) return { value: s }; // the schema names the format
  const d = realDate(Number(m[1]), Number(m[2]), Number(m[3]));
  return d ? { value: d } : { error: '不是有效日期' };
}

const YES = new Set(['是', 'y', 'yes', 'true', '1', '√', '✓']);
const NO = new Set(['否', 'n', 'no', 'false', '0', '×', '✗']);

function cellValue(key: ImportColumnKey, v: CellValue | undefined, date1904: boolean): Normalised {
  const blank = v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (key === 'isGreen') {
    if (blank) return { value: false };
    if (typeof v === 'boolean') return { value: v };
    const s = String(v).trim().toLowerCase();
    if (YES.has(s)) return { value: true };
    if (NO.has(s)) return { value: false };
    return { error: '请填写“是”或“否”' };
  }
  if (blank) return { value: undefined };
  if (DATE_KEYS.has(key)) return dateCell(v, date1904);
  if (key === 'quantity') {
    if (typeof v === 'number') return { value: v };
    const s = String(v).trim();
    // Thousands separators as Excel shows them: 1,200.5
    return { value: /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s) ? s.replaceAll(',', '') : s };
  }
  if (typeof v === 'number') {
    // An 18-digit credit code or a long number typed into a number cell has lost its last digits already.
    if (Number.isInteger(v) && !Number.isSafeInteger(v))
      return { error: '数字过长已被 Excel 改写，请把单元格设为“文本”后重新填写' };
    // A classification typed as a number lost its leading zero: 106 is 0106.
    return { value: key === 'classifyCode' && Number.isInteger(v) ? String(v).padStart(4, '0') : String(v) };
  }
  if (v instanceof Date) return { value: ymd(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate()) };
  const s = String(v).trim();
  // "0106 预拌混凝土" as picked from a list: the code.
  if (key === 'classifyCode') return { value: /^\d{4}(?!\d)/.exec(s)?.[0] ?? s };
  return { value: s };
}

/** The fields of one row, and the cells that could not be read as their field. */
function readRow(
  cells: CellValue[],
  columns: Map<ImportColumnKey, number>,
  date1904: boolean,
): { values: Partial<Record<ImportColumnKey, unknown>>; errors: Map<ImportColumnKey, string> } {
  const values: Partial<Record<ImportColumnKey, unknown>> = {};
  const errors = new Map<ImportColumnKey, string>();
  for (const { key } of IMPORT_COLUMNS) {
    const col = columns.get(key);
    const n = cellValue(key, col === undefined ? undefined : cells[col], date1904);
    if ('error' in n) errors.set(key, n.error);
    else if (typeof n.value === 'string' && findUnstorableText(n.value) !== null)
      errors.set(key, '包含无效字符（如空字符）');
    else values[key] = n.value;
  }
  return { values, errors };
}

/** A schema's words for a form ("请选择…") said for a sheet ("请填写…"). */
const sheetWords = (message: string) => message.replace(/^请选择/, '请填写');

export interface CheckedImport {
  rows: number;
  okRows: number;
  /** Every error, by row and then column in the template's order. */
  errors: RowError[];
  /** The rows grouped into deliveries: what the commit records when there is no error. */
  deliveries: ExternalBody[];
  /** The first rows as read. */
  sample: {
    row: number;
    supplierName: string;
    materialName: string;
    specName: string;
    batchNo: string;
    quantity: number | null;
    unitName: string;
    arrivedOn: string;
  }[];
}

/** The classification codes the rows name (read before checking them). */
export function classifyCodesOf(sheet: SheetRows, columns: Map<ImportColumnKey, number>): string[] {
  const col = columns.get('classifyCode');
  if (col === undefined) return [];
  const codes = new Set<string>();
  for (const r of sheet.rows) {
    const n = cellValue('classifyCode', r.cells[col], sheet.date1904);
    if ('value' in n && typeof n.value === 'string' && /^\d{4}$/.test(n.value)) codes.add(n.value);
  }
  return [...codes];
}

/**
 * Check every row and group the good ones: a delivery per supplier, credit code, arrival date and delivery note
 * number, its lines in the rows' order (at most SHIPMENT_LINES_MAX, as the external call allows).
 */
export function checkRows(
  sheet: SheetRows,
  columns: Map<ImportColumnKey, number>,
  ctx: { projectId: number; classes: ReadonlySet<string>; today: string },
): CheckedImport {
  const errors: RowError[] = [];
  const groups = new Map<string, { head: z.output<typeof headSchema>; lines: { row: number; line: ExternalLine }[] }>();
  const sample: CheckedImport['sample'] = [];
  let bad = 0;
  for (const { row, cells } of sheet.rows) {
    const { values, errors: cellErrors } = readRow(cells, columns, sheet.date1904);
    const found = new Map<string, string>();
    for (const [key, message] of cellErrors) found.set(key, message);
    const head = headSchema.safeParse(Object.fromEntries(HEAD_KEYS.map((k) => [k, values[k]])));
    const line = externalLineBody.safeParse(
      Object.fromEntries(
        IMPORT_COLUMNS.filter((c) => !(HEAD_KEYS as readonly string[]).includes(c.key)).map((c) => [
          c.key,
          values[c.key],
        ]),
      ),
    );
    for (const issue of [...(head.error?.issues ?? []), ...(line.error?.issues ?? [])]) {
      const key = String(issue.path[0] ?? '');
      if (!found.has(key)) found.set(key, sheetWords(issue.message));
    }
    if (isExampleRow(values)) found.set('', '这是导入模板中的示例行，请删除后再导入');
    if (head.success && line.success && found.size === 0) {
      for (const f of externalDeliveryChecks(head.data, ctx.today)) found.set(f.field, sheetWords(f.message));
      for (const f of externalLineChecks(line.data, head.data.arrivedOn, ctx.classes)) {
        found.set(f.field, sheetWords(f.message));
      }
    }
    if (sample.length < IMPORT_SAMPLE_ROWS) {
      const text = (k: ImportColumnKey) => (values[k] === undefined || values[k] === null ? '' : String(values[k]));
      const q = Number(values.quantity);
      sample.push({
        row,
        supplierName: text('supplierName'),
        materialName: text('materialName'),
        specName: text('specName'),
        batchNo: text('batchNo'),
        quantity: values.quantity === undefined || !Number.isFinite(q) ? null : q,
        unitName: text('unitName'),
        arrivedOn: text('arrivedOn'),
      });
    }
    if (found.size > 0 || !head.success || !line.success) {
      bad++;
      for (const [key, message] of [...found].sort((a, b) => rank(a[0]) - rank(b[0]))) {
        errors.push({ row, column: titleOf.get(key) ?? null, message });
      }
      continue;
    }
    const h = head.data;
    const groupKey = JSON.stringify([h.supplierName, h.supplierCreditCode, h.arrivedOn, h.deliveryNoteNo ?? '']);
    const group = groups.get(groupKey) ?? { head: h, lines: [] };
    groups.set(groupKey, group);
    group.lines.push({ row, line: line.data });
  }
  const deliveries: ExternalBody[] = [];
  for (const g of groups.values()) {
    for (const extra of g.lines.slice(SHIPMENT_LINES_MAX)) {
      bad++;
      errors.push({
        row: extra.row,
        column: titleOf.get('deliveryNoteNo') ?? null,
        message: `同一送货单（供应商、到货日期、送货单号都相同）最多 ${SHIPMENT_LINES_MAX} 行，请分开送货单号`,
      });
    }
    deliveries.push({
      projectId: ctx.projectId,
      ...g.head,
      invoiceNo: undefined,
      remarks: undefined,
      deliveryNoteUploadIds: [],
      invoiceUploadIds: [],
      lines: g.lines.slice(0, SHIPMENT_LINES_MAX).map((l) => l.line),
    });
  }
  errors.sort((a, b) => a.row - b.row || columnRank(a.column) - columnRank(b.column));
  return { rows: sheet.rows.length, okRows: sheet.rows.length - bad, errors, deliveries, sample };
}

const rank = (key: string) => IMPORT_COLUMNS.findIndex((c) => c.key === key);
const columnRank = (title: string | null) => (title === null ? -1 : (orderOf.get(title) ?? 99));
