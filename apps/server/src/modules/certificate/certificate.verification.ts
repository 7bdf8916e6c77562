import { ledgerEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { certificateCommon, certificateView } from './certificate.common.ts';
import { ledgerEvidence } from './certificate.ledger.ts';
import * as repo from './certificate.repository.ts';

/**
 * A certificate as its holder or issuer sees it, its PDF (theirs, or anyone's by number), and the public
 * verification of the /free/certificate page with its ledger evidence.
 */
export function createVerificationCalls({ db }: { db: Db }) {
  const { visibleCertificate } = certificateCommon(db);

  return {
    certificate: visibleCertificate,

    /** A certificate's view for the PDF: to its holder or issuer (`user`), or to anyone by number (public). */
    async forPdf(key: { user: SessionUser; id: number } | { no?: string; publicId?: string }, baseUrl: string) {
      if ('user' in key) return visibleCertificate(key.user, key.id, baseUrl);
      const row = await repo.findCertificateByNoOrPublicId(db, key);
      if (!row) throw notFound('证书不存在');
      return certificateView(row, shanghaiToday(), baseUrl);
    },

    async verify(key: { no?: string; publicId?: string }, baseUrl: string) {
      const row = await repo.findCertificateByNoOrPublicId(db, key);
      if (!row) throw notFound('未找到该证书，请核对证书编号');
      const c = row.certificate;
      const today = shanghaiToday();
      const view = certificateView(row, today, baseUrl);
      const certificate = c.leafIndex === null ? null : await ledgerEvidence(db, c.leafIndex, c.content);
      const revocation =
        c.revocationLeafIndex === null || c.revocationContent === null
          ? null
          : await ledgerEvidence(db, c.revocationLeafIndex, c.revocationContent);
      return {
        certNo: c.certNo,
        publicId: c.publicId,
        type: c.type,
        typeName: view.typeName,
        holder: row.holderName,
        product: { id: c.productId, name: row.productName },
        issuer: row.issuerName,
        starRating: c.starRating,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        state: view.state,
        stateName: view.stateName,
        revokedAt: view.revokedAt,
        revokeReason: c.revokeReason,
        checkedOn: today,
        certificate,
        revocation,
        // Where the ledger publishes its Ed25519 public key (the ledger module's call).
        publicKeyUrl: ledgerEndpoints.key.path,
        verifyUrl: view.verifyUrl,
      };
    },
  };
}
