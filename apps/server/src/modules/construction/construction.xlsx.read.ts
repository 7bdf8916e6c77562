import { Readable } from 'node:stream';
import { IMPORT_ROWS_MAX } from '@jcbb/contract';
import { AppError, invalidInput } from '../../lib/errors.ts';

/**
 * Reading an uploaded .xlsx (docs/construction.md, "Import and export"): the first worksheet's rows as plain values,
 * read with exceljs' streaming reader. Styles are not read — they took two thirds of the time of a 10 000-row sheet —
 * so a date cell arrives as its serial number; the import's date columns read serials (construction.xlsx.rows.ts).
 * A file that is not a workbook, or a sheet beyond IMPORT_ROWS_MAX rows, is a 400 on the field `file`.
 */

/** A cell's value as the import reads it. */
export type CellValue = string | number | boolean | Date | null;

export interface SheetRows {
  /** The header row's texts by column (1-based, as Excel numbers them; index 0 unused). */
  header: string[];
  /** The header's row number. */
  headerRow: number;
  /** Data rows below the header that hold anything, each with its row number as Excel shows it. */
  rows: { row: number; cells: CellValue[] }[];
  /** The workbook counts dates from 1904 (old Excel for Mac), not from 1900. */
  date1904: boolean;
}

/** The sheet of the template that holds reference data, not rows (construction.xlsx.template.ts). */
export const REFERENCE_SHEET = '材料分类代码';

const ZIP = [0x50, 0x4b, 0x03, 0x04];

export const NOT_XLSX = '请上传 Excel 工作簿（.xlsx），可先下载导入模板填写';

function fileError(message: string) {
  return invalidInput([{ field: 'file', message }]);
}

/** One exceljs cell value (rich text, formula results, hyperlinks, errors) as a plain value. */
export function plainCell(v: unknown): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as {
      richText?: { text: string }[];
      result?: unknown;
      formula?: string;
      sharedFormula?: string;
      text?: unknown;
      error?: string;
    };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if ('formula' in o || 'sharedFormula' in o) return plainCell(o.result);
    if ('text' in o) return plainCell(o.text);
    if ('error' in o) return null;
  }
  return String(v);
}

const isBlank = (v: CellValue) => v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The rows of the workbook's first worksheet (skipping the template's reference sheet): the first row holding
 * anything is the header. Refuses a file that is not an .xlsx workbook, one without a data row, and one with more
 * than IMPORT_ROWS_MAX data rows (reading stops at the first one too many).
 */
export async function readSheet(bytes: Buffer): Promise<SheetRows> {
  if (bytes.length < 4 || !ZIP.every((b, i) => bytes[i] === b)) throw fileError(NOT_XLSX);
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  // What the streaming reader knows of the workbook once workbook.xml is read (not in exceljs' types).
  const book = reader as unknown as {
    model?: { sheets?: { name: string; state?: string }[] };
    properties?: { date1904?: boolean | string | number };
  };
  let header: string[] | null = null;
  let headerRow = 0;
  const rows: SheetRows['rows'] = [];
  let target: string | null | undefined;
  let read = false;
  try {
    for await (const sheet of reader) {
      // The first visible sheet in the workbook's tab order that is not the reference sheet.
      target ??=
        (book.model?.sheets ?? []).find((s) => s.name !== REFERENCE_SHEET && (s.state ?? 'visible') === 'visible')
          ?.name ?? null;
      const name = (sheet as unknown as { name?: string }).name;
      if (read || name === REFERENCE_SHEET || (target !== null && name !== target)) {
        // Read through a sheet that is not imported: exceljs deletes a sheet it parked in a temporary file (when the
        // shared strings come after the sheets, as Excel writes them) once its rows were asked for, and a sheet
        // skipped unread would be opened after that: an uncaught ENOENT.
        for await (const _ of sheet) {
          // nothing: drained
        }
        continue;
      }
      read = true;
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: CellValue[] = [];
        for (let c = 1; c < values.length; c++) cells[c] = plainCell(values[c]);
        if (cells.every((v) => v === undefined || isBlank(v))) continue;
        if (header === null) {
          header = Array.from(cells, (v) => (v === undefined || v === null ? '' : String(v)));
          headerRow = row.number;
          continue;
        }
        if (rows.length === IMPORT_ROWS_MAX) {
          throw fileError(`每次最多导入 ${IMPORT_ROWS_MAX} 行，请分成几个文件导入`);
        }
        rows.push({ row: row.number, cells });
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw fileError('文件无法读取：不是有效的 Excel 工作簿（.xlsx），或已损坏');
  }
  if (!read) throw fileError('文件无法读取：工作簿中没有可导入的工作表');
  if (header === null || rows.length === 0) throw fileError('表格中没有数据：请在表头下逐行填写到货明细');
  const d1904 = book.properties?.date1904;
  return { header, headerRow, rows, date1904: d1904 === true || d1904 === 1 || d1904 === '1' || d1904 === 'true' };
}
