import { certificateEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { findCjkFont } from '../../lib/cjk-font.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { defineRoute } from '../../lib/route.ts';
import { renderCertificatePdf } from './certificate.pdf.ts';
import type { CertificateService, CertificateView } from './certificate.service.ts';

const tags = ['证书 Certificate'];
/**
 * Who may apply: manufacturers, for their own products; distributors, for an assessment (type 3) of the products
 * they have evidence for (docs/decisions.md, "A distributor's certificate applications").
 */
const applicants = [OrgType.MANUFACTURER, OrgType.DISTRIBUTOR];
const certificationBodies = [OrgType.CERTIFICATION_BODY];

/**
 * Applications, decisions, certificates and public verification (issue 5). The spec names only the screens
 * (/blockchain/…, /free/certificate), so the paths are ours, in the style of the others (docs/decisions.md).
 */
export function registerCertificateRoutes(
  app: FastifyInstance,
  certificates: CertificateService,
  config: Pick<Config, 'publicBaseUrl' | 'certificateFont'>,
) {
  /** Where printed links (QR codes, CSV rows) point: PUBLIC_BASE_URL, never the Host a request came with. */
  const baseUrl = config.publicBaseUrl;
  /** Looked up once: CERTIFICATE_FONT, else a Debian CJK font, else none (the English-only layout). */
  const font = findCjkFont(config.certificateFont);

  async function sendPdf(reply: FastifyReply, cert: CertificateView) {
    const pdf = await renderCertificatePdf(cert, { font });
    reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(pdf.length))
      .header('content-disposition', contentDisposition(`${cert.certNo}.pdf`));
    return reply.send(pdf);
  }

  defineRoute(app, api.bodies, {
    summary: '认证机构列表 Certified certification bodies an application may be addressed to',
    tags,
    handler: () => certificates.bodies(),
  });

  // Applicant (manufacturers; distributors for an assessment)

  defineRoute(app, api.applicableProducts, {
    summary: '可申请证书的产品 Products the caller may apply for',
    description:
      'Certified manufacturers: their own products. Certified distributors: the products they have evidence for, ' +
      'named by one of their ledger records or by any record of a file they have on record too. Other ' +
      'organisations 403. keyword: part of the name. At most 50, newest first.',
    tags,
    orgTypes: applicants,
    handler: ({ user, query }) => certificates.applicableProducts(user, query.keyword || undefined),
  });

  defineRoute(app, api.createApplication, {
    summary: '新建证书申请（草稿） Create a certificate application as a draft',
    description:
      'Certified manufacturers, and certified distributors for type 3 only (403 otherwise). type 1 certified (the ' +
      'certificate the product holds, certNo required to submit), 2 self-declared (published on submission, no ' +
      'body), 3 normal (assessment). productId: one of GET /api/certificate/products; evidenceUploadIds: own ' +
      'uploads; bodyOrgId: a certified certification body (400 per field).',
    tags,
    orgTypes: applicants,
    handler: ({ user, body }) => certificates.create(user, body),
  });

  defineRoute(app, api.updateApplication, {
    summary: '修改证书申请草稿 Edit a draft',
    description: 'Drafts only (409). Another organisation’s application answers 404.',
    tags,
    orgTypes: applicants,
    handler: ({ user, params, body }) => certificates.update(user, params.id, body),
  });

  defineRoute(app, api.submitApplication, {
    summary: '提交证书申请 Submit a draft',
    description:
      'Types 1 and 3 go to the body’s queue (its members get a message); a self-declaration (2) is published at once: ' +
      'put on the evidence ledger as kind "declaration", without a green tag. Needs at least one evidence file, a ' +
      'body (types 1, 3) and the certificate number (type 1): 400 per field.',
    tags,
    orgTypes: applicants,
    handler: ({ user, params }) => certificates.submit(user, params.id),
  });

  defineRoute(app, api.withdrawApplication, {
    summary: '撤回证书申请 Withdraw before a decision',
    tags,
    handler: ({ user, params }) => certificates.withdraw(user, params.id),
  });

  defineRoute(app, api.applications, {
    summary: '我的证书申请 The caller organisation’s applications',
    tags,
    handler: ({ user, query }) => certificates.myApplications(user, query),
  });

  defineRoute(app, api.application, {
    summary: '证书申请详情 One application with its evidence and history',
    description: 'To its applicant, or to the body it was submitted to; anyone else 404.',
    tags,
    handler: ({ user, params }) => certificates.detail(user, params.id),
  });

  // Certification bodies (organisation type 8)

  defineRoute(app, api.approvals, {
    summary: '待审核的证书申请（认证机构） Applications addressed to the caller’s body',
    description: 'Certification bodies only (403). status: 1 submitted (when left out), 2, 3, 4.',
    tags,
    orgTypes: certificationBodies,
    handler: ({ user, query }) => certificates.approvalQueue(user, query),
  });

  defineRoute(app, api.approveApplication, {
    summary: '通过证书申请并发证（认证机构） Approve: issue the certificate',
    description:
      'Certification bodies only (403), applications addressed to the caller (else 404), submitted only (409). ' +
      'certNo unique (409, field certNo); validFrom defaults to today (Asia/Shanghai), validUntil to five years on. ' +
      'In one transaction: the certificate, its ledger entry (kind "certificate"), the product document (kind 3) and ' +
      'the product’s tags; the applicant gets a message.',
    tags,
    orgTypes: certificationBodies,
    handler: ({ user, params, body }) => certificates.approve(user, params.id, body, baseUrl),
  });

  defineRoute(app, api.rejectApplication, {
    summary: '驳回证书申请（认证机构） Reject with a reason',
    tags,
    orgTypes: certificationBodies,
    handler: ({ user, params, body }) => certificates.reject(user, params.id, body.reason),
  });

  // Certificates

  defineRoute(app, api.certificates, {
    summary: '我的证书 Certificates held by the caller’s organisation',
    tags,
    handler: ({ user, query }) => certificates.heldCertificates(user, query, baseUrl),
  });

  defineRoute(app, api.issuedCertificates, {
    summary: '已发证书（认证机构） Certificates issued by the caller’s body',
    tags,
    orgTypes: certificationBodies,
    handler: ({ user, query }) => certificates.issuedCertificates(user, query, baseUrl),
  });

  defineRoute(app, api.certificate, {
    summary: '证书详情 One certificate, to its holder or issuer',
    tags,
    handler: ({ user, params }) => certificates.certificate(user, params.id, baseUrl),
  });

  defineRoute(app, api.revokeCertificate, {
    summary: '撤销证书（发证机构） Revoke a certificate with a reason',
    description:
      'The issuing organisation only (the holder gets 403, others 404); 409 when already revoked. A ledger entry ' +
      '(kind "revocation"); the product’s document of it is removed and its green tag recomputed.',
    tags,
    handler: ({ user, params, body }) => certificates.revoke(user, params.id, body.reason, baseUrl),
  });

  defineRoute(app, api.certificatePdf, {
    summary: '下载证书 PDF The certificate as a PDF with its verification QR code',
    tags,
    handler: async ({ user, params, reply }) =>
      sendPdf(reply, await certificates.forPdf({ user, id: params.id }, baseUrl)),
  });

  // Public (signed, no session)

  defineRoute(app, api.verify, {
    summary: '证书公开查验 Look up a certificate by number (no) or public id (id)',
    description:
      'No session, signed. Answers holder, product, rating, validity, state (valid / expired / revoked on today’s ' +
      'date in Asia/Shanghai) and the ledger evidence: the entry bytes (base64), the canonical content whose SHA-256 ' +
      'the entry records, the inclusion proof and the signed tree head it leads to; for a revoked certificate the ' +
      'revocation entry too. Verify with packages/contract ledger-proof.ts and the key at /open/ledger/key.',
    tags,
    handler: ({ query }) => certificates.verify({ no: query.no, publicId: query.id }, baseUrl),
  });

  defineRoute(app, api.publicPdf, {
    summary: '证书 PDF（公开） The certificate PDF by number (no) or public id (id)',
    tags,
    handler: async ({ query, reply }) =>
      sendPdf(reply, await certificates.forPdf({ no: query.no, publicId: query.id }, baseUrl)),
  });
}
