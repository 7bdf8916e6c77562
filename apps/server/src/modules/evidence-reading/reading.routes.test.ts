import { evidenceReadingEndpoints as api, listingEndpoints, ProductDocumentKind, ResponseCode } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../../test/endpoint-call.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { readField, saveReadingOf, shaOfUpload } from './reading.test-support.ts';

/**
 * A product's test report as read, where it is used: the manufacturer's own product and a listing in the platform's
 * audit. Who sees it (the manufacturer, the platform; not another manufacturer), who may correct a field (the
 * auditor only), the checks recomputed on the corrected value, and the auditor's decision keeping the findings.
 */

let server: TestServer;
let maker: string;
let other: string;
let platform: string;
let listingId = 0;
let productId = 0;
let reportUpload = 0;
let productName = '';

const call = (endpoint: Parameters<typeof callEndpoint>[1], input: Record<string, unknown>, token: string | null) =>
  callEndpoint(server, endpoint, input, token);

beforeAll(async () => {
  server = await startTestServer();
  maker = await server.login('13800000001');
  other = await server.login('13800000008');
  platform = await server.login('13800000000');
  // A listing waiting for the platform's audit, and its product's test report.
  const queue = await call(listingEndpoints.list, { status: 1 }, platform);
  const listing = queue.body.data.list[0];
  listingId = listing.id;
  productId = listing.productId;
  const docs = (await server.database.db.execute(sql`
    select d.upload_id, p.name from product_documents d join products p on p.id = d.product_id
    where d.product_id = ${productId} and d.kind = ${ProductDocumentKind.TEST_REPORT} and d.upload_id is not null
    order by d.id limit 1`)) as unknown as { rows: { upload_id: number; name: string }[] };
  reportUpload = docs.rows[0]?.upload_id ?? 0;
  productName = docs.rows[0]?.name ?? '';
  expect(reportUpload).toBeGreaterThan(0);
  // The report as a reader would have read it: another product's name, the maker as client, a CMA mark.
  await saveReadingOf(server, await shaOfUpload(server, reportUpload), {
    kind: 'test_report',
    fields: [
      readField('reportNo', 'JC2026-0312-07'),
      readField('productName', '挤塑聚苯乙烯泡沫板'),
      readField('client', '江苏绿筑新材料股份有限公司'),
      readField('cma', 'true'),
      readField('issueDate', '2026-03-05'),
    ],
    items: [],
  });
});

afterAll(async () => {
  await server?.stop();
});

