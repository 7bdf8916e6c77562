import { CERT_EXEMPT_ORG_TYPE, CertStatus } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { organizations } from '../db/schema/index.ts';
import { forbidden } from './errors.ts';

/**
 * The console's rule for organisations that are not certified (docs/decisions.md, "What an uncertified organisation
 * may do"): they keep and read their own records and drafts, and settle what others started with them, but start
 * nothing that reaches another organisation or the public record. One refusal for every call the rule closes.
 */
export const UNCERTIFIED_MESSAGE = '企业认证通过后才能使用此功能';
export const uncertifiedForbidden = () => forbidden(UNCERTIFIED_MESSAGE);

/** Certified (CertStatus 2), or a government unit, which needs no certification (spec §9). */
export const isCertifiedOrg = (org: { type: number; certStatus: number }): boolean =>
  org.type === CERT_EXEMPT_ORG_TYPE || org.certStatus === CertStatus.CERTIFIED;

/** The organisation's state as it is now (one primary-key read): `certified` routes ask it on every call. */
export async function orgIsCertified(tx: Tx, orgId: number): Promise<boolean> {
  const [org] = await tx
    .select({ type: organizations.type, certStatus: organizations.certStatus })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  return org !== undefined && isCertifiedOrg(org);
}
