import { authEndpoints, organizationEndpoints } from '@jcbb/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, messages } from '../../db/schema/index.ts';
import { creditCode, SMALL_PDF, uploadFile, userIdOf, withWrongCheckChar } from './test-support.ts';

/**
 * The certification flow end to end with the uncertified manufacturer 13800000008 and the platform's auditor
 * 13800000000: submit, reject, resubmit, approve; with the unhappy paths around each step.
 */
let server: TestServer;
/** Sessions by account, for `call(who, …)`: the applicant, the auditor, another manufacturer's administrator, … */
const tokens: Record<string, string> = {};
const { call, callRaw, download } = callsAs(() => server, tokens);
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
  tokens.applicant = await server.login('13800000008');
  tokens.auditor = await server.login('13800000000');
  tokens.otherAdmin = await server.login('13800000001');
  orgId = (await call('applicant', organizationEndpoints.getOrganization)).body.data.id;
  const upload = await uploadFile(server, tokens.applicant as string, '营业执照.pdf', SMALL_PDF, 'application/pdf');
  expect(upload.status).toBe(200);
  expect(upload.body.data).toMatchObject({ name: '营业执照.pdf', mime: 'application/pdf', size: SMALL_PDF.length });
  licenseId = upload.body.data.id;
});
afterAll(async () => {
  await server?.stop();
});

