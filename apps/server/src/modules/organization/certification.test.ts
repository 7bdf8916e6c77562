import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, messages } from '../../db/schema/index.ts';
import { creditCode, SMALL_PDF, uploadFile, userIdOf, withWrongCheckChar } from './test-support.ts';

/**
 * The certification flow end to end with the uncertified manufacturer 13800000008 and the platform's auditor
 * 13800000000: submit, reject, resubmit, approve; with the unhappy paths around each step.
 */
let server: TestServer;
let applicant: string;
let auditor: string;
let otherAdmin: string;
let orgId: number;
let licenseId: number;
const CODE = creditCode('91320505MA1W9E4F7');

const validBody = () => ({
  name: '苏州新材科技有限公司',
  nature: 4,
  regionCode: '320505',
  creditCode: CODE,
  address: '江苏省苏州市虎丘区科灵路 78 号',
  legalPerson: '吴芳',
  contactName: '吴昊',
  contactPhone: '13800000008',
  licenseUploadId: licenseId,
});

async function messagesTo(mobile: string, titleStart: string) {
  const uid = await userIdOf(server, mobile);
  return server.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.toUid, uid), like(messages.title, `${titleStart}%`)));
}

beforeAll(async () => {
  server = await startTestServer();
  applicant = await server.login('13800000008');
  auditor = await server.login('13800000000');
  otherAdmin = await server.login('13800000001');
  orgId = (await server.call('GET', '/api/organization', {}, applicant)).body.data.id;
  const upload = await uploadFile(server, applicant, '营业执照.pdf', SMALL_PDF, 'application/pdf');
  expect(upload.status).toBe(200);
  expect(upload.body.data).toMatchObject({ name: '营业执照.pdf', mime: 'application/pdf', size: SMALL_PDF.length });
  licenseId = upload.body.data.id;
});
afterAll(async () => {
  await server?.stop();
});

describe('submitting: refused input', () => {
  it('refuses a credit code whose check character is wrong (400, field creditCode)', async () => {
    const res = await server.call(
      'POST',
      '/api/organization/certification',
      { ...validBody(), creditCode: withWrongCheckChar(CODE) },
      applicant,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.fields).toEqual([{ field: 'creditCode', message: '统一社会信用代码校验位不正确' }]);
  });

  it('refuses an unknown region (400, field regionCode)', async () => {
    const res = await server.call(
      'POST',
      '/api/organization/certification',
      { ...validBody(), regionCode: '999999' },
      applicant,
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('regionCode');
  });

  it("refuses another organisation's upload and an unknown one (400, field licenseUploadId)", async () => {
    const foreign = await uploadFile(server, otherAdmin, 'license.pdf', SMALL_PDF, 'application/pdf');
    expect(foreign.status).toBe(200);
    for (const id of [foreign.body.data.id, 999_999]) {
      const res = await server.call(
        'POST',
        '/api/organization/certification',
        { ...validBody(), licenseUploadId: id },
        applicant,
      );
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toEqual([{ field: 'licenseUploadId', message: '营业执照文件不存在，请重新上传' }]);
    }
  });

  it("refuses another organisation's credit code (409, field creditCode)", async () => {
    const maker = await server.call('GET', '/api/organization', {}, otherAdmin);
    const res = await server.call(
      'POST',
      '/api/organization/certification',
      { ...validBody(), creditCode: maker.body.data.creditCode },
      applicant,
    );
    expect(res.status).toBe(409);
    expect(res.body.data.fields[0].field).toBe('creditCode');
  });

  it('refuses missing fields and a phone that is neither mobile nor landline, naming each field', async () => {
    const res = await server.call(
      'POST',
      '/api/organization/certification',
      { ...validBody(), contactPhone: '12345', legalPerson: undefined },
      applicant,
    );
    expect(res.status).toBe(400);
    const fields = res.body.data.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['contactPhone', 'legalPerson']);
  });

  it('refuses staff (403), certified and government organisations (409) and users without one (403)', async () => {
    const staff = await server.login('13800000009');
    expect((await server.call('POST', '/api/organization/certification', validBody(), staff)).status).toBe(403);
    const certified = await server.call('POST', '/api/organization/certification', validBody(), otherAdmin);
    expect(certified.status).toBe(409);
    expect(certified.body.msg).toBe('企业已认证');
    const gov = await server.login('13800000006');
    const exempt = await server.call('POST', '/api/organization/certification', validBody(), gov);
    expect(exempt.status).toBe(409);
    expect(exempt.body.msg).toBe('政府单位无需认证');
    // A caller without an organisation: the one refusal of lib/access.ts (docs/decisions.md).
    const none = await server.call('POST', '/api/organization/certification', validBody(), auditor);
    expect([none.status, none.body.msg]).toEqual([403, '您尚未加入企业']);
  });

  it('left the organisation untouched', async () => {
    const org = await server.call('GET', '/api/organization', {}, applicant);
    expect(org.body.data).toMatchObject({ certStatus: 0, license: null });
  });
});

