import { describe, expect, it } from 'vitest';
import { authorisationState, regionCovers, regionsOverlap } from './distribution.ts';

describe('regionCovers', () => {
  it('a province covers its cities and counties, not another province', () => {
    expect(regionCovers('320000', '320115')).toBe(true);
    expect(regionCovers('320000', '320100')).toBe(true);
    expect(regionCovers('320000', '330106')).toBe(false);
  });
  it('a city covers its counties only', () => {
    expect(regionCovers('320100', '320115')).toBe(true);
    expect(regionCovers('320100', '320211')).toBe(false);
    expect(regionCovers('320100', '320000')).toBe(false);
  });
  it('a county covers itself only', () => {
    expect(regionCovers('320115', '320115')).toBe(true);
    expect(regionCovers('320115', '320116')).toBe(false);
  });
  it('malformed codes cover nothing', () => {
    expect(regionCovers('32', '320115')).toBe(false);
    expect(regionCovers('320000', '')).toBe(false);
    expect(regionCovers('abcdef', 'abcdef')).toBe(false);
  });
  it('overlap is symmetric', () => {
    expect(regionsOverlap('320100', '320000')).toBe(true);
    expect(regionsOverlap('320000', '320100')).toBe(true);
    expect(regionsOverlap('320100', '320200')).toBe(false);
  });
});

describe('authorisationState', () => {
  it('reads an issued, active or suspended version as expired after its last day', () => {
    expect(authorisationState('active', '2026-11-27', '2026-11-28')).toBe('expired');
    expect(authorisationState('suspended', '2026-11-27', '2026-11-28')).toBe('expired');
    expect(authorisationState('issued', '2026-11-27', '2026-11-28')).toBe('expired');
  });
  it('keeps the stored state on its last day and for final states', () => {
    expect(authorisationState('active', '2026-11-28', '2026-11-28')).toBe('active');
    expect(authorisationState('revoked', '2020-01-01', '2026-11-28')).toBe('revoked');
    expect(authorisationState('draft', '2020-01-01', '2026-11-28')).toBe('draft');
    expect(authorisationState('superseded', '2020-01-01', '2026-11-28')).toBe('superseded');
  });
});
