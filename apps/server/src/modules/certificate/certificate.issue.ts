import {
  ApplicationType,
  type ApplicationTypeValue,
  CertificateLedgerKind,
  ProductDocumentKind,
  productDocumentKindLabels,
} from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { newPublicId } from '../../lib/tokens.ts';
import { appendLedgerEntry } from '../ledger/index.ts';
import { recomputeProductTags } from '../product/index.ts';
import { type CertificateContent, canonicalContent } from './certificate.content.ts';
import * as repo from './certificate.repository.ts';

/** audit_log.entity_type of this module's records. */
export const CertificateAuditEntity = { APPLICATION: 'certificate_application', CERTIFICATE: 'certificate' } as const;

/**
 * Issue a certificate in the caller's transaction: the row, its ledger entry (hash of the canonical content),
 * and, for a third-party certificate, the product document (kind 3) that gives the product its green tag.
 */
export async function issueCertificate(
  tx: Tx,
  actorUserId: number,
  input: {
    type: ApplicationTypeValue;
    applicationId: number | null;
    certNo: string;
    holder: { id: number; name: string };
    product: { id: number; name: string };
    issuer: { id: number; name: string };
    starRating: number | null;
    validFrom: string;
    validUntil: string;
  },
) {
  const publicId = newPublicId();
  const issuedAt = new Date();
  const content: CertificateContent = {
    format: 'jcbb-certificate/v1',
    type: input.type,
    certNo: input.certNo,
    publicId,
    holderOrgId: input.holder.id,
    holder: input.holder.name,
    productId: input.product.id,
    product: input.product.name,
    issuerOrgId: input.issuer.id,
    issuer: input.issuer.name,
    starRating: input.starRating,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    issuedAt: issuedAt.toISOString(),
  };
  const { text, sha256 } = canonicalContent(content);
  const certificateId = await repo.insertCertificate(tx, {
    certNo: input.certNo,
    publicId,
    type: input.type,
    applicationId: input.applicationId,
    holderOrgId: input.holder.id,
    productId: input.product.id,
    issuerOrgId: input.issuer.id,
    starRating: input.starRating,
    validFrom: input.validFrom,
    validUntil: input.validUntil,
    content: text,
    contentSha256: sha256,
    issuedBy: actorUserId,
    issuedAt,
  });
  const ledger = await appendLedgerEntry(tx, {
    kind:
      input.type === ApplicationType.SELF_DECLARED
        ? CertificateLedgerKind.DECLARATION
        : CertificateLedgerKind.CERTIFICATE,
    orgId: input.holder.id,
    contentSha256: sha256,
    meta: {
      certNo: input.certNo,
      publicId,
      type: input.type,
      issuerOrgId: input.issuer.id,
      productId: input.product.id,
      starRating: input.starRating,
      validFrom: input.validFrom,
      validUntil: input.validUntil,
    },
  });
  let productDocumentId: number | null = null;
  if (input.type !== ApplicationType.SELF_DECLARED) {
    // A self-declaration is published as such: it never gives the green tag, which needs a third party.
    productDocumentId = await repo.insertProductDocument(tx, {
      productId: input.product.id,
      kind: ProductDocumentKind.GREEN_CERTIFICATE,
      name: `${productDocumentKindLabels[ProductDocumentKind.GREEN_CERTIFICATE].zh} ${input.certNo}`,
      certNo: input.certNo,
      issuer: input.issuer.name,
      starRating: input.starRating,
      validFrom: input.validFrom,
      validUntil: input.validUntil,
      certificateId,
      createdBy: actorUserId,
    });
  }
  await repo.updateCertificate(tx, certificateId, { leafIndex: ledger.leafIndex, productDocumentId });
  if (productDocumentId !== null) await recomputeProductTags(tx, input.product.id);
  await recordAudit(tx, {
    entity: CertificateAuditEntity.CERTIFICATE,
    entityId: certificateId,
    orgId: input.holder.id,
    actor: { userId: actorUserId, orgId: null }, // the issuer's member; the row is filed under the holder
    action: 'issue',
    fromState: null,
    toState: 'valid',
    data: { certNo: input.certNo, leafIndex: ledger.leafIndex, applicationId: input.applicationId },
  });
  return certificateId;
}
