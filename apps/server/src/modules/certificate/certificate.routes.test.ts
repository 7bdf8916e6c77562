import { createHash } from 'node:crypto';
import { signParams } from '@jcbb/contract';
import { bytesToHex, hexToBytes, leafHash, verifyInclusionAgainstSignedHead } from '@jcbb/contract/ledger-proof';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stringify, type TestServer, toResponse } from '../../../test/harness.ts';
import {
  auditLog,
  materialClassifications,
  messages,
  organizations,
  productDocuments,
  products,
  users,
} from '../../db/schema/index.ts';
import { SMALL_PDF, uploadFile, userIdOf } from '../organization/test-support.ts';

/**
 * Certificates through the real app: permissions (only certification bodies decide, only on applications addressed
 * to them; an applicant sees only its own; the public lookup needs a signature but no session) and the whole flow
 * (apply → approve → ledger → green tag → public proof verifies → revoke → revoked, tag gone).
 */
let server: TestServer;
let maker: string; // 13800000001, manufacturer admin (南京绿筑)
let makerStaff: string; // 13800000009, same manufacturer
let otherMaker: string; // 13800000008, uncertified manufacturer
let body: string; // 13800000007, certification body
let dealer: string; // 13800000002, distributor
let makerOrgId: number;
let bodyOrgId: number;
let productId: number;
let evidenceId: number;

async function orgIdOf(mobile: string) {
  const [row] = await server.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.mobile, mobile));
  return row?.orgId as number;
}

async function insertProduct(orgId: number, name: string) {
  const db = server.database.db;
  const [cls] = await db.select({ code: materialClassifications.code }).from(materialClassifications).limit(1);
  const [row] = await db
    .insert(products)
    .values({ orgId, name, classifyCode: cls?.code as string, createdBy: 1 })
    .returning({ id: products.id });
  return row?.id as number;
}

