import { addDays, shanghaiToday } from '@jcbb/contract/time';
import { describe, expect, it } from 'vitest';
import { deriveProductTags, greenNow, type TagDocument } from './product-tags.ts';

const cert = (starRating: number | null, validFrom: string | null, validUntil: string | null): TagDocument => ({
  kind: 3,
  starRating,
  validFrom,
  validUntil,
});
const doc = (kind: number): TagDocument => ({ kind, starRating: null, validFrom: null, validUntil: null });
const base = { materialType: 1, documents: [] as TagDocument[], hasGovProcurementListing: false };

describe('deriveProductTags', () => {
  it('gives no tags without evidence', () => {
    expect(deriveProductTags(base, '2026-06-01')).toEqual({
      isPrefabricated: false,
      isLowCarbon: false,
      isGreen: false,
      starRating: null,
      greenValidUntil: null,
      isGovProcurement: false,
    });
  });

  it('prefabricated follows material type 2', () => {
    expect(deriveProductTags({ ...base, materialType: 2 }, '2026-06-01').isPrefabricated).toBe(true);
    expect(deriveProductTags({ ...base, materialType: 1 }, '2026-06-01').isPrefabricated).toBe(false);
  });

  it('low-carbon follows a carbon-footprint report; manuals and test reports do not count', () => {
    expect(deriveProductTags({ ...base, documents: [doc(2)] }, '2026-06-01').isLowCarbon).toBe(true);
    expect(deriveProductTags({ ...base, documents: [doc(1), doc(4), doc(5)] }, '2026-06-01').isLowCarbon).toBe(false);
  });

  it('government procurement follows a listed listing meeting the demand standard', () => {
    expect(deriveProductTags({ ...base, hasGovProcurementListing: true }, '2026-06-01').isGovProcurement).toBe(true);
  });

  it('green holds on the first and the last day of validity, not the day after or before', () => {
    const documents = [cert(2, '2025-01-01', '2026-06-30')];
    expect(deriveProductTags({ ...base, documents }, '2026-06-30')).toMatchObject({
      isGreen: true,
      starRating: 2,
      greenValidUntil: '2026-06-30',
    });
    expect(deriveProductTags({ ...base, documents }, '2026-07-01')).toMatchObject({
      isGreen: false,
      starRating: null,
      greenValidUntil: null,
    });
    expect(deriveProductTags({ ...base, documents }, '2025-01-01').isGreen).toBe(true);
    expect(deriveProductTags({ ...base, documents }, '2024-12-31').isGreen).toBe(false);
  });

  it('takes the best star rating and the latest validity among valid certificates; expired ones do not count', () => {
    const documents = [
      cert(3, '2020-01-01', '2026-05-31'), // expired on 2026-06-01
      cert(1, '2025-01-01', '2027-12-31'),
      cert(2, '2025-01-01', '2026-12-31'),
    ];
    expect(deriveProductTags({ ...base, documents }, '2026-06-01')).toMatchObject({
      isGreen: true,
      starRating: 2,
      greenValidUntil: '2027-12-31',
    });
    expect(deriveProductTags({ ...base, documents }, '2026-05-31').starRating).toBe(3);
  });

  it('ignores certificates without a valid star rating or validity', () => {
    const documents = [cert(null, null, '2030-01-01'), cert(4, null, '2030-01-01'), cert(2, null, null)];
    expect(deriveProductTags({ ...base, documents }, '2026-06-01').isGreen).toBe(false);
  });
});

describe('dates', () => {
  it('today is the date in Asia/Shanghai (UTC+8)', () => {
    expect(shanghaiToday(new Date('2026-06-30T15:59:59Z'))).toBe('2026-06-30');
    expect(shanghaiToday(new Date('2026-06-30T16:00:00Z'))).toBe('2026-07-01');
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 90)).toBe('2027-03-31');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('a stored green tag counts only until its validity passes', () => {
    expect(greenNow({ isGreen: true, greenValidUntil: '2026-06-30' }, '2026-06-30')).toBe(true);
    expect(greenNow({ isGreen: true, greenValidUntil: '2026-06-30' }, '2026-07-01')).toBe(false);
    expect(greenNow({ isGreen: false, greenValidUntil: '2026-06-30' }, '2026-06-01')).toBe(false);
  });
});
