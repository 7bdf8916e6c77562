import { certificateEndpoints as C, evidenceReadingEndpoints as R, ResponseCode } from '@jcbb/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../../test/endpoint-call.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, materialClassifications, organizations, products, users } from '../../db/schema/index.ts';
import { readField, saveReadingOf, shaOfUpload } from '../evidence-reading/reading.test-support.ts';
import { SMALL_PDF, uploadFile } from '../organization/test-support.ts';
import { certificateReadingUploads } from './index.ts';

/**
 * A certificate application's evidence as read (subject `application`, docs/evidence-reading.md): the applicant sees
 * the findings (before submitting too) and may not review; the body it was submitted to sees and reviews; another
 * maker, another body and a file that is not the application's answer 404; the body's decision keeps the findings.
 */

let server: TestServer;
let maker: string; // 13800000001, 南京绿筑 (manufacturer)
let otherMaker: string; // 13800000008, 苏州新材
let body: string; // 13800000007, 华夏绿色建材认证中心
let otherBody: string; // 13800000004, moved into a second certification body
let makerOrgId = 0;
let bodyOrgId = 0;
let productId = 0;
let certUpload = 0;
let reportUpload = 0;
let strayUpload = 0;

const call = (endpoint: Parameters<typeof callEndpoint>[1], input: Record<string, unknown>, token: string | null) =>
  callEndpoint(server, endpoint, input, token);

async function orgIdOf(mobile: string) {
  const [row] = await server.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.mobile, mobile));
  return row?.orgId as number;
}

/** A PDF of its own bytes (its own reading): SMALL_PDF with a comment line. */
const pdf = (tag: string) => Buffer.concat([SMALL_PDF, Buffer.from(`\n% ${tag}\n`)]);

async function upload(name: string) {
  const res = await uploadFile(server, maker, name, pdf(name), 'application/pdf');
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id as number;
}

async function newApplication(over: Record<string, unknown> = {}) {
  const res = await call(
    C.createApplication,
    {
      type: 3,
      productId,
      bodyOrgId,
      starRating: 3,
      evidenceUploadIds: [reportUpload, certUpload],
      ...over,
    },
    maker,
  );
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id as number;
}

async function submit(id: number) {
  const res = await call(C.submitApplication, { id }, maker);
  expect(res.status, res.raw).toBe(200);
}

const finding = (view: { findings: { code: string; outcome: string; message: string }[] }, code: string) =>
  view.findings.find((f) => f.code === code);

beforeAll(async () => {
  server = await startTestServer();
  maker = await server.login('13800000001');
  otherMaker = await server.login('13800000008');
  body = await server.login('13800000007');
  makerOrgId = await orgIdOf('13800000001');
  bodyOrgId = await orgIdOf('13800000007');
  const db = server.database.db;
  const [cls] = await db.select({ code: materialClassifications.code }).from(materialClassifications).limit(1);
  const [row] = await db
    .insert(products)
    .values({ orgId: makerOrgId, name: '岩棉保温板（申请测试）', classifyCode: cls?.code as string, createdBy: 1 })
    .returning({ id: products.id });
  productId = row?.id as number;
  reportUpload = await upload('检测报告.pdf');
  certUpload = await upload('绿色建材证书.pdf');
  strayUpload = await upload('别的文件.pdf');
  // The certificate as a reader would have read it: two stars (the applications below claim three).
  await saveReadingOf(server, await shaOfUpload(server, certUpload), {
    kind: 'green_certificate',
    fields: [
      readField('certNo', 'LJC-2024-0101-00077'),
      readField('body', '华夏绿色建材认证中心有限公司'),
      readField('holder', '南京绿筑新型建材有限公司'),
      readField('productName', '岩棉保温板（申请测试）'),
      readField('starRating', '2'),
      readField('expiryDate', '2099-12-31'),
    ],
    items: [],
  });
  await saveReadingOf(server, await shaOfUpload(server, reportUpload), {
    kind: 'test_report',
    fields: [readField('reportNo', 'SJK-TEST-0001'), readField('productName', '岩棉保温板（申请测试）')],
    items: [],
  });
  // A second certification body, certified, to which nothing is addressed.
  const [other] = await db
    .insert(organizations)
    .values({ name: '另一家认证机构有限公司', type: 8, certStatus: 2 })
    .returning({ id: organizations.id });
  await db
    .update(users)
    .set({ orgId: other?.id as number })
    .where(eq(users.mobile, '13800000004'));
  otherBody = await server.login('13800000004');
});

afterAll(async () => {
  await server?.stop();
});

