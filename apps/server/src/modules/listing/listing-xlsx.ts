import { PassThrough } from 'node:stream';
import type { ListingItem } from '@jcbb/contract';
import { exportColumns, exportRow } from './listing-views.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The listings as a real .xlsx workbook, written row by row into a stream by exceljs' streaming writer (the rows
 * are read before the first byte goes out, so a database error still answers as JSON).
 */
export function listingsWorkbookStream(items: readonly ListingItem[]): PassThrough {
  const stream = new PassThrough();
  // exceljs is loaded on the first export, not at start-up: it alone took about a second of every server start.
  import('exceljs')
    .then(({ default: ExcelJS }) => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      workbook.creator = '建材帮帮';
      // The streaming writer takes the frozen header row as an option; its `views` cannot be set afterwards.
      const sheet = workbook.addWorksheet('产品入库城市', { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = exportColumns.map((c) => ({ header: c.title, key: c.key, width: c.width }));
      sheet.getRow(1).font = { bold: true };
      for (const item of items) sheet.addRow(exportRow(item)).commit();
      sheet.commit();
      return workbook.commit();
    })
    .catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
