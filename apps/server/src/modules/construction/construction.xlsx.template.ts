import { creditCodeCheckChar, IMPORT_COLUMNS, IMPORT_ROWS_MAX, type ImportColumnKey } from '@jcbb/contract';
import { addDays } from '@jcbb/contract/time';
import type { DataValidation } from 'exceljs';
import { REFERENCE_SHEET } from './construction.xlsx.read.ts';

/**
 * The stock import's template (docs/construction.md, "Import and export"): the sheet 到货明细 with the import's columns
 * (IMPORT_COLUMNS), an example row, a note on each header and Excel's data validation where it helps (the
 * classification from a list, 是/否, a positive quantity, dates, an 18-character credit code), and the sheet
 * 材料分类代码 listing the platform's product classes (reference data).
 */

export const TEMPLATE_SHEET = '到货明细';
export const TEMPLATE_FILE_NAME = '平台外到货导入模板.xlsx';

const EXAMPLE_SUPPLIER = '示例：南京江北建材有限公司';
const EXAMPLE_BATCH = '示例-JB1120';

/** The template's example row, left in by mistake: it names a supplier and a lot no delivery has. */
export function isExampleRow(values: { supplierName?: unknown; batchNo?: unknown }): boolean {
  return values.supplierName === EXAMPLE_SUPPLIER && values.batchNo === EXAMPLE_BATCH;
}

const STEM = '91320111MA1X7JB2Y';
const EXAMPLE_CREDIT_CODE = STEM + (creditCodeCheckChar(STEM) ?? '');

function exampleRow(today: string): Record<ImportColumnKey, string | number> {
  return {
    supplierName: EXAMPLE_SUPPLIER,
    supplierCreditCode: EXAMPLE_CREDIT_CODE,
    arrivedOn: today,
    deliveryNoteNo: 'SN-001',
    classifyCode: '0107',
    materialName: '预拌砂浆',
    specName: 'DM M10',
    brand: '江北',
    makerName: '南京江北建材有限公司',
    unitName: '吨',
    batchNo: EXAMPLE_BATCH,
    productionDate: addDays(today, -2),
    quantity: 12.5,
    isGreen: '是',
    greenCertNo: 'GB-2026-0001',
    greenCertBody: '中国建材检验认证集团股份有限公司',
    building: '1#教学楼',
    floor: '3F',
    part: '填充墙砌筑',
    storageLocation: '东侧材料堆场',
  };
}

/** What each header's note says (the column's rule, as the import checks it). */
const NOTES: Partial<Record<ImportColumnKey, string>> = {
  supplierName: '必填。同一供应商、信用代码、到货日期、送货单号的各行合为一张到货单（每张最多 50 行）。',
  supplierCreditCode: '必填。18 位统一社会信用代码，校验位须正确。',
  arrivedOn: '必填。格式 2026-11-20，不能晚于今天。',
  classifyCode: '必填。4 位材料分类代码，可从下拉列表选择，见“材料分类代码”表。',
  unitName: '必填。如 吨、立方米、平方米、块。',
  batchNo: '必填。批号或炉号，最多 40 个字。',
  productionDate: '选填。不能晚于到货日期。',
  quantity: '必填。大于 0，最多 3 位小数。',
  isGreen: '选填，“是”或“否”，空白为否。是绿色建材时须填写证书编号。',
  greenCertNo: '绿色建材认证证书或检测报告编号。',
};

const TEXT_COLUMNS = new Set<ImportColumnKey>([
  'supplierCreditCode',
  'deliveryNoteNo',
  'classifyCode',
  'specName',
  'batchNo',
]);
const DATE_COLUMNS = new Set<ImportColumnKey>(['arrivedOn', 'productionDate']);
const WIDTHS: Partial<Record<ImportColumnKey, number>> = {
  supplierName: 28,
  supplierCreditCode: 22,
  materialName: 16,
  makerName: 24,
  greenCertNo: 20,
  greenCertBody: 26,
};

/** The template as bytes. `classes`: the product classes (code, name, category), in code order. */
export async function templateWorkbook(
  classes: { code: string; name: string; categoryName: string }[],
  today: string,
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '建材帮帮';
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({
    header: c.title,
    key: c.key,
    width: WIDTHS[c.key] ?? 14,
    style: TEXT_COLUMNS.has(c.key) ? { numFmt: '@' } : DATE_COLUMNS.has(c.key) ? { numFmt: 'yyyy-mm-dd' } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  IMPORT_COLUMNS.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: c.required ? 'FFFCE4D6' : 'FFEDEDED' },
    };
    cell.note = NOTES[c.key] ?? (c.required ? '必填。' : '选填。');
  });
  const example = exampleRow(today);
  const row = sheet.addRow(
    IMPORT_COLUMNS.map((c) => (DATE_COLUMNS.has(c.key) ? new Date(`${example[c.key]}T00:00:00Z`) : example[c.key])),
  );
  row.font = { italic: true, color: { argb: 'FF808080' } };
  row.getCell(1).note = '示例行：请删除后填写，导入时示例行会被拒绝。';

  const reference = workbook.addWorksheet(REFERENCE_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  reference.columns = [
    { header: '分类代码', key: 'code', width: 10, style: { numFmt: '@' } },
    { header: '分类名称', key: 'name', width: 24 },
    { header: '所属大类', key: 'category', width: 24 },
    { header: '下拉选项', key: 'option', width: 30 },
  ];
  reference.getRow(1).font = { bold: true };
  for (const c of classes) {
    reference.addRow({ code: c.code, name: c.name, category: c.categoryName, option: `${c.code} ${c.name}` });
  }

  // Data validation over the rows the import reads (exceljs writes one range each).
  const last = IMPORT_ROWS_MAX + 1;
  const columnLetter = (key: ImportColumnKey) =>
    sheet.getColumn(IMPORT_COLUMNS.findIndex((c) => c.key === key) + 1).letter;
  const validations = (sheet as unknown as { dataValidations: { add(range: string, v: DataValidation): void } })
    .dataValidations;
  const over = (key: ImportColumnKey, v: DataValidation) =>
    validations.add(`${columnLetter(key)}2:${columnLetter(key)}${last}`, { showErrorMessage: true, ...v });
  over('classifyCode', {
    type: 'list',
    allowBlank: false,
    formulae: [`'${REFERENCE_SHEET}'!$D$2:$D$${classes.length + 1}`],
    errorStyle: 'warning',
    error: '请从列表选择，或填写“材料分类代码”表中的 4 位代码',
  });
  over('isGreen', { type: 'list', allowBlank: true, formulae: ['"是,否"'], error: '请填写“是”或“否”' });
  over('quantity', {
    type: 'decimal',
    operator: 'greaterThan',
    allowBlank: false,
    formulae: [0],
    error: '数量须大于 0',
  });
  for (const key of ['arrivedOn', 'productionDate'] as const) {
    over(key, {
      type: 'date',
      operator: 'greaterThan',
      allowBlank: key === 'productionDate',
      formulae: [new Date(Date.UTC(2000, 0, 1))],
      error: '请填写日期，如 2026-11-20',
    });
  }
  over('supplierCreditCode', {
    type: 'textLength',
    operator: 'equal',
    allowBlank: false,
    formulae: [18],
    error: '统一社会信用代码为 18 位',
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
