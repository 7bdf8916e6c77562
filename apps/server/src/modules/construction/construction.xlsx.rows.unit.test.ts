import { IMPORT_COLUMNS, IMPORT_ROWS_MAX, type ImportColumnKey } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { type CellValue, readSheet, type SheetRows } from './construction.xlsx.read.ts';
import { checkRows, classifyCodesOf, headerColumns } from './construction.xlsx.rows.ts';
import {
  IMPORT_SUPPLIER_CODE,
  type ImportRowValues,
  importRow,
  importWorkbook,
} from './construction.xlsx.test-support.ts';

/** The stock import's rows, without a database: header, cells read as fields, the contract's rules, grouping. */

const TITLES = IMPORT_COLUMNS.map((c) => c.title);
const CLASSES = new Set(['0107', '0106', '0212']);
const ctx = { projectId: 7, classes: CLASSES, today: '2026-11-28' };

/** A sheet as readSheet answers it: the template's header in row 1, the rows from row 2. */
function sheetOf(rows: ImportRowValues[], header: string[] = TITLES): SheetRows {
  return {
    header: ['', ...header],
    headerRow: 1,
    date1904: false,
    rows: rows.map((r, i) => ({
      row: i + 2,
      cells: [
        null,
        ...header.map(
          (t) => (r[IMPORT_COLUMNS.find((c) => c.title === t)?.key as ImportColumnKey] ?? null) as CellValue,
        ),
      ],
    })),
  };
}

function check(rows: ImportRowValues[]) {
  const sheet = sheetOf(rows);
  const columns = headerColumns(sheet.header, sheet.headerRow);
  if (!(columns instanceof Map)) throw new Error(columns.message);
  return checkRows(sheet, columns, ctx);
}

describe('the header', () => {
  it('names the missing, unknown and repeated columns in one error', () => {
    const header = ['', ...TITLES.filter((t) => t !== '数量' && t !== '批号'), '规格形号', '品牌'];
    expect(headerColumns(header, 3)).toEqual({
      row: 3,
      column: null,
      message: '表头与导入模板不符（缺少列：批号、数量；无法识别的列：规格形号；重复的列：品牌），请使用导入模板的列名',
    });
  });

  it('takes the columns in any order, without the optional ones, with spaces and required-marks', () => {
    const header = [
      '',
      ' 数量 ',
      '供应商名称*',
      ...TITLES.filter((t) => !['数量', '供应商名称', '品牌', '楼层'].includes(t)),
    ];
    const columns = headerColumns(header, 1);
    expect(columns instanceof Map && columns.get('quantity')).toBe(1);
    expect(columns instanceof Map && columns.get('supplierName')).toBe(2);
    expect(columns instanceof Map && columns.has('brand')).toBe(false);
  });
});

describe('cells read as fields', () => {
  it('reads dates as Excel keeps them (day numbers) and as people type them', () => {
    const r = check([
      importRow({ arrivedOn: 46346, productionDate: '2026/11/2' }),
      importRow({ arrivedOn: '2026年11月20日', productionDate: '20261101', batchNo: 'B2' }),
      importRow({ arrivedOn: new Date(Date.UTC(2026, 10, 20)), batchNo: 'B3' }),
    ]);
    expect(r.errors).toEqual([]);
    const lines = r.deliveries.flatMap((d) => d.lines.map((l) => [d.arrivedOn, l.productionDate]));
    expect(lines).toEqual([
      ['2026-11-20', '2026-11-02'],
      ['2026-11-20', '2026-11-01'],
      ['2026-11-20', '2026-11-18'],
    ]);
  });

  it('gives the classification its leading zero back, takes "0107 预拌砂浆" and thousands separators', () => {
    const r = check([
      importRow({ classifyCode: 107, quantity: '1,200.5' }),
      importRow({ classifyCode: '0106 预拌混凝土', batchNo: 'B2' }),
    ]);
    expect(r.errors).toEqual([]);
    expect(r.deliveries[0]?.lines.map((l) => [l.classifyCode, l.quantity])).toEqual([
      ['0107', 1200.5],
      ['0106', 12.5],
    ]);
  });

  it('reads 是/否 and its spellings, blank as 否, and refuses anything else', () => {
    const r = check([
      importRow({ isGreen: '是', greenCertNo: 'GB-1', batchNo: 'B1' }),
      importRow({ isGreen: true, greenCertNo: 'GB-2', batchNo: 'B2' }),
      importRow({ isGreen: null, batchNo: 'B3' }),
      importRow({ isGreen: '可能', batchNo: 'B4' }),
    ]);
    expect(r.errors).toEqual([{ row: 5, column: '是否绿色建材', message: '请填写“是”或“否”' }]);
    expect(r.okRows).toBe(3);
  });

  it('refuses a credit code Excel stored as a number, which has lost its last digits', () => {
    const r = check([importRow({ supplierCreditCode: 913201001234568000 })]);
    expect(r.errors).toEqual([
      { row: 2, column: '统一社会信用代码', message: '数字过长已被 Excel 改写，请把单元格设为“文本”后重新填写' },
    ]);
  });
});

