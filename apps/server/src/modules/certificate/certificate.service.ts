import type { Db } from '../../db/client.ts';
import { createApplicantCalls } from './certificate.applicant.ts';
import { createBodyCalls } from './certificate.body.ts';
import { createVerificationCalls } from './certificate.verification.ts';

export type { CertificateView } from './certificate.common.ts';

export type CertificateService = ReturnType<typeof createCertificateService>;

/**
 * Certificate applications, decisions, issued certificates and their revocation (issue 5 items 3–5), by actor: the
 * applicant (`certificate.applicant.ts`), the certification body (`certificate.body.ts`) and the certificate's
 * readers and public verification (`certificate.verification.ts`). Each change is one transaction with its audit
 * rows, its ledger entry and its messages (docs/design.md §5).
 */
export function createCertificateService({ db }: { db: Db }) {
  return {
    ...createApplicantCalls({ db }),
    ...createBodyCalls({ db }),
    ...createVerificationCalls({ db }),
  };
}