async function productTags(id: number) {
  const [row] = await server.database.db
    .select({ isGreen: products.isGreen, starRating: products.starRating })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

const draft = (over: Record<string, unknown> = {}) => ({
  type: 3,
  productId,
  bodyOrgId,
  starRating: 2,
  evidenceUploadIds: [evidenceId],
  remarks: '申请二星级评价',
  ...over,
});

async function newSubmitted(over: Record<string, unknown> = {}) {
  const created = await server.call('POST', '/api/certificate/applications', draft(over), maker);
  expect(created.status, created.raw).toBe(200);
  const submitted = await server.call(
    'POST',
    `/api/certificate/applications/${created.body.data.id}/submit`,
    {},
    maker,
  );
  expect(submitted.status, submitted.raw).toBe(200);
  return created.body.data.id as number;
}

/** A signed GET without any session, as the public page sends it. */
function openGet(url: string, query: Record<string, unknown>) {
  return server.call('GET', url, query, null);
}

beforeAll(async () => {
  server = await startTestServer({ publicBaseUrl: 'https://jcbb.example.cn' });
  maker = await server.login('13800000001');
  makerStaff = await server.login('13800000009');
  otherMaker = await server.login('13800000008');
  body = await server.login('13800000007');
  dealer = await server.login('13800000002');
  makerOrgId = await orgIdOf('13800000001');
  bodyOrgId = await orgIdOf('13800000007');
  productId = await insertProduct(makerOrgId, '测试节能型蒸压加气混凝土砌块');
  const upload = await uploadFile(server, maker, '检测报告.pdf', SMALL_PDF, 'application/pdf');
  evidenceId = upload.body.data.id;
});
afterAll(async () => {
  await server?.stop();
});

describe('who may apply', () => {
  it('lists the certified certification bodies', async () => {
    const res = await server.call('GET', '/api/certificate/bodies', {}, maker);
    expect(res.body.data).toEqual([{ id: bodyOrgId, name: '华夏绿色建材认证中心有限公司' }]);
  });

  it('refuses a certification body and an uncertified manufacturer (403); a distributor without evidence (400)', async () => {
    for (const [token, msg] of [
      [body, '只有建材生产企业、经销商可以执行此操作'],
      [otherMaker, '企业认证通过后才能申请证书'],
    ] as const) {
      const res = await server.call('POST', '/api/certificate/applications', draft(), token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(40300);
      expect(res.body.msg).toBe(msg);
      expect((await server.call('GET', '/api/certificate/products', {}, token)).status).toBe(403);
    }
    const res = await server.call('POST', '/api/certificate/applications', draft(), dealer);
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('productId');
  });

  it("refuses another organisation's product, another's upload and a body that is not one (400 per field)", async () => {
    const foreignProduct = await insertProduct(await orgIdOf('13800000008'), '别家的产品');
    let res = await server.call('POST', '/api/certificate/applications', draft({ productId: foreignProduct }), maker);
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('productId');
    const foreignUpload = await uploadFile(server, otherMaker, 'x.pdf', SMALL_PDF, 'application/pdf');
    res = await server.call(
      'POST',
      '/api/certificate/applications',
      draft({ evidenceUploadIds: [foreignUpload.body.data.id] }),
      maker,
    );
    expect(res.body.data.fields[0].field).toBe('evidenceUploadIds');
    res = await server.call('POST', '/api/certificate/applications', draft({ bodyOrgId: makerOrgId }), maker);
    expect(res.body.data.fields[0].field).toBe('bodyOrgId');
    res = await server.call('POST', '/api/certificate/applications', draft({ starRating: 4 }), maker);
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('starRating');
  });

  it('refuses to submit without evidence or, for type 1, without the certificate number', async () => {
    const created = await server.call(
      'POST',
      '/api/certificate/applications',
      draft({ type: 1, evidenceUploadIds: [] }),
      makerStaff,
    );
    expect(created.status).toBe(200);
    const res = await server.call('POST', `/api/certificate/applications/${created.body.data.id}/submit`, {}, maker);
    expect(res.status).toBe(400);
    expect(res.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['certNo', 'evidenceUploadIds']);
  });
});

describe('a distributor applies for the products it has evidence for', () => {
  /** The same report, put on record by the manufacturer for its product, then by the distributor. */
  const report = Buffer.concat([SMALL_PDF, Buffer.from('\n% 经销商证据测试\n')]);
  let dealerProductId: number;
  let dealerUploadId: number;

  beforeAll(async () => {
    dealerProductId = await insertProduct(makerOrgId, '经销测试用岩棉板');
    const makerUpload = await uploadFile(server, maker, '岩棉板检测报告.pdf', report, 'application/pdf');
    const recorded = await server.call(
      'POST',
      '/api/blockchain/storage/add',
      { uploadId: makerUpload.body.data.id, productId: dealerProductId, docType: 1 },
      maker,
    );
    expect(recorded.status, recorded.raw).toBe(200);
    dealerUploadId = (await uploadFile(server, dealer, '岩棉板检测报告.pdf', report, 'application/pdf')).body.data.id;
  });

  it('lists a manufacturer its own products, a distributor not one it has no evidence for', async () => {
    const own = await server.call('GET', '/api/certificate/products', { keyword: '岩棉板' }, maker);
    expect(own.status, own.raw).toBe(200);
    expect(own.body.data.list).toEqual([{ id: dealerProductId, name: '经销测试用岩棉板' }]);
    const dealers = await server.call('GET', '/api/certificate/products', {}, dealer);
    expect(dealers.status, dealers.raw).toBe(200);
    expect(dealers.body.data.list.map((p: { id: number }) => p.id)).not.toContain(dealerProductId);
  });

  it('once the distributor has the same report on record, the product is its to apply for (type 3 only)', async () => {
    const recorded = await server.call(
      'POST',
      '/api/blockchain/storage/add',
      { uploadId: dealerUploadId, docType: 1 },
      dealer,
    );
    expect(recorded.status, recorded.raw).toBe(200);
    const list = await server.call('GET', '/api/certificate/products', { keyword: '岩棉板' }, dealer);
    expect(list.body.data.list).toEqual([{ id: dealerProductId, name: '经销测试用岩棉板' }]);
    const filtered = await server.call('GET', '/api/certificate/products', { keyword: '不存在的名字' }, dealer);
    expect(filtered.body.data.list).toEqual([]);

    const evidence = { productId: dealerProductId, evidenceUploadIds: [dealerUploadId] };
    const selfDeclared = await server.call(
      'POST',
      '/api/certificate/applications',
      draft({ ...evidence, type: 2 }),
      dealer,
    );
    expect(selfDeclared.status).toBe(400);
    expect(selfDeclared.body.data.fields[0].field).toBe('type');
    // A product of the maker that the distributor has no evidence for stays refused.
    const other = await server.call(
      'POST',
      '/api/certificate/applications',
      draft({ evidenceUploadIds: [dealerUploadId] }),
      dealer,
    );
    expect(other.status).toBe(400);
    expect(other.body.data.fields[0].field).toBe('productId');

    const created = await server.call('POST', '/api/certificate/applications', draft(evidence), dealer);
    expect(created.status, created.raw).toBe(200);
    expect(created.body.data.product).toEqual({ id: dealerProductId, name: '经销测试用岩棉板' });
    const submitted = await server.call(
      'POST',
      `/api/certificate/applications/${created.body.data.id}/submit`,
      {},
      dealer,
    );
    expect(submitted.status, submitted.raw).toBe(200);
    const queue = await server.call('GET', '/api/certificate/approvals', {}, body);
    expect(queue.body.data.list.map((a: { id: number }) => a.id)).toContain(created.body.data.id);
    // The maker does not see the distributor's application.
    expect((await server.call('GET', `/api/certificate/applications/${created.body.data.id}`, {}, maker)).status).toBe(
      404,
    );
  });

  it('needs a session (401)', async () => {
    expect((await server.call('GET', '/api/certificate/products', {}, null)).status).toBe(401);
  });
});

describe('applications are their owners’ and their bodies’ only', () => {
  let id: number;
  beforeAll(async () => {
    id = await newSubmitted();
  });

  it('another manufacturer or a distributor gets 404 on detail, edit and withdraw', async () => {
    for (const token of [otherMaker, dealer]) {
      expect((await server.call('GET', `/api/certificate/applications/${id}`, {}, token)).status).toBe(404);
      expect((await server.call('POST', `/api/certificate/applications/${id}/withdraw`, {}, token)).status).toBe(404);
    }
    expect((await server.call('PUT', `/api/certificate/applications/${id}`, draft(), otherMaker)).status).toBe(403);
    const mine = await server.call('GET', '/api/certificate/applications', {}, otherMaker);
    expect(mine.body.data).toEqual({ list: [], total: 0 });
  });

  it('the body sees it in its queue and in detail; a draft stays invisible to it', async () => {
    const queue = await server.call('GET', '/api/certificate/approvals', {}, body);
    expect(queue.body.data.list.map((a: { id: number }) => a.id)).toContain(id);
    const unsubmitted = await server.call('POST', '/api/certificate/applications', draft(), maker);
    const res = await server.call('GET', `/api/certificate/applications/${unsubmitted.body.data.id}`, {}, body);
    expect(res.status).toBe(404);
    expect((await server.call('GET', `/api/certificate/applications/${id}`, {}, body)).status).toBe(200);
  });

  it('only certification bodies decide (403), and only on applications addressed to them (404)', async () => {
    for (const token of [maker, dealer]) {
      const res = await server.call(
        'POST',
        `/api/certificate/approvals/${id}/approve`,
        { certNo: 'CGBM-TEST-403', starRating: 2 },
        token,
      );
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('只有认证机构可以执行此操作');
      expect((await server.call('GET', '/api/certificate/approvals', {}, token)).status).toBe(403);
    }
    // A second certification body, certified, to which nothing was addressed.
    const [other] = await server.database.db
      .insert(organizations)
      .values({ name: '另一家认证机构有限公司', type: 8, certStatus: 2 })
      .returning({ id: organizations.id });
    await server.database.db
      .update(users)
      .set({ orgId: other?.id as number })
      .where(eq(users.mobile, '13800000004'));
    const otherBody = await server.login('13800000004');
    const res = await server.call(
      'POST',
      `/api/certificate/approvals/${id}/reject`,
      { reason: '不是我们的申请' },
      otherBody,
    );
    expect(res.status).toBe(404);
    expect((await server.call('GET', `/api/certificate/applications/${id}`, {}, otherBody)).status).toBe(404);
  });

  it('withdraw before a decision; afterwards nothing more (409) and the body was told', async () => {
    const res = await server.call('POST', `/api/certificate/applications/${id}/withdraw`, {}, maker);
    expect(res.body.data.status).toBe(4);
    expect((await server.call('POST', `/api/certificate/applications/${id}/withdraw`, {}, maker)).status).toBe(409);
    const approve = await server.call(
      'POST',
      `/api/certificate/approvals/${id}/approve`,
      { certNo: 'CGBM-TEST-409', starRating: 2 },
      body,
    );
    expect(approve.status).toBe(409);
    const bodyUser = await userIdOf(server, '13800000007');
    const told = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.toUid, bodyUser), like(messages.title, '证书申请已撤回%')));
    expect(told.length).toBe(1);
  });

  it('rejection keeps its reason, messages the applicant and is in the history', async () => {
    const rejectedId = await newSubmitted();
    const res = await server.call(
      'POST',
      `/api/certificate/approvals/${rejectedId}/reject`,
      { reason: '检测报告已过期' },
      body,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.application).toMatchObject({ status: 3, reason: '检测报告已过期' });
    const detail = await server.call('GET', `/api/certificate/applications/${rejectedId}`, {}, maker);
    expect(detail.body.data.history.map((h: { action: string }) => h.action)).toEqual(['save', 'submit', 'reject']);
    const makerUser = await userIdOf(server, '13800000001');
    const told = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.toUid, makerUser), eq(messages.title, '证书申请未通过：检测报告已过期')));
    expect(told[0]?.channelNo).toBe('materials');
  });
});