describe('every row checked with the external delivery’s rules', () => {
  it('answers each error with its row and column, in the template’s column order', () => {
    const r = check([
      importRow(),
      importRow({ quantity: 'abc', supplierCreditCode: `${IMPORT_SUPPLIER_CODE.slice(0, 17)}0`, batchNo: 'B2' }),
      importRow({ quantity: -1, materialName: '', batchNo: 'B3' }),
      importRow({ arrivedOn: '2099-01-01', batchNo: 'B4' }),
      importRow({ classifyCode: '9999', productionDate: '2026-11-21', batchNo: 'B5' }),
      importRow({ isGreen: '是', batchNo: 'B6' }),
      importRow({ arrivedOn: '2026-02-30', batchNo: 'B7' }),
    ]);
    const credit = IMPORT_SUPPLIER_CODE.endsWith('0')
      ? []
      : [{ row: 3, column: '统一社会信用代码', message: '统一社会信用代码校验位不正确' }];
    expect(r.errors).toEqual([
      ...credit,
      { row: 3, column: '数量', message: '到货数量必须是数字' },
      { row: 4, column: '材料名称', message: '请输入材料名称' },
      { row: 4, column: '数量', message: '到货数量必须大于 0' },
      { row: 5, column: '到货日期', message: '到货日期不能晚于今天' },
      { row: 6, column: '材料分类代码', message: '请填写正确的材料分类' },
      { row: 6, column: '生产日期', message: '生产日期不能晚于到货日期' },
      { row: 7, column: '绿色建材证书编号', message: '绿色建材请填写证书或检测报告编号' },
      { row: 8, column: '到货日期', message: '不是有效日期' },
    ]);
    expect(r.rows).toBe(7);
    expect(r.okRows).toBe(1);
    expect(r.sample.map((s) => s.row)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(r.sample[1]).toMatchObject({ quantity: null, batchNo: 'B2' });
  });

  it('refuses the template’s example row left in', () => {
    const r = check([importRow({ supplierName: '示例：南京江北建材有限公司', batchNo: '示例-JB1120' })]);
    expect(r.errors).toEqual([{ row: 2, column: null, message: '这是导入模板中的示例行，请删除后再导入' }]);
  });

  it('groups rows by supplier, credit code, arrival date and delivery note, and keeps a delivery to 50 lines', () => {
    const rows = [
      importRow({ batchNo: 'A1' }),
      importRow({ batchNo: 'B1', deliveryNoteNo: 'SN-002' }),
      importRow({ batchNo: 'A2' }),
      importRow({ batchNo: 'C1', arrivedOn: '2026-11-21', productionDate: null }),
      importRow({ batchNo: 'D1', deliveryNoteNo: null }),
    ];
    const r = check(rows);
    expect(r.errors).toEqual([]);
    expect(r.deliveries.map((d) => [d.deliveryNoteNo ?? null, d.arrivedOn, d.lines.map((l) => l.batchNo)])).toEqual([
      ['SN-001', '2026-11-20', ['A1', 'A2']],
      ['SN-002', '2026-11-20', ['B1']],
      ['SN-001', '2026-11-21', ['C1']],
      [null, '2026-11-20', ['D1']],
    ]);
    expect(r.deliveries[2]?.lines[0]?.productionDate).toBeUndefined();
    const many = check(Array.from({ length: 52 }, (_, i) => importRow({ batchNo: `L${i}` })));
    expect(many.errors.map((e) => [e.row, e.column])).toEqual([
      [52, '送货单号'],
      [53, '送货单号'],
    ]);
    expect(many.okRows).toBe(50);
  });

  it('lists the classifications the rows name, to read them once', () => {
    const sheet = sheetOf([
      importRow({ classifyCode: 106 }),
      importRow({ classifyCode: '0212 花岗岩' }),
      importRow({ classifyCode: 'x' }),
    ]);
    const columns = headerColumns(sheet.header, 1);
    expect(columns instanceof Map && classifyCodesOf(sheet, columns).sort()).toEqual(['0106', '0212']);
  });
});

describe('reading the workbook', () => {
  const fileError = async (bytes: Buffer) => {
    const e = await readSheet(bytes).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    return ((e as AppError).data as { fields: { field: string; message: string }[] }).fields;
  };

  it('reads the first sheet’s rows below its header, skipping blank rows', async () => {
    const bytes = await importWorkbook([importRow(), { supplierName: null }, importRow({ batchNo: 'B2' })]);
    const sheet = await readSheet(bytes);
    expect(sheet.header.slice(1)).toEqual(TITLES);
    expect(sheet.rows.map((r) => r.row)).toEqual([2, 4]);
    expect(sheet.rows[0]?.cells[1]).toBe('南京江北砂浆有限公司');
  });

  it('skips the template’s reference sheet when it comes first', async () => {
    const bytes = await importWorkbook([importRow()], {
      before: { name: '材料分类代码', rows: [['分类代码'], ['0101']] },
    });
    expect((await readSheet(bytes)).rows).toHaveLength(1);
  });

  it('refuses what is not a workbook, a workbook without rows, and more than 10 000 rows', async () => {
    expect(await fileError(Buffer.from('%PDF-1.4 not a workbook'))).toEqual([
      { field: 'file', message: '请上传 Excel 工作簿（.xlsx），可先下载导入模板填写' },
    ]);
    const zipOfNothing = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2, 3]);
    expect((await fileError(zipOfNothing))[0]?.message).toMatch(/^文件无法读取/);
    expect(await fileError(await importWorkbook([]))).toEqual([
      { field: 'file', message: '表格中没有数据：请在表头下逐行填写到货明细' },
    ]);
    const tooMany = await importWorkbook(
      Array.from({ length: IMPORT_ROWS_MAX + 1 }, (_, i) => importRow({ batchNo: `R${i}` })),
    );
    expect(await fileError(tooMany)).toEqual([{ field: 'file', message: '每次最多导入 10000 行，请分成几个文件导入' }]);
  }, 30_000);
});
