import { randomUUID } from 'node:crypto';
import { MATERIAL_IMPORT_COLUMNS, materialListEndpoints, signParams } from '@jcbb/contract';
import { and, eq, sql } from 'drizzle-orm';
import { stringify, type TestResponse, type TestServer, toResponse } from '../../../test/harness.ts';
import {
  inquiries,
  inquiryLines,
  materialClassifications,
  materialListLines,
  projects,
} from '../../db/schema/index.ts';

/**
 * Test helpers of material lists: the demo's projects and classes by name, a chosen product set as the sourcing part
 * would set it, an inquiry naming a line (rows inserted directly: the sourcing part's calls are not here), and the
 * import's workbook and multipart upload.
 */

export const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';
export const HOSPITAL = '江宁区人民医院门急诊综合楼';
export const SPORTS = '建邺区青少年体育中心';

/**
 * This file's copy of the database without the demo's procurement (demo-procurement.ts writes lists, inquiries and an
 * order for the school and the hospital): the list tests build their lists from empty.
 */
export async function clearDemoProcurement(server: TestServer): Promise<void> {
  // Children first (each a statement of its own: a prepared statement holds one).
  for (const table of [
    'purchase_order_shipment_lines',
    'purchase_order_shipments',
    'alternate_suppliers',
    'purchase_order_lines',
    'purchase_orders',
    'quote_lines',
    'quotes',
    'inquiry_lines',
    'inquiry_suppliers',
    'inquiries',
    'material_list_versions',
    'material_list_lines',
    'material_lists',
  ]) {
    await server.database.db.execute(sql.raw(`delete from ${table}`));
  }
}

export async function projectNamed(server: TestServer, name: string) {
  const [p] = await server.database.db.select().from(projects).where(eq(projects.name, name));
  if (!p) throw new Error(`no project ${name}`);
  return p;
}

/** A product class (level 2) by its name. */
export async function classNamed(server: TestServer, name: string): Promise<string> {
  const [c] = await server.database.db
    .select({ code: materialClassifications.code })
    .from(materialClassifications)
    .where(and(eq(materialClassifications.name, name), eq(materialClassifications.level, 2)));
  if (!c) throw new Error(`no class ${name}`);
  return c.code;
}

/** The product chosen for a line, as the sourcing part sets it. */
export async function chooseSpec(server: TestServer, lineId: number, specId: number, supplierOrgId: number) {
  await server.database.db
    .update(materialListLines)
    .set({ chosenSpecId: specId, chosenSupplierOrgId: supplierOrgId, chosenReason: '中选报价' })
    .where(eq(materialListLines.id, lineId));
}

/** A draft inquiry of the project naming the line. */
export async function inquiryNaming(server: TestServer, p: { projectId: number; buyerOrgId: number; lineId: number }) {
  const db = server.database.db;
  const [inq] = await db
    .insert(inquiries)
    .values({
      number: `XJ-${randomUUID().slice(0, 8)}`,
      projectId: p.projectId,
      buyerOrgId: p.buyerOrgId,
      title: '测试询价',
      deadline: new Date(Date.now() + 86_400_000),
      createdBy: 1,
    })
    .returning({ id: inquiries.id });
  await db
    .insert(inquiryLines)
    .values({ inquiryId: (inq as { id: number }).id, lineNo: 1, listLineId: p.lineId, quantity: '1' });
}

type Row = Partial<Record<(typeof MATERIAL_IMPORT_COLUMNS)[number]['key'], string | number | Date | null>>;

/** A workbook with the template's header and the rows. */
export async function listWorkbook(rows: Row[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('材料清单');
  sheet.addRow(MATERIAL_IMPORT_COLUMNS.map((c) => c.title));
  for (const r of rows) sheet.addRow(MATERIAL_IMPORT_COLUMNS.map((c) => r[c.key] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `materialListImportPreview` as the console sends it: multipart, field "file", signed through the query. */
export async function uploadList(
  server: TestServer,
  token: string | null,
  projectId: number,
  bytes: Buffer,
): Promise<TestResponse> {
  const path = materialListEndpoints.materialListImportPreview.path;
  const boundary = `----jcbb${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
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
