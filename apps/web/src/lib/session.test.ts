import { describe, expect, it } from 'vitest';
import { session } from './session.ts';

describe('session store', () => {
  it('persists the token and current app, and clear forgets both', () => {
    session.setToken('t1');
    session.setCurrentApp('jcbb-production');
    expect(localStorage.getItem('jcbb_token')).toBe('t1');
    expect(session.get().currentApp).toBe('jcbb-production');
    session.clear();
    expect(localStorage.getItem('jcbb_token')).toBeNull();
    expect(session.get()).toMatchObject({ token: null, currentApp: null, user: null });
  });
});
