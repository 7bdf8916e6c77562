import { randomBytes } from 'node:crypto';
import { TRACE_CODE_PATTERN } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { codeFromBytes, randomTraceCode, randomTraceCodes, TRACE_CODE_ALPHABET } from './trace.code.generator.ts';

/** RFC 4648 base32 of the first 100 bits, the slow obvious way (a BigInt read five bits at a time). */
function reference(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes.subarray(0, 13)) n = (n << 8n) | BigInt(b);
  n >>= 4n; // 104 bits → the first 100
  let out = '';
  for (let i = 19; i >= 0; i--) out += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[Number((n >> BigInt(i * 5)) & 31n)];
  return out;
}

describe('trace code generator', () => {
  it('spells RFC 4648 base32: 32 letters and digits, 20 of them', () => {
    expect(TRACE_CODE_ALPHABET).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');
    expect(codeFromBytes(new Uint8Array(13))).toBe('A'.repeat(20));
    expect(codeFromBytes(new Uint8Array(13).fill(0xff))).toBe('7'.repeat(20));
    // "foobar" in RFC 4648 §10 is MZXW6YTBOI======: the same first characters here.
    const foobar = new Uint8Array(13);
    foobar.set(Buffer.from('foobar'));
    expect(codeFromBytes(foobar).startsWith('MZXW6YTBOI')).toBe(true);
    for (let i = 0; i < 1000; i++) {
      const bytes = randomBytes(13);
      expect(codeFromBytes(bytes)).toBe(reference(bytes));
    }
  });

  it('uses exactly 100 bits: every one of them changes the code, the last four of the 13 bytes none', () => {
    const bytes = randomBytes(13);
    const code = codeFromBytes(bytes);
    for (let bit = 0; bit < 104; bit++) {
      const flipped = Uint8Array.from(bytes);
      flipped[bit >> 3] = (flipped[bit >> 3] as number) ^ (0x80 >> (bit & 7));
      if (bit < 100) expect(codeFromBytes(flipped), `bit ${bit}`).not.toBe(code);
      else expect(codeFromBytes(flipped), `bit ${bit}`).toBe(code);
    }
  });

  it('makes codes the contract and the database accept, none twice in 100 000', () => {
    expect(randomTraceCode()).toMatch(TRACE_CODE_PATTERN);
    const codes = randomTraceCodes(100_000);
    expect(codes).toHaveLength(100_000);
    expect(new Set(codes).size).toBe(100_000);
    expect(codes.every((c) => /^[A-Z2-7]{20}$/.test(c))).toBe(true);
    // Every character of the alphabet shows up in every position (the bits are not stuck).
    for (let pos = 0; pos < 20; pos++) expect(new Set(codes.map((c) => c[pos])).size).toBe(32);
  });
});
