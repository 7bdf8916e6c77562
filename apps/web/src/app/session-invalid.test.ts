import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../lib/session.ts';
import { closeRemoteLoginReminder, createSessionInvalidHandler, useRemoteLoginReminder } from './session-invalid.ts';

let where = { pathname: '/product/list', search: '?page=2' };
const navigate = vi.fn();

beforeEach(() => {
  where = { pathname: '/product/list', search: '?page=2' };
  navigate.mockReset();
  session.setToken('old');
});

afterEach(() => {
  act(() => closeRemoteLoginReminder());
  session.clear();
});

function handler(invalidIndex: number | Error) {
  const invalidDetails = vi.fn(async () => {
    if (invalidIndex instanceof Error) throw invalidIndex;
    return { invalidIndex };
  });
  return { invalidDetails, handle: createSessionInvalidHandler({ invalidDetails, navigate, location: () => where }) };
}

describe('the re-login flow (spec §8)', () => {
  it('asks the server why, with the token that stopped working', async () => {
    const { invalidDetails, handle } = handler(1);
    await handle('old');
    expect(invalidDetails).toHaveBeenCalledWith('old');
  });

  it('shows the remote-login reminder for invalidIndex 2, keeping the page', async () => {
    const { handle } = handler(2);
    const { result } = renderHook(() => useRemoteLoginReminder());
    expect(result.current).toBe(false);
    await act(() => handle('old'));
    expect(result.current).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('clears the session and goes to sign-in for invalidIndex 1, coming back afterwards', async () => {
    const { handle } = handler(1);
    await handle('old');
    expect(session.get().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/product/list?page=2')}`);
  });

  it('treats a failed check like an ended session', async () => {
    const { handle } = handler(new Error('offline'));
    await handle('old');
    expect(session.get().token).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('does not navigate again when already on sign-in', async () => {
    where = { pathname: '/login', search: '' };
    const { handle } = handler(1);
    await handle('old');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does nothing for a token still valid (0) or already replaced by a new sign-in', async () => {
    const valid = handler(0);
    await valid.handle('old');
    expect(session.get().token).toBe('old');
    session.setToken('new');
    const stale = handler(1);
    await stale.handle('old');
    expect(stale.invalidDetails).not.toHaveBeenCalled();
    expect(session.get().token).toBe('new');
  });

  it('handles several failing calls once', async () => {
    const { invalidDetails, handle } = handler(1);
    await Promise.all([handle('old'), handle('old'), handle('old')]);
    expect(invalidDetails).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