describe('the certification flow', () => {
  let firstId: number;
  let secondId: number;

  it('submits: the organisation is pending and the platform is told', async () => {
    const res = await server.call('POST', '/api/organization/certification', validBody(), applicant);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 1,
      statusName: '待审核',
      reason: null,
      details: { name: '苏州新材科技有限公司', creditCode: CODE, licenseName: '营业执照.pdf', natureName: '私营企业' },
    });
    expect(res.body.data.details.regionPath.at(-1)).toBe('虎丘区');
    firstId = res.body.data.id;

    const org = await server.call('GET', '/api/organization', {}, applicant);
    expect(org.body.data).toMatchObject({
      certStatus: 1,
      status: '审核中',
      license: { id: licenseId, name: '营业执照.pdf' },
      contactPhone: '13800000008',
    });
    expect(await messagesTo('13800000000', '新的企业认证申请：苏州新材科技有限公司')).toHaveLength(1);
  });

  it('refuses a second submission while pending (409) and a change of name meanwhile (409)', async () => {
    const again = await server.call('POST', '/api/organization/certification', validBody(), applicant);
    expect(again.status).toBe(409);
    const rename = await server.call('POST', '/api/organization', { name: '苏州新材料集团有限公司' }, applicant);
    expect(rename.status).toBe(409);
  });

  it('keeps the admin routes to super_admin (403 for a manufacturer, the government and the applicant)', async () => {
    const gov = await server.login('13800000006');
    for (const t of [otherAdmin, gov, applicant]) {
      expect((await server.call('GET', '/api/admin/certification/list', {}, t)).status).toBe(403);
      expect((await server.call('GET', `/api/admin/certification/${firstId}`, {}, t)).status).toBe(403);
      expect((await server.call('GET', `/api/admin/certification/${firstId}/license`, {}, t)).status).toBe(403);
      expect((await server.call('POST', `/api/admin/certification/${firstId}/approve`, {}, t)).status).toBe(403);
      expect(
        (await server.call('POST', `/api/admin/certification/${firstId}/reject`, { reason: '不行的理由' }, t)).status,
      ).toBe(403);
    }
    const org = await server.call('GET', '/api/organization', {}, applicant);
    expect(org.body.data.certStatus).toBe(1);
  });

  it('lists the application for the auditor, filtered by status and keyword', async () => {
    const pending = await server.call('GET', '/api/admin/certification/list', {}, auditor);
    expect(pending.status).toBe(200);
    expect(pending.body.data.total).toBe(1);
    const [item] = pending.body.data.list;
    expect(item).toMatchObject({
      id: firstId,
      orgId,
      orgName: '苏州新材科技有限公司',
      orgType: 6,
      orgTypeName: '建材生产企业',
      orgCertStatus: 1,
      status: 1,
      submitter: { mobile: '13800000008', realName: '吴昊' },
      reviewer: null,
      details: { creditCode: CODE },
    });
    expect(item.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const byKeyword = await server.call('GET', '/api/admin/certification/list', { keyword: '新材' }, auditor);
    expect(byKeyword.body.data.total).toBe(1);
    const noMatch = await server.call('GET', '/api/admin/certification/list', { keyword: '不存在的公司' }, auditor);
    expect(noMatch.body.data).toEqual({ list: [], total: 0 });
    const approved = await server.call('GET', '/api/admin/certification/list', { status: 2 }, auditor);
    expect(approved.body.data.total).toBe(0);
    const tooMany = await server.call('GET', '/api/admin/certification/list', { take: 101 }, auditor);
    expect(tooMany.status).toBe(400);
  });

  it('shows the auditor the application with its licence, and streams the licence', async () => {
    const detail = await server.call('GET', `/api/admin/certification/${firstId}`, {}, auditor);
    expect(detail.status).toBe(200);
    expect(detail.body.data.license).toEqual({
      id: licenseId,
      name: '营业执照.pdf',
      mime: 'application/pdf',
      size: SMALL_PDF.length,
    });
    const file = await server.call('GET', `/api/admin/certification/${firstId}/license`, {}, auditor);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw).toBe(SMALL_PDF.toString('utf8'));
    expect((await server.call('GET', '/api/admin/certification/999999', {}, auditor)).status).toBe(404);
  });

  it('rejects with a reason: the organisation sees status 3, the reason and a message', async () => {
    const noReason = await server.call('POST', `/api/admin/certification/${firstId}/reject`, { reason: ' ' }, auditor);
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields[0].field).toBe('reason');

    const res = await server.call(
      'POST',
      `/api/admin/certification/${firstId}/reject`,
      { reason: '营业执照照片不清晰' },
      auditor,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: firstId, status: 3, orgId, orgCertStatus: 3 });

    const org = await server.call('GET', '/api/organization', {}, applicant);
    expect(org.body.data).toMatchObject({ certStatus: 3, status: '未通过', rejectReason: '营业执照照片不清晰' });
    const viewer = await server.call('GET', '/api/user/viewer', {}, applicant);
    expect(viewer.body.data.organization).toMatchObject({ certStatus: 3, status: '未通过' });
    const history = await server.call('GET', '/api/organization/certification', {}, applicant);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({
      id: firstId,
      status: 3,
      statusName: '已驳回',
      reason: '营业执照照片不清晰',
    });
    expect(history.body.data[0].reviewedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [message] = await messagesTo('13800000008', '企业认证未通过');
    expect(message?.title).toContain('营业执照照片不清晰');
    expect(message?.targetUrl).toBe('/organization/orgnizationVerification');
  });

  it('refuses to decide a rejected application again (409)', async () => {
    expect((await server.call('POST', `/api/admin/certification/${firstId}/approve`, {}, auditor)).status).toBe(409);
    const reject = await server.call(
      'POST',
      `/api/admin/certification/${firstId}/reject`,
      { reason: '再驳回一次' },
      auditor,
    );
    expect(reject.status).toBe(409);
  });

  it('resubmits after a rejection', async () => {
    const res = await server.call(
      'POST',
      '/api/organization/certification',
      { ...validBody(), contactPhone: '0512-68001234' },
      applicant,
    );
    expect(res.status).toBe(200);
    secondId = res.body.data.id;
    const org = await server.call('GET', '/api/organization', {}, applicant);
    expect(org.body.data).toMatchObject({ certStatus: 1, rejectReason: null, contactPhone: '0512-68001234' });
    const history = await server.call('GET', '/api/organization/certification', {}, applicant);
    expect(history.body.data.map((a: { id: number }) => a.id)).toEqual([secondId, firstId]);
  });

  it('approves: the organisation is 已认证 and its members are told', async () => {
    const res = await server.call('POST', `/api/admin/certification/${secondId}/approve`, {}, auditor);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: secondId, status: 2, statusName: '已通过', orgCertStatus: 2 });

    const viewer = await server.call('GET', '/api/user/viewer', {}, applicant);
    expect(viewer.body.data.organization).toMatchObject({ certStatus: 2, status: '已认证' });
    const org = await server.call('GET', '/api/organization', {}, applicant);
    expect(org.body.data.certifiedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [message] = await messagesTo('13800000008', '企业认证已通过');
    expect(message).toMatchObject({
      channelNo: 'jcbb',
      targetUrl: '/organization/orgnizationVerification',
      companyId: orgId,
    });

    const approved = await server.call('GET', '/api/admin/certification/list', { status: 2 }, auditor);
    expect(approved.body.data.list[0]).toMatchObject({ id: secondId, reviewer: { realName: '平台审核员' } });
    const all = await server.call('GET', '/api/admin/certification/list', { status: 0 }, auditor);
    expect(all.body.data.total).toBe(2);
  });

  it('refuses to approve twice (409) and a submission once certified (409)', async () => {
    const twice = await server.call('POST', `/api/admin/certification/${secondId}/approve`, {}, auditor);
    expect(twice.status).toBe(409);
    expect((await server.call('POST', '/api/admin/certification/999999/approve', {}, auditor)).status).toBe(404);
    const again = await server.call('POST', '/api/organization/certification', validBody(), applicant);
    expect(again.status).toBe(409);
  });

  it('wrote one audit row per transition', async () => {
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'organization'), eq(auditLog.entityId, String(orgId))))
      .orderBy(asc(auditLog.id));
    const auditorId = await userIdOf(server, '13800000000');
    const applicantId = await userIdOf(server, '13800000008');
    expect(rows.map((r) => [r.action, r.fromState, r.toState, r.actorUserId, r.reason])).toEqual([
      ['certification.submit', '0', '1', applicantId, null],
      ['certification.reject', '1', '3', auditorId, '营业执照照片不清晰'],
      ['certification.submit', '3', '1', applicantId, null],
      ['certification.approve', '1', '2', auditorId, null],
    ]);
  });
});
