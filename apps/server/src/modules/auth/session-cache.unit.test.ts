import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../lib/session-user.ts';
import { SessionCache } from './session-cache.ts';

const user = (userId: number): SessionUser => ({
  userId,
  sessionId: userId * 10,
  appCode: 'jcbb',
  mobile: `1380000000${userId}`,
  username: `u${userId}`,
  realName: null,
  orgId: 1,
  orgType: 6,
  roles: [],
});

describe('SessionCache', () => {
  it('keeps an entry for its time to live at most', () => {
    const cache = new SessionCache(5_000);
    cache.set('h1', user(1), 1_000_000, 0);
    expect(cache.get('h1', 4_999)?.userId).toBe(1);
    expect(cache.get('h1', 5_000)).toBeUndefined();
  });

  it('never keeps an entry past the end of its session', () => {
    const cache = new SessionCache(5_000);
    cache.set('h1', user(1), 2_000, 0);
    expect(cache.get('h1', 1_999)).toBeDefined();
    expect(cache.get('h1', 2_000)).toBeUndefined();
  });

  it('drops entries by token hash, by user and all at once', () => {
    const cache = new SessionCache();
    const now = Date.now();
    cache.set('a', user(1), now + 60_000);
    cache.set('b', user(1), now + 60_000);
    cache.set('c', user(2), now + 60_000);
    cache.delete(['a']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.deleteUser(1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('is bounded: the oldest entry goes first', () => {
    const cache = new SessionCache(60_000, 3);
    const now = Date.now();
    for (const h of ['a', 'b', 'c', 'd']) cache.set(h, user(1), now + 60_000);
    expect(cache.get('a')).toBeUndefined();
    for (const h of ['b', 'c', 'd']) expect(cache.get(h)).toBeDefined();
  });
});
