import { ListingStatus } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { fieldAt, listingAt, stateAt } from './public-record.history.ts';

const t = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);

describe('stateAt', () => {
  const changes = [
    { at: t('2025-03-01T00:00:00Z'), from: '2', to: '3' },
    { at: t('2025-01-01T00:00:00Z'), from: '0', to: '2' },
    { at: t('2025-06-01T00:00:00Z'), from: '3', to: '6' },
  ];

  it('reads the last change at or before the moment, in time order whatever the input order', () => {
    expect(stateAt(changes, ms('2025-04-01T00:00:00Z'))).toEqual({ state: '3', since: t('2025-03-01T00:00:00Z') });
    expect(stateAt(changes, ms('2025-06-01T00:00:00Z'))?.state).toBe('6');
  });

  it('before the first change, the state that change started from, without a date', () => {
    expect(stateAt(changes, ms('2024-12-31T00:00:00Z'))).toEqual({ state: '0', since: null });
  });

  it('says nothing without a change that names a state', () => {
    expect(stateAt([], ms('2025-01-01T00:00:00Z'))).toBeNull();
    expect(stateAt([{ at: t('2025-01-01T00:00:00Z'), from: null, to: null }], Date.now())).toBeNull();
  });
});

describe('listingAt', () => {
  const listing = {
    status: ListingStatus.LISTED,
    listedAt: t('2025-03-01T00:00:00Z'),
    createdAt: t('2025-01-01T00:00:00Z'),
  };
  const history = [
    { at: t('2025-02-01T00:00:00Z'), from: '0', to: '1' },
    { at: t('2025-02-10T00:00:00Z'), from: '1', to: '2' },
    { at: t('2025-03-01T00:00:00Z'), from: '2', to: '3' },
  ];

  it('is listed from the city’s approval on, and not public before it', () => {
    expect(listingAt(listing, history, ms('2025-03-02T00:00:00Z'))).toEqual({
      status: ListingStatus.LISTED,
      since: t('2025-03-01T00:00:00Z'),
      current: false,
    });
    expect(listingAt(listing, history, ms('2025-02-15T00:00:00Z'))).toBeNull();
  });

  it('does not exist before it was made', () => {
    expect(listingAt(listing, history, ms('2024-12-01T00:00:00Z'))).toBeNull();
  });

  it('shows a delisting as of its date', () => {
    const delisted = [...history, { at: t('2025-05-01T00:00:00Z'), from: '3', to: '6' }];
    expect(listingAt({ ...listing, status: 6 }, delisted, ms('2025-05-02T00:00:00Z'))?.status).toBe(6);
    expect(listingAt({ ...listing, status: 6 }, delisted, ms('2025-04-02T00:00:00Z'))?.status).toBe(3);
  });

  it('without history: listed since its approval date; a delisting is today’s state, marked current', () => {
    expect(listingAt(listing, [], ms('2025-04-01T00:00:00Z'))).toEqual({
      status: 3,
      since: t('2025-03-01T00:00:00Z'),
      current: false,
    });
    expect(listingAt(listing, [], ms('2025-02-01T00:00:00Z'))).toBeNull();
    expect(listingAt({ ...listing, status: 6 }, [], ms('2025-04-01T00:00:00Z'))).toEqual({
      status: 6,
      since: null,
      current: true,
    });
    expect(listingAt({ ...listing, status: 2, listedAt: null }, [], ms('2025-04-01T00:00:00Z'))).toBeNull();
  });
});

describe('fieldAt', () => {
  it('is the value then when the row has not changed since, else today’s value marked current', () => {
    expect(fieldAt('岩棉板', t('2025-01-01T00:00:00Z'), ms('2025-02-01T00:00:00Z'))).toEqual({
      value: '岩棉板',
      current: false,
    });
    expect(fieldAt('岩棉板', t('2025-03-01T00:00:00Z'), ms('2025-02-01T00:00:00Z')).current).toBe(true);
  });
});
