import {
  applicableProductList,
  applicableProductQuery,
  applicationDetail,
  applicationList,
  applicationListQuery,
  applicationRejectBody,
  applicationSaveBody,
  approveBody,
  certificateItem,
  certificateList,
  certificateListQuery,
  certificateVerifyData,
  certificateVerifyQuery,
  certificationBodyList,
  decisionData,
  revokeBody,
} from '@jcbb/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { defineRoute, idParams } from '../../lib/route.ts';
import { renderCertificatePdf } from './certificate.pdf.ts';
import type { CertificateService, CertificateView } from './certificate.service.ts';

const tags = ['证书 Certificate'];

/**
 * Applications, decisions, certificates and public verification (issue 5). The spec names only the screens
 * (/blockchain/…, /free/certificate), so the paths are ours, in the style of the others (docs/decisions.md).
 */
export function registerCertificateRoutes(
  app: FastifyInstance,
  certificates: CertificateService,
  config: Pick<Config, 'publicBaseUrl'>,
) {
  /** Where the QR code points: the configured public address, else the address this request came to. */
  const baseUrl = (request: FastifyRequest) => config.publicBaseUrl ?? `${request.protocol}://${request.host}`;

  async function sendPdf(reply: FastifyReply, cert: CertificateView) {
    const pdf = await renderCertificatePdf(cert);
    reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(pdf.length))
      .header('content-disposition', `attachment; filename="${cert.certNo}.pdf"`);
    return reply.send(pdf);
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/certificate/bodies',
    summary: '认证机构列表 Certified certification bodies an application may be addressed to',
    tags,
    response: certificationBodyList,
    handler: () => certificates.bodies(),
  });

  // Applicant (manufacturers; distributors for an assessment)

  defineRoute(app, {
    method: 'GET',
    url: '/api/certificate/products',
    summary: '可申请证书的产品 Products the caller may apply for',
    description:
      'Certified manufacturers: their own products. Certified distributors: the products they have evidence for, ' +
      'named by one of their ledger records or by any record of a file they have on record too. Other ' +
      'organisations 403. keyword: part of the name. At most 50, newest first.',
    tags,
    query: applicableProductQuery,
    response: applicableProductList,
    handler: ({ user, query }) => certificates.applicableProducts(user, query.keyword || undefined),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/certificate/applications',
    summary: '新建证书申请（草稿） Create a certificate application as a draft',
    description:
      'Certified manufacturers, and certified distributors for type 3 only (403 otherwise). type 1 certified (the certificate the product holds, certNo ' +
      'required to submit), 2 self-declared (published on submission, no body), 3 normal (assessment). productId: ' +
      'a product of GET /api/certificate/products; evidenceUploadIds: own uploads; bodyOrgId: a certified certification body (400 per field).',
    tags,
    body: applicationSaveBody,
    response: applicationDetail,
    handler: ({ user, body }) => certificates.create(user, body),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/certificate/applications/:id',
    summary: '修改证书申请草稿 Edit a draft',
    description: 'Drafts only (409). Another organisation’s application answers 404.',
    tags,
    params: idParams,
    body: applicationSaveBody,
    response: applicationDetail,
    handler: ({ user, params, body }) => certificates.update(user, params.id, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/certificate/applications/:id/submit',
    summary: '提交证书申请 Submit a draft',
    description:
      'Types 1 and 3 go to the body’s queue (its members get a message); a self-declaration (2) is published at once: ' +
      'put on the evidence ledger as kind "declaration", without a green tag. Needs at least one evidence file, a ' +
      'body (types 1, 3) and the certificate number (type 1): 400 per field.',
    tags,
    params: idParams,
    response: applicationDetail,
    handler: ({ user, params }) => certificates.submit(user, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/certificate/applications/:id/withdraw',
    summary: '撤回证书申请 Withdraw before a decision',
    tags,
    params: idParams,
    response: applicationDetail,
    handler: ({ user, params }) => certificates.withdraw(user, params.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/certificate/applications',
    summary: '我的证书申请 The caller organisation’s applications',
    tags,
    query: applicationListQuery,
    response: applicationList,
    handler: ({ user, query }) => certificates.myApplications(user, query),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/certificate/applications/:id',
    summary: '证书申请详情 One application with its evidence and history',
    description: 'To its applicant, or to the body it was submitted to; anyone else 404.',
    tags,
    params: idParams,
    response: applicationDetail,
    handler: ({ user, params }) => certificates.detail(user, params.id),
  });

  // Certification bodies (organisation type 8)

  defineRoute(app, {
    method: 'GET',
    url: '/api/certificate/approvals',
    summary: '待审核的证书申请（认证机构） Applications addressed to the caller’s body',
    description: 'Certification bodies only (403). status: 1 submitted (when left out), 2, 3, 4.',
    tags,
    query: applicationListQuery,
    response: applicationList,
    handler: ({ user, query }) => certificates.approvalQueue(user, query),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/certificate/approvals/:id/approve',
    summary: '通过证书申请并发证（认证机构） Approve: issue the certificate',
    description:
      'Certification bodies only (403), applications addressed to the caller (else 404), submitted only (409). ' +
      'certNo unique (409, field certNo); validFrom defaults to today (Asia/Shanghai), validUntil to five years on. ' +
      'In one transaction: the certificate, its ledger entry (kind "certificate"), the product document (kind 3) and ' +
      'the product’s tags; the applicant gets a message.',
    tags,
    params: idParams,
    body: approveBody,
    response: decisionData,
    handler: ({ user, params, body, request }) => certificates.approve(user, params.id, body, baseUrl(request)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/certificate/approvals/:id/reject',
    summary: '驳回证书申请（认证机构） Reject with a reason',
    tags,
    params: idParams,
    body: applicationRejectBody,
    response: decisionData,
    handler: ({ user, params, body }) => certificates.reject(user, params.id, body.reason),
  });

  // Certificates

  defineRoute(app, {
    method: 'GET',
    url: '/api/certificate/certificates',
    summary: '我的证书 Certificates held by the caller’s organisation',
    tags,
    query: certificateListQuery,
    response: certificateList,
    handler: ({ user, query, request }) => certificates.heldCertificates(user, query, baseUrl(request)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/certificate/issued',
    summary: '已发证书（认证机构） Certificates issued by the caller’s body',
    tags,
    query: certificateListQuery,
    response: certificateList,
    handler: ({ user, query, request }) => certificates.issuedCertificates(user, query, baseUrl(request)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/certificate/certificates/:id',
    summary: '证书详情 One certificate, to its holder or issuer',
    tags,
    params: idParams,
    response: certificateItem,
    handler: ({ user, params, request }) => certificates.certificate(user, params.id, baseUrl(request)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/certificate/certificates/:id/revoke',
    summary: '撤销证书（发证机构） Revoke a certificate with a reason',
    description:
      'The issuing organisation only (the holder gets 403, others 404); 409 when already revoked. A ledger entry ' +
      '(kind "revocation"); the product’s document of it is removed and its green tag recomputed.',
    tags,
    params: idParams,
    body: revokeBody,
    response: certificateItem,
    handler: ({ user, params, body, request }) => certificates.revoke(user, params.id, body.reason, baseUrl(request)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/certificate/certificates/:id/pdf',
    summary: '下载证书 PDF The certificate as a PDF with its verification QR code',
    tags,
    params: idParams,
    handler: async ({ user, params, request, reply }) =>
      sendPdf(reply, await certificates.forPdf({ user, id: params.id }, baseUrl(request))),
  });

  // Public (signed, no session)

  defineRoute(app, {
    method: 'GET',
    url: '/open/certificate/verify',
    summary: '证书公开查验 Look up a certificate by number (no) or public id (id)',
    description:
      'No session, signed. Answers holder, product, rating, validity, state (valid / expired / revoked on today’s ' +
      'date in Asia/Shanghai) and the ledger evidence: the entry bytes (base64), the canonical content whose SHA-256 ' +
      'the entry records, the inclusion proof and the signed tree head it leads to; for a revoked certificate the ' +
      'revocation entry too. Verify with packages/contract ledger-proof.ts and the key at /open/ledger/key.',
    tags,
    query: certificateVerifyQuery,
    response: certificateVerifyData,
    handler: ({ query, request }) => certificates.verify({ no: query.no, publicId: query.id }, baseUrl(request)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/open/certificate/pdf',
    summary: '证书 PDF（公开） The certificate PDF by number (no) or public id (id)',
    tags,
    query: certificateVerifyQuery,
    handler: async ({ query, request, reply }) =>
      sendPdf(reply, await certificates.forPdf({ no: query.no, publicId: query.id }, baseUrl(request))),
  });
}
