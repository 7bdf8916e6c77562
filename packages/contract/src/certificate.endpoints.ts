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
  certificatePathParams,
  certificateVerifyData,
  certificateVerifyQuery,
  certificationBodyList,
  decisionData,
  revokeBody,
} from './certificate.ts';
import { endpoint } from './endpoint.ts';

const A = '/api/certificate/applications';
const C = '/api/certificate/certificates';

/**
 * Certificate applications, decisions, certificates and their public verification (issue 5). The spec names only
 * the screens (/blockchain/…, /free/certificate), so the paths are ours (docs/decisions.md).
 */
export const certificateEndpoints = {
  bodies: endpoint({ method: 'GET', path: '/api/certificate/bodies', response: certificationBodyList }),

  // Applicant (manufacturers; distributors for an assessment)
  /** The products the caller may apply for: a manufacturer's own, a distributor's it has evidence for. */
  applicableProducts: endpoint({
    method: 'GET',
    path: '/api/certificate/products',
    query: applicableProductQuery,
    response: applicableProductList,
  }),
  createApplication: endpoint({ method: 'POST', path: A, body: applicationSaveBody, response: applicationDetail }),
  updateApplication: endpoint({
    method: 'PUT',
    path: `${A}/{id}`,
    params: certificatePathParams,
    body: applicationSaveBody,
    response: applicationDetail,
  }),
  submitApplication: endpoint({
    method: 'POST',
    path: `${A}/{id}/submit`,
    params: certificatePathParams,
    response: applicationDetail,
  }),
  withdrawApplication: endpoint({
    method: 'POST',
    path: `${A}/{id}/withdraw`,
    params: certificatePathParams,
    response: applicationDetail,
  }),
  applications: endpoint({ method: 'GET', path: A, query: applicationListQuery, response: applicationList }),
  /** To its applicant, or to the body it was submitted to. */
  application: endpoint({
    method: 'GET',
    path: `${A}/{id}`,
    params: certificatePathParams,
    response: applicationDetail,
  }),

  // Certification bodies
  approvals: endpoint({
    method: 'GET',
    path: '/api/certificate/approvals',
    query: applicationListQuery,
    response: applicationList,
  }),
  approveApplication: endpoint({
    method: 'POST',
    path: '/api/certificate/approvals/{id}/approve',
    params: certificatePathParams,
    body: approveBody,
    response: decisionData,
  }),
  rejectApplication: endpoint({
    method: 'POST',
    path: '/api/certificate/approvals/{id}/reject',
    params: certificatePathParams,
    body: applicationRejectBody,
    response: decisionData,
  }),

  // Certificates
  certificates: endpoint({ method: 'GET', path: C, query: certificateListQuery, response: certificateList }),
  issuedCertificates: endpoint({
    method: 'GET',
    path: '/api/certificate/issued',
    query: certificateListQuery,
    response: certificateList,
  }),
  certificate: endpoint({ method: 'GET', path: `${C}/{id}`, params: certificatePathParams, response: certificateItem }),
  revokeCertificate: endpoint({
    method: 'POST',
    path: `${C}/{id}/revoke`,
    params: certificatePathParams,
    body: revokeBody,
    response: certificateItem,
  }),
  /** The certificate as a PDF (a file). */
  certificatePdf: endpoint({ method: 'GET', path: `${C}/{id}/pdf`, params: certificatePathParams }),

  // Public (signed, no session)
  verify: endpoint({
    method: 'GET',
    path: '/open/certificate/verify',
    query: certificateVerifyQuery,
    response: certificateVerifyData,
  }),
  /** The certificate PDF by number or public id (a file). */
  publicPdf: endpoint({ method: 'GET', path: '/open/certificate/pdf', query: certificateVerifyQuery }),
};