describe('the whole flow: apply, approve, ledger, green tag, public proof, revoke', () => {
  let applicationId: number;
  let certificateId: number;
  const certNo = 'CGBM-2026-900001';

  it('the manufacturer applies and the body is told', async () => {
    applicationId = await newSubmitted();
    const bodyUser = await userIdOf(server, '13800000007');
    const told = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.toUid, bodyUser), like(messages.title, '新的证书申请%')));
    expect(told.length).toBeGreaterThan(0);
    expect(await productTags(productId)).toEqual({ isGreen: false, starRating: null });
  });

  it('refuses a validity that has already ended and a validFrom in the future (400)', async () => {
    const res = await server.call(
      'POST',
      `/api/certificate/approvals/${applicationId}/approve`,
      { certNo, starRating: 3, validFrom: '2099-01-01' },
      body,
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('validFrom');
  });

  it('the body approves: a certificate on the ledger, linked to the product, whose green tag follows', async () => {
    const res = await server.call(
      'POST',
      `/api/certificate/approvals/${applicationId}/approve`,
      { certNo: certNo.toLowerCase(), starRating: 3 },
      body,
    );
    expect(res.status, res.raw).toBe(200);
    const cert = res.body.data.certificate;
    certificateId = cert.id;
    expect(cert).toMatchObject({
      certNo,
      state: 'valid',
      starRating: 3,
      holder: { id: makerOrgId },
      issuer: { id: bodyOrgId },
      verifyUrl: `https://jcbb.example.cn/free/certificate?no=${certNo}`,
    });
    expect(cert.publicId).toMatch(/^[\w-]{22}$/);
    expect(typeof cert.leafIndex).toBe('number');
    // Five years by default, the day before.
    const from = cert.validFrom as string;
    expect(cert.validUntil).toBe(
      new Date(Date.UTC(Number(from.slice(0, 4)) + 5, Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)) - 1))
        .toISOString()
        .slice(0, 10),
    );
    expect(res.body.data.application).toMatchObject({ status: 2, certificateId });
    expect(await productTags(productId)).toEqual({ isGreen: true, starRating: 3 });
    const docs = await server.database.db
      .select()
      .from(productDocuments)
      .where(eq(productDocuments.certificateId, certificateId));
    expect(docs).toMatchObject([{ kind: 3, certNo, issuer: '华夏绿色建材认证中心有限公司', starRating: 3 }]);
    const audits = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityType, 'certificate'))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toContain('issue');
  });

  it('a second certificate with the same number is refused (409, field certNo)', async () => {
    const again = await newSubmitted();
    const res = await server.call(
      'POST',
      `/api/certificate/approvals/${again}/approve`,
      { certNo, starRating: 1 },
      body,
    );
    expect(res.status).toBe(409);
    expect(res.body.data.fields[0].field).toBe('certNo');
  });

  it('lists: my certificates for the holder, issued ones for the body; a stranger gets 404 on detail', async () => {
    const mine = await server.call('GET', '/api/certificate/certificates', {}, maker);
    expect(mine.body.data.list.map((c: { certNo: string }) => c.certNo)).toContain(certNo);
    const issued = await server.call('GET', '/api/certificate/issued', { state: 'valid' }, body);
    expect(issued.body.data.list.map((c: { certNo: string }) => c.certNo)).toContain(certNo);
    expect((await server.call('GET', '/api/certificate/issued', {}, maker)).status).toBe(403);
    expect((await server.call('GET', `/api/certificate/certificates/${certificateId}`, {}, otherMaker)).status).toBe(
      404,
    );
    expect((await server.call('GET', `/api/certificate/certificates/${certificateId}`, {}, body)).status).toBe(200);
  });

  it('the public lookup needs a signature but no session', async () => {
    const unsigned = await server.app.inject({ method: 'GET', url: '/open/certificate/verify', query: { no: certNo } });
    expect(unsigned.statusCode).toBe(400);
    expect(toResponse(unsigned).body.code).toBe(10001);
    const res = await openGet('/open/certificate/verify', { no: certNo });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      certNo,
      holder: '南京绿筑新型建材有限公司',
      issuer: '华夏绿色建材认证中心有限公司',
      state: 'valid',
      starRating: 3,
      revocation: null,
      publicKeyUrl: '/open/ledger/key',
    });
    const byId = await openGet('/open/certificate/verify', { id: res.body.data.publicId });
    expect(byId.body.data.certNo).toBe(certNo);
    expect((await openGet('/open/certificate/verify', { no: 'CGBM-0000-NOPE' })).status).toBe(404);
    expect((await openGet('/open/certificate/verify', {})).status).toBe(400);
  });

  it("the lookup's proof verifies with the contract's verifier, and fails when anything is changed", async () => {
    const data = (await openGet('/open/certificate/verify', { no: certNo })).body.data;
    const ev = data.certificate;
    const entry = new Uint8Array(Buffer.from(ev.entry, 'base64'));
    // The entry records the content's hash; the content holds the certificate's public facts.
    expect(createHash('sha256').update(ev.content, 'utf8').digest('hex')).toBe(ev.contentSha256);
    expect(JSON.parse(new TextDecoder().decode(entry))).toMatchObject({
      kind: 'certificate',
      contentSha256: ev.contentSha256,
    });
    expect(JSON.parse(ev.content)).toMatchObject({ certNo, starRating: 3, holder: '南京绿筑新型建材有限公司' });
    expect(bytesToHex(leafHash(entry))).toBe(ev.leafHash);
    const publicKey = await publicKeyHex();
    const check = { entryHash: ev.leafHash, leafIndex: ev.leafIndex, proof: ev.inclusionProof, head: ev.sth };
    expect(verifyInclusionAgainstSignedHead(check, publicKey)).toBe(true);
    const flipped = bytesToHex(leafHash(hexToBytes(ev.leafHash)));
    expect(verifyInclusionAgainstSignedHead({ ...check, entryHash: flipped }, publicKey)).toBe(false);
    expect(
      verifyInclusionAgainstSignedHead({ ...check, head: { ...ev.sth, timestamp: ev.sth.timestamp + 1 } }, publicKey),
    ).toBe(false);
  });

  it('the holder cannot revoke (403); the issuer revokes: a ledger entry, state revoked, green tag gone', async () => {
    expect(
      (
        await server.call(
          'POST',
          `/api/certificate/certificates/${certificateId}/revoke`,
          { reason: '自行撤销' },
          maker,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await server.call(
          'POST',
          `/api/certificate/certificates/${certificateId}/revoke`,
          { reason: '抽检不合格' },
          dealer,
        )
      ).status,
    ).toBe(404);
    const res = await server.call(
      'POST',
      `/api/certificate/certificates/${certificateId}/revoke`,
      { reason: '监督抽检不合格' },
      body,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'revoked', revokeReason: '监督抽检不合格' });
    expect(await productTags(productId)).toEqual({ isGreen: false, starRating: null });
    expect(
      (await server.call('POST', `/api/certificate/certificates/${certificateId}/revoke`, { reason: '再次撤销' }, body))
        .status,
    ).toBe(409);

    const data = (await openGet('/open/certificate/verify', { no: certNo })).body.data;
    expect(data.state).toBe('revoked');
    expect(data.stateName).toBe('已撤销');
    const rev = data.revocation;
    expect(rev.kind).toBe('revocation');
    expect(JSON.parse(rev.content)).toMatchObject({ certNo, certificateSha256: data.certificate.contentSha256 });
    const publicKey = await publicKeyHex();
    for (const ev of [data.certificate, rev]) {
      expect(
        verifyInclusionAgainstSignedHead(
          { entryHash: ev.leafHash, leafIndex: ev.leafIndex, proof: ev.inclusionProof, head: ev.sth },
          publicKey,
        ),
      ).toBe(true);
    }
  });

  it('downloads the certificate as a PDF carrying the verification link (holder, and publicly by number)', async () => {
    const res = await server.call('GET', `/api/certificate/certificates/${certificateId}/pdf`, {}, maker);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const query = stringify(signParams('GET', '/open/certificate/pdf', { no: certNo }, server.key));
    const open = await server.app.inject({ method: 'GET', url: '/open/certificate/pdf', query });
    expect(open.statusCode).toBe(200);
    const pdf = open.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(`/URI (https://jcbb.example.cn/free/certificate?no=${certNo})`);
    expect(
      (await server.call('GET', `/api/certificate/certificates/${certificateId}/pdf`, {}, otherMaker)).status,
    ).toBe(404);
  });
});

