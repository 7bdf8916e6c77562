import {
  AuthorisationStatus,
  authorisationState,
  type CalendarEntry,
  InspectionRecordState,
  ListingStatus,
  type StoredAuthorisationStatus,
} from '@jcbb/contract';
import { daysBetween } from '@jcbb/contract/time';

/**
 * The health page's figures as pure functions of the facts the repository reads (docs/enterprise-inspection.md,
 * "Health"): one function per figure, each given `today` (YYYY-MM-DD, Asia/Shanghai), so the boundaries (exactly
 * 30/60/90 days, expiring today, expired yesterday) are tested on hand-built cases without a database.
 */

/** A certificate's days left: 0 on its last valid day, negative once expired. */
export const daysLeft = (validUntil: string, today: string) => daysBetween(today, validUntil);

export interface CertificateFact {
  validUntil: string;
  revoked: boolean;
}

export interface CertificateCounts {
  /** Not revoked and valid today (the expiring ones included). */
  valid: number;
  /** Valid and ending within 30, 60, 90 days (today counts; each includes the nearer ones). */
  within30: number;
  within60: number;
  within90: number;
  /** Past their last valid day (not revoked). */
  expired: number;
  revoked: number;
}

export function certificateCounts(certs: readonly CertificateFact[], today: string): CertificateCounts {
  const c: CertificateCounts = { valid: 0, within30: 0, within60: 0, within90: 0, expired: 0, revoked: 0 };
  for (const cert of certs) {
    if (cert.revoked) {
      c.revoked++;
      continue;
    }
    const left = daysLeft(cert.validUntil, today);
    if (left < 0) {
      c.expired++;
      continue;
    }
    c.valid++;
    if (left <= 30) c.within30++;
    if (left <= 60) c.within60++;
    if (left <= 90) c.within90++;
  }
  return c;
}

export interface ListingFact {
  cityCode: string;
  status: number;
}

const REJECTED: readonly number[] = [ListingStatus.PLATFORM_REJECTED, ListingStatus.CITY_REJECTED];

/** Listings in force (入库) and rejected (by the platform or the city), in total and per city (cities in code order). */
export function listingCounts(listings: readonly ListingFact[]) {
  const byCity = new Map<string, { active: number; rejected: number }>();
  let active = 0;
  let rejected = 0;
  for (const l of listings) {
    const isActive = l.status === ListingStatus.LISTED;
    const isRejected = REJECTED.includes(l.status);
    if (!isActive && !isRejected) continue;
    const city = byCity.get(l.cityCode) ?? { active: 0, rejected: 0 };
    if (isActive) {
      active++;
      city.active++;
    } else {
      rejected++;
      city.rejected++;
    }
    byCity.set(l.cityCode, city);
  }
  const cities = [...byCity.entries()].sort(([a], [b]) => a.localeCompare(b));
  return { active, rejected, byCity: cities.map(([cityCode, n]) => ({ cityCode, ...n })) };
}

export interface AuthorisationFact {
  status: StoredAuthorisationStatus;
  validUntil: string;
}

/** The authorisation's reading today is the distribution module's rule (`authorisationState`). */
const LIVE: readonly string[] = [AuthorisationStatus.ISSUED, AuthorisationStatus.ACTIVE, AuthorisationStatus.SUSPENDED];

/** An authorisation still in force (issued, active or suspended, not expired) that ends within `days` days. */
export function authorisationExpiring(a: AuthorisationFact, today: string, days = 90): boolean {
  if (!LIVE.includes(authorisationState(a.status, a.validUntil, today))) return false;
  return daysLeft(a.validUntil, today) <= days;
}

export const authorisationsExpiring = (auths: readonly AuthorisationFact[], today: string) =>
  auths.filter((a) => authorisationExpiring(a, today)).length;

/** The day twelve months before `today` (29 February to 28 February). */
export function yearBefore(today: string): string {
  const [y, m, d] = today.split('-');
  const day = m === '02' && d === '29' ? '28' : d;
  return `${Number(y) - 1}-${m}-${day}`;
}

/** A day within the last twelve months: after the same day a year ago, up to today. */
export const inLastTwelveMonths = (day: string, today: string) => day > yearBefore(today) && day <= today;

export const failedInLastYear = (days: readonly string[], today: string) =>
  days.filter((d) => inLastTwelveMonths(d, today)).length;

export interface RectificationFact {
  state: string;
  rectificationDeadline: string | null;
}

/** Records awaiting rectification or its acceptance. */
export const isOpenRectification = (r: RectificationFact) =>
  r.state === InspectionRecordState.OPEN || r.state === InspectionRecordState.SUBMITTED;

/** Awaiting the subject's rectification after its deadline (the deadline day itself is not overdue). */
export const isOverdue = (r: RectificationFact, today: string) =>
  r.state === InspectionRecordState.OPEN && r.rectificationDeadline !== null && r.rectificationDeadline < today;

export interface ProductFact {
  /** A green-building-material certificate (issued on the platform or uploaded) or a test report. */
  hasEvidence: boolean;
  /** Specifications without their mass per unit (needed for the carbon figures). */
  specsWithoutMass: number;
}

export const productsMissingDocuments = (products: readonly ProductFact[]) =>
  products.filter((p) => !p.hasEvidence).length;
export const productsMissingMass = (products: readonly ProductFact[]) =>
  products.filter((p) => p.specsWithoutMass > 0).length;

/** The calendar: entries from 90 days ago on, in date order (then by kind), so the month view has the recent past. */
export function calendarOf(entries: readonly CalendarEntry[], today: string): CalendarEntry[] {
  return entries
    .filter((e) => daysLeft(e.date, today) >= -90)
    .sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.title.localeCompare(b.title));
}