describe('submitting: refused input', () => {
  it('refuses a credit code whose check character is wrong (400, field creditCode)', async () => {
    const res = await call('applicant', organizationEndpoints.submitCertification, {
      ...validBody(),
      creditCode: withWrongCheckChar(CODE),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.fields).toEqual([{ field: 'creditCode', message: '统一社会信用代码校验位不正确' }]);
  });

  it('refuses an unknown region (400, field regionCode)', async () => {
    const res = await call('applicant', organizationEndpoints.submitCertification, {
      ...validBody(),
      regionCode: '999999',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('regionCode');
  });

  it("refuses another organisation's upload and an unknown one (400, field licenseUploadId)", async () => {
    const foreign = await uploadFile(server, tokens.otherAdmin as string, 'license.pdf', SMALL_PDF, 'application/pdf');
    expect(foreign.status).toBe(200);
    for (const id of [foreign.body.data.id, 999_999]) {
      const res = await call('applicant', organizationEndpoints.submitCertification, {
        ...validBody(),
        licenseUploadId: id,
      });
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toEqual([{ field: 'licenseUploadId', message: '营业执照文件不存在，请重新上传' }]);
    }
  });

  it("refuses another organisation's credit code (409, field creditCode)", async () => {
    const maker = await call('otherAdmin', organizationEndpoints.getOrganization);
    const res = await call('applicant', organizationEndpoints.submitCertification, {
      ...validBody(),
      creditCode: maker.body.data.creditCode,
    });
    expect(res.status).toBe(409);
    expect(res.body.data.fields[0].field).toBe('creditCode');
  });

  it('refuses missing fields and a phone that is neither mobile nor landline, naming each field', async () => {
    const res = await callRaw('applicant', organizationEndpoints.submitCertification, {
      ...validBody(),
      contactPhone: '12345',
      legalPerson: undefined,
    });
    expect(res.status).toBe(400);
    const fields = res.body.data.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['contactPhone', 'legalPerson']);
  });

  it('refuses staff (403), certified and government organisations (409) and users without one (403)', async () => {
    tokens.staff = await server.login('13800000009');
    expect((await call('staff', organizationEndpoints.submitCertification, validBody())).status).toBe(403);
    const certified = await call('otherAdmin', organizationEndpoints.submitCertification, validBody());
    expect(certified.status).toBe(409);
    expect(certified.body.msg).toBe('企业已认证');
    tokens.gov = await server.login('13800000006');
    const exempt = await call('gov', organizationEndpoints.submitCertification, validBody());
    expect(exempt.status).toBe(409);
    expect(exempt.body.msg).toBe('政府单位无需认证');
    // A caller without an organisation: the one refusal of lib/access.ts (docs/decisions.md).
    const none = await call('auditor', organizationEndpoints.submitCertification, validBody());
    expect([none.status, none.body.msg]).toEqual([403, '您尚未加入企业']);
  });

  it('left the organisation untouched', async () => {
    const org = await call('applicant', organizationEndpoints.getOrganization);
    expect(org.body.data).toMatchObject({ certStatus: 0, license: null });
  });
});

describe('the certification flow', () => {
  let firstId: number;
  let secondId: number;

  it('submits: the organisation is pending and the platform is told', async () => {
    const res = await call('applicant', organizationEndpoints.submitCertification, validBody());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 1,
      statusName: '待审核',
      reason: null,
      details: { name: '苏州新材科技有限公司', creditCode: CODE, licenseName: '营业执照.pdf', natureName: '私营企业' },
    });
    expect(res.body.data.details.regionPath.at(-1)).toBe('虎丘区');
    firstId = res.body.data.id;

    const org = await call('applicant', organizationEndpoints.getOrganization);
    expect(org.body.data).toMatchObject({
      certStatus: 1,
      status: '审核中',
      license: { id: licenseId, name: '营业执照.pdf' },
      contactPhone: '13800000008',
    });
    expect(await messagesTo('13800000000', '新的企业认证申请：苏州新材科技有限公司')).toHaveLength(1);
  });

  it('refuses a second submission while pending (409) and a change of name meanwhile (409)', async () => {
    const again = await call('applicant', organizationEndpoints.submitCertification, validBody());
    expect(again.status).toBe(409);
    const rename = await call('applicant', organizationEndpoints.saveOrganization, { name: '苏州新材料集团有限公司' });
    expect(rename.status).toBe(409);
  });

  it('keeps the admin routes to super_admin (403 for a manufacturer, the government and the applicant)', async () => {
    tokens.gov = await server.login('13800000006');
    for (const who of ['otherAdmin', 'gov', 'applicant']) {
      expect((await call(who, organizationEndpoints.adminCertifications)).status).toBe(403);
      expect((await call(who, organizationEndpoints.adminCertification, { id: firstId })).status).toBe(403);
      expect((await call(who, organizationEndpoints.adminCertificationLicense, { id: firstId })).status).toBe(403);
      expect((await call(who, organizationEndpoints.approveCertification, { id: firstId })).status).toBe(403);
      expect(
        (await call(who, organizationEndpoints.rejectCertification, { id: firstId, reason: '不行的理由' })).status,
      ).toBe(403);
    }
    const org = await call('applicant', organizationEndpoints.getOrganization);
    expect(org.body.data.certStatus).toBe(1);
  });

  it('lists the application for the auditor, filtered by status and keyword', async () => {
    const pending = await call('auditor', organizationEndpoints.adminCertifications);
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

    const byKeyword = await call('auditor', organizationEndpoints.adminCertifications, { keyword: '新材' });
    expect(byKeyword.body.data.total).toBe(1);
    const noMatch = await call('auditor', organizationEndpoints.adminCertifications, { keyword: '不存在的公司' });
    expect(noMatch.body.data).toEqual({ list: [], total: 0 });
    const approved = await call('auditor', organizationEndpoints.adminCertifications, { status: 2 });
    expect(approved.body.data.total).toBe(0);
    const tooMany = await call('auditor', organizationEndpoints.adminCertifications, { take: 101 });
    expect(tooMany.status).toBe(400);
  });

  it('shows the auditor the application with its licence, and streams the licence', async () => {
    const detail = await call('auditor', organizationEndpoints.adminCertification, { id: firstId });
    expect(detail.status).toBe(200);
    expect(detail.body.data.license).toEqual({
      id: licenseId,
      name: '营业执照.pdf',
      mime: 'application/pdf',
      size: SMALL_PDF.length,
    });
    const file = await download('auditor', organizationEndpoints.adminCertificationLicense, { id: firstId });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body.equals(SMALL_PDF)).toBe(true);
    expect((await call('auditor', organizationEndpoints.adminCertification, { id: 999999 })).status).toBe(404);
  });

  it('rejects with a reason: the organisation sees status 3, the reason and a message', async () => {
    const noReason = await call('auditor', organizationEndpoints.rejectCertification, { id: firstId, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields[0].field).toBe('reason');

    const res = await call('auditor', organizationEndpoints.rejectCertification, {
      id: firstId,
      reason: '营业执照照片不清晰',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: firstId, status: 3, orgId, orgCertStatus: 3 });

    const org = await call('applicant', organizationEndpoints.getOrganization);
    expect(org.body.data).toMatchObject({ certStatus: 3, status: '未通过', rejectReason: '营业执照照片不清晰' });
    const viewer = await call('applicant', authEndpoints.viewer);
    expect(viewer.body.data.organization).toMatchObject({ certStatus: 3, status: '未通过' });
    const history = await call('applicant', organizationEndpoints.certificationHistory);
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
    expect((await call('auditor', organizationEndpoints.approveCertification, { id: firstId })).status).toBe(409);
    const reject = await call('auditor', organizationEndpoints.rejectCertification, {
      id: firstId,
      reason: '再驳回一次',
    });
    expect(reject.status).toBe(409);
  });

  it('resubmits after a rejection', async () => {
    const res = await call('applicant', organizationEndpoints.submitCertification, {
      ...validBody(),
      contactPhone: '0512-68001234',
    });
    expect(res.status).toBe(200);
    secondId = res.body.data.id;
    const org = await call('applicant', organizationEndpoints.getOrganization);
    expect(org.body.data).toMatchObject({ certStatus: 1, rejectReason: null, contactPhone: '0512-68001234' });
    const history = await call('applicant', organizationEndpoints.certificationHistory);
    expect(history.body.data.map((a: { id: number }) => a.id)).toEqual([secondId, firstId]);
  });

  it('approves: the organisation is 已认证 and its members are told', async () => {
    const res = await call('auditor', organizationEndpoints.approveCertification, { id: secondId });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: secondId, status: 2, statusName: '已通过', orgCertStatus: 2 });

    const viewer = await call('applicant', authEndpoints.viewer);
    expect(viewer.body.data.organization).toMatchObject({ certStatus: 2, status: '已认证' });
    const org = await call('applicant', organizationEndpoints.getOrganization);
    expect(org.body.data.certifiedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [message] = await messagesTo('13800000008', '企业认证已通过');
    expect(message).toMatchObject({
      channelNo: 'jcbb',
      targetUrl: '/organization/orgnizationVerification',
      companyId: orgId,
    });

    const approved = await call('auditor', organizationEndpoints.adminCertifications, { status: 2 });
    expect(approved.body.data.list[0]).toMatchObject({ id: secondId, reviewer: { realName: '平台审核员' } });
    const all = await call('auditor', organizationEndpoints.adminCertifications, { status: 0 });
    expect(all.body.data.total).toBe(2);
  });

  it('refuses to approve twice (409) and a submission once certified (409)', async () => {
    const twice = await call('auditor', organizationEndpoints.approveCertification, { id: secondId });
    expect(twice.status).toBe(409);
    expect((await call('auditor', organizationEndpoints.approveCertification, { id: 999999 })).status).toBe(404);
    const again = await call('applicant', organizationEndpoints.submitCertification, validBody());
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
