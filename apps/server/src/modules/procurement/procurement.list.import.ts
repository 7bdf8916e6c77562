import {
  MATERIAL_IMPORT_COLUMNS,
  MATERIAL_IMPORT_ROWS_MAX,
  type MaterialListImportPreviewData,
  materialLineInput,
  productUnits,
} from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { materialClassifications } from '../../db/schema/index.ts';
import { invalidInput } from '../../lib/errors.ts';
import { productClasses } from './procurement.list.repository.ts';
import { placeLine, policyOf } from './procurement.policy.ts';

/**
 * A material list's .xlsx import (docs/procurement.md, "Material lists"): the template (the columns, an example row,
 * the sheets 材料分类代码 and 计量单位), and a preview that checks every row with the grid's rules and answers each row
 * valid (its line) or with its field errors. Nothing is written: the console adds the valid rows (importCommit).
 * Read with exceljs, the library the site's stock import uses (docs/dependencies.md).
 */

export interface ImportFile {
  name: string;
  bytes: Buffer;
}

export const TEMPLATE_FILE_NAME = '材料清单导入模板.xlsx';
const SHEET = '材料清单';
const CLASSES_SHEET = '材料分类代码';
const UNITS_SHEET = '计量单位';
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const NOT_XLSX = '请上传 Excel 工作簿（.xlsx），可先下载导入模板填写';

type ColumnKey = (typeof MATERIAL_IMPORT_COLUMNS)[number]['key'];
const unitIdByName = new Map<string, number>(productUnits.map((u) => [u.name, u.id]));

export async function importTemplate(db: Db): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET);
  sheet.addRow(MATERIAL_IMPORT_COLUMNS.map((c) => (c.required ? `${c.title}` : c.title)));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow([
    '0104',
    '预拌混凝土',
    'C30',
    '立方米',
    120,
    addDays(shanghaiToday(), 60),
    '1#楼基础',
    520,
    '示例行，导入前请删除',
  ]);
  sheet.columns.forEach((c) => {
    c.width = 16;
  });
  const classes = await db
    .select({ code: materialClassifications.code, name: materialClassifications.name })
    .from(materialClassifications)
    .where(eq(materialClassifications.level, 2))
    .orderBy(asc(materialClassifications.code));
  const ref = workbook.addWorksheet(CLASSES_SHEET);
  ref.addRow(['材料分类代码', '名称']);
  for (const c of classes) ref.addRow([c.code, c.name]);
  const units = workbook.addWorksheet(UNITS_SHEET);
  units.addRow(['计量单位']);
  for (const u of productUnits) units.addRow([u.name]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as text: dates as yyyy-mm-dd (Shanghai), numbers as written, rich text and formulas as their value. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (Array.isArray(o.richText))
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in o) return cellText(o.result);
    if ('text' in o) return cellText(o.text);
  }
  return String(v).trim();
}

/** Yuan text → fen, or the text itself (the schema then refuses it) when it is not a sum of money. */
function fenOf(yuan: string): number | string {
  if (yuan === '') return '';
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!m) return yuan.startsWith('-') ? -1 : yuan;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The schema's field → the column the row error is shown under. */
const columnOf: Record<string, ColumnKey> = {
  unitId: 'unitName',
  budgetUnitPriceFen: 'budgetUnitPrice',
};

async function readRows(bytes: Buffer) {
  if (bytes.length < 4 || !ZIP.every((b, i) => bytes[i] === b))
    throw invalidInput([{ field: 'file', message: NOT_XLSX }]);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalidInput([{ field: 'file', message: '文件无法读取：不是有效的 Excel 工作簿（.xlsx），或已损坏' }]);
  }
  const sheet = workbook.worksheets.find((s) => s.name !== CLASSES_SHEET && s.name !== UNITS_SHEET);
  if (!sheet) throw invalidInput([{ field: 'file', message: '工作簿中没有可导入的工作表' }]);
  let header: Map<ColumnKey, number> | null = null;
  const rows: { row: number; cells: Record<string, string> }[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = row.values as unknown[];
    const texts = values.map(cellText);
    if (texts.every((t) => t === '')) return;
    if (header === null) {
      header = new Map();
      for (const c of MATERIAL_IMPORT_COLUMNS) {
        const at = texts.indexOf(c.title);
        if (at > 0) header.set(c.key, at);
      }
      return;
    }
    if (rows.length === MATERIAL_IMPORT_ROWS_MAX) {
      tooMany = true;
      return;
    }
    const h = header as Map<ColumnKey, number>;
    rows.push({
      row: rowNumber,
      cells: Object.fromEntries(MATERIAL_IMPORT_COLUMNS.map((c) => [c.key, texts[h.get(c.key) ?? -1] ?? ''])),
    });
  });
  if (tooMany) {
    throw invalidInput([{ field: 'file', message: `每次最多导入 ${MATERIAL_IMPORT_ROWS_MAX} 行，请分成几个文件导入` }]);
  }
  const h = header as Map<ColumnKey, number> | null;
  const missing = MATERIAL_IMPORT_COLUMNS.filter((c) => c.required && !h?.has(c.key)).map((c) => c.title);
  if (missing.length > 0) {
    throw invalidInput([{ field: 'file', message: `表头缺少列：${missing.join('、')}。请使用导入模板` }]);
  }
  if (rows.length === 0) throw invalidInput([{ field: 'file', message: '表格中没有数据：请在表头下逐行填写材料' }]);
  return rows;
}

/** Every row checked as the grid's save checks a line; the valid ones carry the line to add. */
export async function previewImport(
  tx: Tx,
  editionCode: string | null,
  file: ImportFile,
): Promise<MaterialListImportPreviewData> {
  const rows = await readRows(file.bytes);
  const classes = await productClasses(
    tx,
    rows.map((r) => r.cells.classifyCode ?? ''),
  );
  const policy = await policyOf(tx, editionCode);
  const out = rows.map(({ row, cells }) => {
    const unitName = cells.unitName ?? '';
    const parsed = materialLineInput.omit({ id: true }).safeParse({
      classifyCode: cells.classifyCode,
      commonName: cells.commonName,
      spec: cells.spec,
      unitId: unitName === '' ? undefined : (unitIdByName.get(unitName) ?? -1),
      quantity: cells.quantity,
      requiredBy: cells.requiredBy,
      useLocation: cells.useLocation,
      budgetUnitPriceFen: fenOf(cells.budgetUnitPrice ?? ''),
      remarks: cells.remarks,
    });
    const errors: { field: string; message: string }[] = [];
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'row');
        const field = columnOf[key] ?? key;
        let message = issue.message;
        if (field === 'unitName') message = `计量单位“${unitName}”不在平台的 37 个计量单位中`;
        if (field === 'budgetUnitPrice') message = '预算单价应为不小于 0 的金额（元），最多两位小数';
        if (!errors.some((e) => e.field === field)) errors.push({ field, message });
      }
    }
    const code = cells.classifyCode ?? '';
    if (!errors.some((e) => e.field === 'classifyCode') && !classes.has(code)) {
      errors.push({ field: 'classifyCode', message: `材料分类代码 ${code} 不存在，见“材料分类代码”表` });
    }
    const ok = errors.length === 0 && parsed.success;
    return {
      row,
      cells,
      line: ok ? parsed.data : null,
      classifyName: classes.get(code) ?? null,
      kind: classes.has(code) ? placeLine(policy, code).kind : null,
      errors,
    };
  });
  const okRows = out.filter((r) => r.line !== null).length;
  return { rows: out, okRows, errorRows: out.length - okRows };
}
