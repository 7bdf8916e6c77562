import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './tokens.ts';

describe('tokens', () => {
  it('are 256 random bits, URL-safe', () => {
    const t = newToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    expect(new Set(Array.from({ length: 1000 }, newToken)).size).toBe(1000);
  });

  it('are stored as their SHA-256 in hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});
