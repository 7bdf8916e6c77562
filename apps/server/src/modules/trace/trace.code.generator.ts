import { randomBytes } from 'node:crypto';
import { TRACE_CODE_LENGTH } from '@jcbb/contract';

/**
 * Trace codes (docs/traceability.md): 20 characters of RFC 4648 base32 (A–Z, 2–7) carrying 100 random bits from the
 * operating system's CSPRNG. 2^100 codes: nobody finds a valid one by guessing, they are URL-safe without escaping,
 * read aloud without 0/O or 1/I confusion, and fit GB/T 33993's 20-character limit.
 */
export const TRACE_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 13 random bytes (104 bits) per code, of which the first 100 are used. */
const BYTES_PER_CODE = 13;

/** The code spelled by the first 100 bits of `bytes` (at least 13 bytes from `offset`), five bits per character. */
export function codeFromBytes(bytes: Uint8Array, offset = 0): string {
  let out = '';
  for (let i = 0; i < TRACE_CODE_LENGTH; i++) {
    const bit = i * 5;
    const at = offset + (bit >> 3);
    // The 16 bits from the byte holding the character's first bit; its five bits start (bit & 7) from the top.
    const word = ((bytes[at] as number) << 8) | (bytes[at + 1] ?? 0);
    out += TRACE_CODE_ALPHABET[(word >> (11 - (bit & 7))) & 31];
  }
  return out;
}

export const randomTraceCode = (): string => codeFromBytes(randomBytes(BYTES_PER_CODE));

/** `n` distinct random codes (a repeat among 2^100 is astronomically unlikely; it is replaced all the same). */
export function randomTraceCodes(n: number): string[] {
  const codes = new Set<string>();
  while (codes.size < n) {
    const missing = n - codes.size;
    const bytes = randomBytes(missing * BYTES_PER_CODE);
    for (let i = 0; i < missing; i++) codes.add(codeFromBytes(bytes, i * BYTES_PER_CODE));
  }
  return [...codes];
}
