import { CERT_EXEMPT_ORG_TYPE, CertStatus, Role } from '@jcbb/contract';
import type { SessionUser } from '../../lib/session.ts';

/** What the uncertified banner says, if anything (spec §1, §4, §6, §9). */
export type BannerKind = 'uncertified' | 'pending' | 'rejected';

export function bannerKind(user: SessionUser | null): BannerKind | null {
  const org = user?.organization;
  // No organisation (the platform operator, or a user not yet in one) and government units: no banner.
  if (!org || org.type === CERT_EXEMPT_ORG_TYPE) return null;
  if (org.status === '已认证' || org.certStatus === CertStatus.CERTIFIED) return null;
  if (org.certStatus === CertStatus.PENDING) return 'pending';
  if (org.certStatus === CertStatus.REJECTED) return 'rejected';
  return 'uncertified';
}

export const isEnterpriseAdmin = (user: SessionUser | null): boolean =>
  user?.roles.includes(Role.ENTERPRISE_ADMIN) ?? false;

export const isSuperAdmin = (user: SessionUser | null): boolean => user?.roles.includes(Role.SUPER_ADMIN) ?? false;