describe('a document as read, where it is used', () => {
  it('shows the manufacturer its own report with the findings, failed first, and no way to review', async () => {
    const res = await call(api.reading, { subject: 'product', id: productId, uploadId: reportUpload }, maker);
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    const view = res.body.data;
    expect(view).toMatchObject({ state: 'done', kind: 'test_report', canReview: false, stateName: '已识别' });
    expect(view.findings[0]).toMatchObject({ code: 'ER-02', outcome: 'fail', expected: productName });
    expect(view.fields.find((f: { key: string }) => f.key === 'productName')).toMatchObject({
      label: '产品名称',
      value: '挤塑聚苯乙烯泡沫板',
      review: null,
    });
    // Fields a report should carry and the reader did not find are listed, empty.
    expect(view.fields.find((f: { key: string }) => f.key === 'laboratory')).toMatchObject({ read: null, value: '' });
    const review = await call(
      api.review,
      { subject: 'product', id: productId, uploadId: reportUpload, key: 'productName', value: productName },
      maker,
    );
    expect(review.status).toBe(403);
  });

  it('answers 404 to another manufacturer, and for a file that is not one of the product’s reports', async () => {
    for (const input of [
      { subject: 'product', id: productId, uploadId: reportUpload },
      { subject: 'listing', id: listingId, uploadId: reportUpload },
    ]) {
      const res = await call(api.reading, input, other);
      expect(res.status, res.raw.slice(0, 200)).toBe(404);
      expect(res.body.code).toBe(ResponseCode.NOT_FOUND);
    }
    const manual = (await server.database.db.execute(sql`
      select upload_id from product_documents where product_id = ${productId} and kind = ${ProductDocumentKind.MANUAL}
      limit 1`)) as unknown as { rows: { upload_id: number }[] };
    const res = await call(
      api.reading,
      { subject: 'listing', id: listingId, uploadId: manual.rows[0]?.upload_id ?? 1 },
      platform,
    );
    expect(res.status).toBe(404);
  });

  it('refuses a subject it does not know and ids that are not ids, field by field', async () => {
    const res = await call(api.reading, { subject: 'delivery', id: 'x', uploadId: -1 }, maker);
    expect(res.status).toBe(400);
    const fields = res.body.data.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['id', 'subject', 'uploadId']);
  });

  it('lets the platform correct a field; the checks then use the corrected value and the word is kept', async () => {
    const before = await call(api.reading, { subject: 'listing', id: listingId, uploadId: reportUpload }, platform);
    expect(before.body.data.canReview).toBe(true);
    const res = await call(
      api.review,
      { subject: 'listing', id: listingId, uploadId: reportUpload, key: 'productName', value: productName },
      platform,
    );
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    const view = res.body.data;
    expect(view.findings.find((f: { code: string }) => f.code === 'ER-02').outcome).toBe('pass');
    const field = view.fields.find((f: { key: string }) => f.key === 'productName');
    expect(field.value).toBe(productName);
    expect(field.read.value).toBe('挤塑聚苯乙烯泡沫板');
    expect(field.review).toMatchObject({ value: productName, confirmed: false });
    const kept = (await server.database.db.execute(sql`
      select read_value, value, subject from evidence_field_reviews where field_key = 'productName'`)) as unknown as {
      rows: { read_value: string; value: string; subject: string }[];
    };
    expect(kept.rows).toEqual([
      { read_value: '挤塑聚苯乙烯泡沫板', value: productName, subject: `listing:${listingId}` },
    ]);
    // The manufacturer now sees the corrected value too.
    const mine = await call(api.reading, { subject: 'product', id: productId, uploadId: reportUpload }, maker);
    expect(mine.body.data.fields.find((f: { key: string }) => f.key === 'productName').value).toBe(productName);
  });

  it('says a file not read yet is waiting, and has no page to show', async () => {
    const sha = await shaOfUpload(server, reportUpload);
    await server.database.db.execute(sql`delete from evidence_readings where sha256 = ${sha}`);
    const res = await call(api.reading, { subject: 'product', id: productId, uploadId: reportUpload }, maker);
    expect(res.body.data).toMatchObject({ state: 'queued', findings: [], fields: [], pages: [] });
    const page = await call(api.page, { subject: 'product', id: productId, uploadId: reportUpload, page: 0 }, maker);
    expect(page.status).toBe(404);
  });

  it('keeps the findings before the platform in the audit row of its decision', async () => {
    await saveReadingOf(server, await shaOfUpload(server, reportUpload), {
      kind: 'test_report',
      fields: [readField('reportNo', 'JC2026-0312-07'), readField('productName', '挤塑聚苯乙烯泡沫板')],
      items: [],
    });
    const rejected = await call(
      listingEndpoints.platformReject,
      { id: listingId, reason: '检测报告的产品名称与申请产品不一致' },
      platform,
    );
    expect(rejected.status, rejected.raw.slice(0, 300)).toBe(200);
    const log = await call(listingEndpoints.getSettledInCitiesAuditLog, { id: listingId }, maker);
    const row = log.body.data.find((r: { action: string }) => r.action === 'platform_reject');
    const report = row.readings.find((r: { uploadId: number }) => r.uploadId === reportUpload);
    expect(report).toMatchObject({ state: 'done', reviewed: 0 });
    expect(report.findings).toContainEqual({ code: 'ER-02', version: 1, outcome: 'fail' });
    expect(report.findings.every((f: { outcome: string }) => f.outcome !== 'pass')).toBe(true);
  });
});
