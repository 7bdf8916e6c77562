/**
 * The certificate module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { verifyUrlOf } from './certificate.common.ts';
export { defaultValidUntil } from './certificate.content.ts';
export { holderCertificates } from './certificate.holder.ts';
export { CertificateAuditEntity, issueCertificate } from './certificate.issue.ts';
export { certificateReadingSubject } from './certificate.reading.ts';
export {
  certificateReadingUploads,
  certNoTaken,
  insertApplication,
  updateApplication,
} from './certificate.repository.ts';
export { registerCertificateRoutes } from './certificate.routes.ts';
export { createCertificateService } from './certificate.service.ts';
