import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeRedirect('/message/detail?id=3#top')).toBe('/message/detail?id=3#top');
    expect(safeRedirect('/user/password')).toBe('/user/password');
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['protocol-relative', '//evil.example/x'],
    ['backslash', '/\\evil.example'],
    ['tab trick', '/\t/evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript', 'javascript:alert(1)'],
    ['relative', 'home'],
    ['the sign-in page itself', '/login?redirect=/x'],
    ['the other sign-in path', '/signIn'],
  ])('refuses %s', (_label, raw) => {
    expect(safeRedirect(raw)).toBe('/');
  });

  it('falls back to the given default', () => {
    expect(safeRedirect('//x', '/home')).toBe('/home');
  });
});
