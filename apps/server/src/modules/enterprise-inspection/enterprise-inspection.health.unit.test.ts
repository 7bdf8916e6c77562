import { ListingStatus } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import {
  authorisationExpiring,
  calendarOf,
  certificateCounts,
  failedInLastYear,
  isOverdue,
  listingCounts,
  productsMissingDocuments,
  productsMissingMass,
  yearBefore,
} from './enterprise-inspection.health.ts';

const today = '2026-06-15';
const cert = (validUntil: string, revoked = false) => ({ validUntil, revoked });

describe('certificate counts', () => {
  it('counts a certificate ending today as valid and expiring within 30 days', () => {
    expect(certificateCounts([cert('2026-06-15')], today)).toEqual({
      valid: 1,
      within30: 1,
      within60: 1,
      within90: 1,
      expired: 0,
      revoked: 0,
    });
  });

  it('counts one that ended yesterday as expired, not valid', () => {
    expect(certificateCounts([cert('2026-06-14')], today)).toMatchObject({ valid: 0, within30: 0, expired: 1 });
  });

  it('puts exactly 30, 60 and 90 days in their band and one more day in the next', () => {
    const c = (days: string) => certificateCounts([cert(days)], today);
    expect(c('2026-07-15')).toMatchObject({ within30: 1, within60: 1, within90: 1 }); // 30 days
    expect(c('2026-07-16')).toMatchObject({ within30: 0, within60: 1, within90: 1 }); // 31
    expect(c('2026-08-14')).toMatchObject({ within30: 0, within60: 1, within90: 1 }); // 60
    expect(c('2026-08-15')).toMatchObject({ within30: 0, within60: 0, within90: 1 }); // 61
    expect(c('2026-09-13')).toMatchObject({ within60: 0, within90: 1 }); // 90
    expect(c('2026-09-14')).toMatchObject({ valid: 1, within90: 0 }); // 91
  });

  it('counts a revoked certificate as revoked only, whatever its dates', () => {
    expect(certificateCounts([cert('2027-01-01', true), cert('2020-01-01', true)], today)).toEqual({
      valid: 0,
      within30: 0,
      within60: 0,
      within90: 0,
      expired: 0,
      revoked: 2,
    });
  });
});

describe('listing counts', () => {
  it('counts listed as active and either rejection as rejected, per city; other states not at all', () => {
    const counts = listingCounts([
      { cityCode: '320100', status: ListingStatus.LISTED },
      { cityCode: '320100', status: ListingStatus.CITY_REJECTED },
      { cityCode: '110100', status: ListingStatus.PLATFORM_REJECTED },
      { cityCode: '110100', status: ListingStatus.DRAFT },
      { cityCode: '310100', status: ListingStatus.CITY_AUDIT },
    ]);
    expect(counts).toEqual({
      active: 1,
      rejected: 2,
      byCity: [
        { cityCode: '110100', active: 0, rejected: 1 },
        { cityCode: '320100', active: 1, rejected: 1 },
      ],
    });
  });
});

describe('authorisations expiring within 90 days', () => {
  it('counts an active one ending in exactly 90 days or today, not in 91 days or yesterday', () => {
    expect(authorisationExpiring({ status: 'active', validUntil: '2026-09-13' }, today)).toBe(true);
    expect(authorisationExpiring({ status: 'active', validUntil: '2026-06-15' }, today)).toBe(true);
    expect(authorisationExpiring({ status: 'active', validUntil: '2026-09-14' }, today)).toBe(false);
    expect(authorisationExpiring({ status: 'active', validUntil: '2026-06-14' }, today)).toBe(false);
  });

  it('counts issued and suspended ones, never drafts, revoked or superseded', () => {
    expect(authorisationExpiring({ status: 'issued', validUntil: '2026-07-01' }, today)).toBe(true);
    expect(authorisationExpiring({ status: 'suspended', validUntil: '2026-07-01' }, today)).toBe(true);
    for (const status of ['draft', 'revoked', 'superseded'] as const) {
      expect(authorisationExpiring({ status, validUntil: '2026-07-01' }, today)).toBe(false);
    }
  });
});

describe('the last twelve months', () => {
  it('includes today and the day after a year ago, not the same day a year ago', () => {
    expect(failedInLastYear(['2026-06-15', '2025-06-16', '2025-06-15', '2026-06-16'], today)).toBe(2);
  });

  it('reads 29 February as the 28th of the year before', () => {
    expect(yearBefore('2028-02-29')).toBe('2027-02-28');
  });
});

describe('rectifications', () => {
  it('is overdue only while open and after its deadline day', () => {
    expect(isOverdue({ state: 'open', rectificationDeadline: '2026-06-14' }, today)).toBe(true);
    expect(isOverdue({ state: 'open', rectificationDeadline: '2026-06-15' }, today)).toBe(false);
    expect(isOverdue({ state: 'submitted', rectificationDeadline: '2026-06-01' }, today)).toBe(false);
    expect(isOverdue({ state: 'open', rectificationDeadline: null }, today)).toBe(false);
  });
});

describe('products', () => {
  it('counts products without any evidence, and products with a specification lacking its mass', () => {
    const products = [
      { hasEvidence: true, specsWithoutMass: 0 },
      { hasEvidence: false, specsWithoutMass: 2 },
      { hasEvidence: false, specsWithoutMass: 0 },
    ];
    expect(productsMissingDocuments(products)).toBe(2);
    expect(productsMissingMass(products)).toBe(1);
  });
});

describe('calendar', () => {
  it('keeps entries from 90 days ago on, in date order', () => {
    const e = (date: string, title: string) => ({ date, kind: 'certificate' as const, title, link: '/x' });
    expect(calendarOf([e('2026-07-01', 'b'), e('2026-03-17', 'a'), e('2026-03-16', 'old')], today)).toEqual([
      e('2026-03-17', 'a'),
      e('2026-07-01', 'b'),
    ]);
  });
});