describe('self-declaration', () => {
  it('is published on submission, on the ledger as a declaration, without a green tag', async () => {
    const declared = await insertProduct(makerOrgId, '自我声明测试产品');
    const created = await server.call(
      'POST',
      '/api/certificate/applications',
      draft({ type: 2, productId: declared, bodyOrgId: bodyOrgId }),
      maker,
    );
    expect(created.body.data.body).toBeNull();
    const res = await server.call('POST', `/api/certificate/applications/${created.body.data.id}/submit`, {}, maker);
    expect(res.body.data.status).toBe(2);
    const certId = res.body.data.certificateId;
    const cert = await server.call('GET', `/api/certificate/certificates/${certId}`, {}, maker);
    expect(cert.body.data).toMatchObject({ type: 2, typeName: '自我声明', issuer: { id: makerOrgId }, state: 'valid' });
    expect(cert.body.data.certNo).toMatch(/^SD-\d{8}-[A-Z2-9]{6}$/);
    const open = await openGet('/open/certificate/verify', { no: cert.body.data.certNo });
    expect(open.body.data.certificate.kind).toBe('declaration');
    expect(await productTags(declared)).toEqual({ isGreen: false, starRating: null });
    // Nobody decides a declaration.
    expect(
      (
        await server.call(
          'POST',
          `/api/certificate/approvals/${created.body.data.id}/approve`,
          { certNo: 'X-0001', starRating: 1 },
          body,
        )
      ).status,
    ).toBe(404);
  });
});

/** The ledger's public key, as the browser fetches it. */
async function publicKeyHex(): Promise<string> {
  const res = await openGet('/open/ledger/key', {});
  expect(res.body.data.publicKey).toMatch(/^[0-9a-f]{64}$/);
  return res.body.data.publicKey;
}
