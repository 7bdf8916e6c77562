import { describe, expect, it } from 'vitest';
import { extractTraceCode, groupCode } from './trace-code.ts';

describe('extractTraceCode', () => {
  it('reads typed codes in any case, with spaces and dashes', () => {
    expect(extractTraceCode('ABCDEFGHIJKLMNOPQRST')).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(extractTraceCode(' abcd-efgh ijkl-mnop qrst ')).toBe('ABCDEFGHIJKLMNOPQRST');
  });

  it('takes the code out of the label’s address', () => {
    expect(extractTraceCode('https://nj.example.cn/mobile/detail?code=abcdefghijklmnopqrst')).toBe(
      'ABCDEFGHIJKLMNOPQRST',
    );
    expect(extractTraceCode('https://x.cn/mobile/detail?from=qr&code=ABCD-EFGH-IJKL-MNOP-QRST#top')).toBe(
      'ABCDEFGHIJKLMNOPQRST',
    );
  });

  it('refuses what cannot be a code: wrong length, letters outside base32, other addresses', () => {
    for (const bad of [
      '',
      'ABCDEFGHIJKLMNOPQRS',
      'ABCDEFGHIJKLMNOPQRSTU',
      'ABCDEFGHIJKLMNOPQRS1',
      'https://x.cn/?id=5',
    ]) {
      expect(extractTraceCode(bad)).toBeNull();
    }
  });

  it('groups a code by four for reading', () => {
    expect(groupCode('ABCDEFGHIJKLMNOPQRST')).toBe('ABCD EFGH IJKL MNOP QRST');
  });
});
