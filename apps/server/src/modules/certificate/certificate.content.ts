import { createHash } from 'node:crypto';
import { CERTIFICATE_VALIDITY_YEARS, type CertificateStateValue } from '@jcbb/contract';
import { canonicalEntryJson } from '@jcbb/contract/ledger-proof';

/*
 * What goes on the evidence ledger for a certificate, and how a certificate's state is read from its dates.
 * Pure functions: the content is the exact text whose SHA-256 the ledger entry records, kept on the certificate
 * row so anyone can recompute the hash. Organisation and product names are public business facts; no person's
 * name, mobile or account appears (issue 5: "entries hold hashes and metadata, never personal data").
 */

export interface CertificateContent {
  format: 'jcbb-certificate/v1';
  /** ApplicationType: 1 certified, 2 self-declared, 3 normal. */
  type: number;
  certNo: string;
  publicId: string;
  holderOrgId: number;
  holder: string;
  productId: number;
  product: string;
  issuerOrgId: number;
  issuer: string;
  starRating: number | null;
  validFrom: string;
  validUntil: string;
  /** The moment of issue, ISO 8601 UTC. */
  issuedAt: string;
}

export interface RevocationContent {
  format: 'jcbb-revocation/v1';
  certNo: string;
  publicId: string;
  /** The revoked certificate's content hash: binds the revocation to exactly that certificate. */
  certificateSha256: string;
  issuerOrgId: number;
  reason: string;
  revokedAt: string;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The canonical text and its SHA-256: the ledger's canonical JSON (`canonicalEntryJson`, keys sorted, no spaces),
 * so the same content always gives the same bytes, by the one implementation the browser's check relies on too.
 */
export function canonicalContent(content: CertificateContent | RevocationContent): { text: string; sha256: string } {
  const text = canonicalEntryJson(content as unknown as Parameters<typeof canonicalEntryJson>[0]);
  return { text, sha256: sha256Hex(text) };
}

/** A date `years` later, the day before: a certificate from 2026-07-01 for 5 years is valid until 2031-06-30. */
export function defaultValidUntil(validFrom: string, years = CERTIFICATE_VALIDITY_YEARS): string {
  const d = new Date(`${validFrom}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Valid, expired or revoked on `today` (YYYY-MM-DD in Asia/Shanghai); a certificate counts on its last day. */
export function certificateState(
  cert: { validUntil: string; revokedAt: Date | null },
  today: string,
): CertificateStateValue {
  if (cert.revokedAt) return 'revoked';
  return cert.validUntil < today ? 'expired' : 'valid';
}
