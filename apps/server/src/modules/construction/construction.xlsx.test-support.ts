import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  constructionEndpoints,
  creditCodeCheckChar,
  IMPORT_COLUMNS,
  type ImportColumnKey,
  signParams,
} from '@jcbb/contract';
import { stringify, type TestResponse, type TestServer, toResponse } from '../../../test/harness.ts';

/** Test helpers of the stock import: workbooks as a site would fill them, and the multipart upload of one. */

const STEM = '91320100MA1MEQ7X9';
export const IMPORT_SUPPLIER_CODE = STEM + (creditCodeCheckChar(STEM) ?? '');

export type ImportRowValues = Partial<Record<ImportColumnKey, string | number | boolean | Date | null>>;

/** A row of the template's columns: a good off-platform lot unless overridden. */
export function importRow(over: ImportRowValues = {}): ImportRowValues {
  return {
    supplierName: '南京江北砂浆有限公司',
    supplierCreditCode: IMPORT_SUPPLIER_CODE,
    arrivedOn: '2026-11-20',
    deliveryNoteNo: 'SN-001',
    classifyCode: '0107',
    materialName: '预拌砂浆',
    specName: 'DM M10',
    brand: '江北',
    makerName: '南京江北砂浆有限公司',
    unitName: '吨',
    batchNo: 'JB-0001',
    productionDate: '2026-11-18',
    quantity: 12.5,
    isGreen: '否',
    building: '1#教学楼',
    floor: '3F',
    part: '填充墙',
    storageLocation: '东侧堆场',
    ...over,
  };
}

/**
 * A workbook of the rows under the template's header (or `header`), written by exceljs' streaming writer (a 10 000-row
 * file in about a second). `extraSheets` come first when `referenceFirst` is set, to test which sheet is read.
 */
export async function importWorkbook(
  rows: ImportRowValues[],
  options: { header?: string[]; sheetName?: string; before?: { name: string; rows: unknown[][] } } = {},
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => stream.on('end', resolve));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  if (options.before) {
    const other = workbook.addWorksheet(options.before.name);
    for (const r of options.before.rows) other.addRow(r).commit();
    other.commit();
  }
  const sheet = workbook.addWorksheet(options.sheetName ?? '到货明细');
  const header = options.header ?? IMPORT_COLUMNS.map((c) => c.title);
  sheet.addRow(header).commit();
  const keys = header.map((title) => IMPORT_COLUMNS.find((c) => c.title === title)?.key);
  for (const r of rows) sheet.addRow(keys.map((k) => (k ? (r[k] ?? null) : null))).commit();
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** `importPreview` as the console sends it: multipart, field "file", signed through the query (with projectId). */
export async function uploadImport(
  server: TestServer,
  token: string | null,
  projectId: number | string,
  name: string,
  bytes: Buffer,
  mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
): Promise<TestResponse> {
  const path = constructionEndpoints.importPreview.path;
  const boundary = `----jcbb${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const query = stringify(signParams('POST', path, { projectId: String(projectId) }, server.key));
  const res = await server.app.inject({
    method: 'POST',
    url: path,
    query,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return toResponse(res);
}