describe('an application’s evidence as read', () => {
  it('shows the applicant the findings of a draft, the claimed star level against the certificate, and no review', async () => {
    const id = await newApplication();
    const res = await call(R.reading, { subject: 'application', id, uploadId: certUpload }, maker);
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    const view = res.body.data;
    expect(view).toMatchObject({ state: 'done', kind: 'green_certificate', canReview: false });
    // An assessment (type 3) claims a star level only: the number and body are not compared.
    expect(finding(view, 'ER-09')).toMatchObject({ outcome: 'fail', message: '星级填写为 3 星，证书为 2 星。' });
    // The untyped upload: whatever it is read as is what it is.
    expect(finding(view, 'ER-01')?.outcome).toBe('pass');
    const review = await call(
      R.review,
      { subject: 'application', id, uploadId: certUpload, key: 'starRating', value: '3' },
      maker,
    );
    expect(review.status).toBe(403);
    // A draft is the applicant's alone.
    const draft = await call(R.reading, { subject: 'application', id, uploadId: certUpload }, body);
    expect(draft.status).toBe(404);
  });

  it('checks a held certificate (type 1) against its typed number and the body addressed', async () => {
    const id = await newApplication({
      type: 1,
      starRating: 2,
      certNo: 'LJC-2024-0101-00099',
      validUntil: '2099-12-31',
    });
    const res = await call(R.reading, { subject: 'application', id, uploadId: certUpload }, maker);
    expect(finding(res.body.data, 'ER-09')).toMatchObject({
      outcome: 'fail',
      message: '证书编号填写为 LJC-2024-0101-00099，文件为 LJC-2024-0101-00077。',
    });
  });

  it('lets the body it was submitted to see and review; another maker, another body and a stray file: 404', async () => {
    const id = await newApplication();
    await submit(id);
    const seen = await call(R.reading, { subject: 'application', id, uploadId: certUpload }, body);
    expect(seen.status, seen.raw.slice(0, 300)).toBe(200);
    expect(seen.body.data.canReview).toBe(true);
    expect(finding(seen.body.data, 'ER-09')?.outcome).toBe('fail');
    for (const token of [otherMaker, otherBody]) {
      const res = await call(R.reading, { subject: 'application', id, uploadId: certUpload }, token);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ResponseCode.NOT_FOUND);
      const review = await call(
        R.review,
        { subject: 'application', id, uploadId: certUpload, key: 'starRating', value: '3' },
        token,
      );
      expect(review.status).toBe(404);
    }
    for (const token of [maker, body]) {
      const stray = await call(R.reading, { subject: 'application', id, uploadId: strayUpload }, token);
      expect(stray.status).toBe(404);
    }
    expect((await call(R.reading, { subject: 'application', id: 999999, uploadId: certUpload }, body)).status).toBe(
      404,
    );
    // The body confirms the star level it reads on the certificate; the word is kept under the application.
    const confirmed = await call(
      R.review,
      { subject: 'application', id, uploadId: certUpload, key: 'starRating', value: '2' },
      body,
    );
    expect(confirmed.status, confirmed.raw.slice(0, 300)).toBe(200);
    const star = confirmed.body.data.fields.find((f: { key: string }) => f.key === 'starRating');
    expect(star.review).toMatchObject({ value: '2', confirmed: true });
    expect(finding(confirmed.body.data, 'ER-09')?.outcome).toBe('fail');
    const kept = (await server.database.db.execute(sql`
      select subject, value, org_id from evidence_field_reviews where subject = ${`application:${id}`}`)) as unknown as {
      rows: { subject: string; value: string; org_id: number }[];
    };
    expect(kept.rows).toEqual([{ subject: `application:${id}`, value: '2', org_id: bodyOrgId }]);
  });

  it('keeps the findings before the body in the decision’s audit row, and the history shows them', async () => {
    const id = await newApplication();
    await submit(id);
    const res = await call(C.rejectApplication, { id, reason: '证书星级与申请不符' }, body);
    expect(res.status, res.raw).toBe(200);
    const [row] = await server.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'certificate_application'),
          eq(auditLog.entityId, String(id)),
          eq(auditLog.action, 'reject'),
        ),
      );
    const kept = (row ?? { detail: null }).detail as { readings: { uploadId: number; findings: object[] }[] };
    const readings = kept.readings;
    expect(readings.map((r) => r.uploadId)).toEqual([reportUpload, certUpload]);
    // The body confirmed the certificate's star level once (above): the row says so.
    expect(readings[1]).toMatchObject({ state: 'done', reviewed: 1 });
    expect(readings[1]?.findings).toContainEqual({ code: 'ER-09', version: 1, outcome: 'fail' });
    const detail = await call(C.application, { id }, maker);
    const history = detail.body.data.history as { action: string; readings: unknown[] }[];
    expect(history.find((h) => h.action === 'reject')?.readings).toEqual(readings);
    expect(history.find((h) => h.action === 'submit')?.readings).toEqual([]);
  });

  it('keeps them on approval too', async () => {
    const id = await newApplication({ starRating: 2 });
    await submit(id);
    const res = await call(C.approveApplication, { id, certNo: 'CGBM-READ-0001', starRating: 2 }, body);
    expect(res.status, res.raw).toBe(200);
    const detail = await call(C.application, { id }, body);
    const approve = (detail.body.data.history as { action: string; readings: { findings: unknown[] }[] }[]).find(
      (h) => h.action === 'approve',
    );
    expect(approve?.readings).toHaveLength(2);
    // Two stars claimed, two read: the certificate agrees on its star level.
    expect(approve?.readings[1]?.findings).not.toContainEqual({ code: 'ER-09', version: 1, outcome: 'fail' });
  });

  it('queues the evidence of drafts and submitted applications for reading, not of withdrawn ones', async () => {
    const queued = async () =>
      (
        (await server.database.db.execute(certificateReadingUploads)) as unknown as { rows: Record<string, number>[] }
      ).rows.map((r) => Object.values(r)[0]);
    const onlyHere = await upload('撤回的申请材料.pdf');
    const id = await newApplication({ evidenceUploadIds: [onlyHere] });
    expect(await queued()).toContain(onlyHere);
    expect(await queued()).toContain(certUpload);
    expect(await queued()).not.toContain(strayUpload);
    expect((await call(C.withdrawApplication, { id }, maker)).status).toBe(200);
    expect(await queued()).not.toContain(onlyHere);
  });
});
