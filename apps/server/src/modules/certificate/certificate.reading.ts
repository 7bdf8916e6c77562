import { ApplicationType } from '@jcbb/contract';
import { shanghaiDate, shanghaiToday } from '@jcbb/contract/time';
import type { Tx } from '../../db/client.ts';
import { isOwnOrg } from '../../lib/access.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import type { ReadingSubjectGate, SubjectDocument } from '../evidence-reading/index.ts';
import { visibleApplication } from './certificate.common.ts';
import * as repo from './certificate.repository.ts';

/**
 * A certificate application's evidence as read (docs/evidence-reading.md, subject `application`): whoever sees the
 * application sees its files read and checked — the applicant (its drafts too: it sees the findings before
 * submitting) and the body it was submitted to, which reviews the fields. Checked as of the day it was submitted.
 */

/** One of the application's evidence files as the reader checks it; 404 when the file is not one of them. */
export async function applicationEvidenceDocument(
  tx: Tx,
  user: SessionUser,
  row: repo.ApplicationRow,
  uploadId: number,
): Promise<SubjectDocument> {
  const a = row.application;
  if (!a.evidenceUploadIds.includes(uploadId)) throw notFound('文件不存在');
  const product = await repo.findProduct(tx, a.productId);
  // The application's star level is a claim: a green certificate read should give it (ER-09 reads certificates
  // only). Type 1 confirms a certificate the addressed body issued, so its number, body and expiry are typed too.
  const held = a.type === ApplicationType.CERTIFIED;
  return {
    subjectKey: `application:${a.id}`,
    uploadId,
    productId: a.productId,
    material: null,
    specId: null,
    // The applicant uploads test reports and certificates without saying which is which.
    expectedKind: null,
    declared: {
      certNo: held ? a.certNo : null,
      issuer: held ? row.bodyName : null,
      starRating: a.starRating,
      validFrom: null,
      validUntil: held ? a.validUntil : null,
    },
    useDate: a.submittedAt ? shanghaiDate(a.submittedAt) : shanghaiToday(),
    // A distributor applies for a maker's product: either may be named on the evidence.
    partyOrgIds: product && product.orgId !== a.applicantOrgId ? [a.applicantOrgId, product.orgId] : [a.applicantOrgId],
    editionCode: null,
    canReview: isOwnOrg(user, a.bodyOrgId),
  };
}

/** Every evidence file of the application, as the deciding body sees them (for `readingDigest`). */
export async function applicationEvidenceDocuments(tx: Tx, user: SessionUser, row: repo.ApplicationRow) {
  const docs: SubjectDocument[] = [];
  for (const uploadId of row.application.evidenceUploadIds) {
    docs.push(await applicationEvidenceDocument(tx, user, row, uploadId));
  }
  return docs;
}

/** The `application` subject's gate (wired in app.ts): the application as its visibility says, then the file. */
export const certificateReadingSubject: ReadingSubjectGate = {
  async resolve(tx, user, id, uploadId) {
    const row = visibleApplication(user, await repo.findApplication(tx, id));
    return applicationEvidenceDocument(tx, user, row, uploadId);
  },
};
