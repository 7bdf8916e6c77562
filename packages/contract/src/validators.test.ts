import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginBody, mobileSchema } from './auth.ts';
import {
  creditCodeCheckChar,
  finalizeNumericInput,
  isCreditCode,
  isDigits,
  isIdCard,
  isLandline,
  isMobile,
  isStrongPassword,
  type NumericOptions,
  normalizeMobile,
  normalizeText,
  sanitizeNumericInput,
} from './validators.ts';

describe('mobile (spec §5)', () => {
  it('accepts 11 digits starting 1[3-9], with an optional +86 or 0086 prefix', () => {
    for (const m of ['13800000001', '19912345678', '15000000000', '+8613800000001', '008617712345678']) {
      expect(isMobile(m), m).toBe(true);
    }
  });

  it('refuses other prefixes, second digits, lengths and spaces', () => {
    for (const m of [
      '12800000001',
      '10800000001',
      '23800000001',
      '1380000000',
      '138000000012',
      '+85213800000001',
      '8613800000001',
      '+86 13800000001',
      '138 0000 0001',
      ' 13800000001',
      '1380000000a',
      '１３８００００００01',
      '',
    ]) {
      expect(isMobile(m), m).toBe(false);
    }
  });

  it('normalises to the bare 11 digits', () => {
    expect(normalizeMobile(' +8613800000001 ')).toBe('13800000001');
    expect(normalizeMobile('008613800000001')).toBe('13800000001');
    expect(normalizeMobile('13800000001')).toBe('13800000001');
  });

  it('the schema trims, checks and strips the prefix', () => {
    expect(mobileSchema.parse('  +8613800000001  ')).toBe('13800000001');
    expect(mobileSchema.parse('\t008613800000001\n')).toBe('13800000001');
    expect(mobileSchema.safeParse('138 0000 0001').success).toBe(false);
    const bad = loginBody.safeParse({ mobile: '12345', password: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['mobile']);
    expect(bad.error?.issues[0]?.message).toBe('请输入正确的手机号');
  });
});

describe('ID card, digits, landline', () => {
  it('ID card: 15 digits, or 17 digits and a digit or X', () => {
    for (const id of ['110105491231002', '11010519491231002X', '11010519491231002x', '110105194912310021']) {
      expect(isIdCard(id), id).toBe(true);
    }
    for (const id of [
      '11010549123100',
      '1101054912310021',
      '11010519491231002',
      '1101051949123100211',
      '11010519491231002Y',
      'X10105194912310021',
      '11010549123100X',
      '110105 19491231002X',
    ]) {
      expect(isIdCard(id), id).toBe(false);
    }
  });

  it('digits only', () => {
    expect(isDigits('0123456789')).toBe(true);
    for (const d of ['', '12a', '1.5', '-1', ' 1', '１２']) expect(isDigits(d), d).toBe(false);
  });

  it('landline: 3–4 digit area code starting 0, optional hyphen, 7–8 digit number', () => {
    for (const t of ['010-12345678', '0101234567', '025-8765432', '0755-12345678', '07551234567', '0571-1234567']) {
      expect(isLandline(t), t).toBe(true);
    }
    for (const t of [
      '01-12345678',
      '01234-1234567',
      '025-123456',
      '025-123456789',
      '125-12345678',
      '025 12345678',
      '025--12345678',
      '(025)12345678',
      '13800000001',
    ]) {
      expect(isLandline(t), t).toBe(false);
    }
  });
});

describe('normalizeText', () => {
  it('trims and collapses runs of white space, full-width spaces too', () => {
    expect(normalizeText('  南京  绿筑\t\n建材  ')).toBe('南京 绿筑 建材');
    expect(normalizeText('\u3000甲\u3000\u3000乙\u3000')).toBe('甲 乙');
    expect(normalizeText('   ')).toBe('');
    expect(normalizeText('a b')).toBe('a b');
  });
});

describe('numeric input', () => {
  it('strips non-digits, keeps one decimal point and one leading minus', () => {
    expect(sanitizeNumericInput('1a2b3')).toBe('123');
    expect(sanitizeNumericInput('1.2.3')).toBe('1.23');
    expect(sanitizeNumericInput('--5')).toBe('-5');
    expect(sanitizeNumericInput('5-')).toBe('5');
    expect(sanitizeNumericInput('1-2')).toBe('12');
    expect(sanitizeNumericInput('  -3')).toBe('-3');
    expect(sanitizeNumericInput('-')).toBe('-');
    expect(sanitizeNumericInput('12.')).toBe('12.');
    expect(sanitizeNumericInput('.5')).toBe('0.5');
    expect(sanitizeNumericInput('¥1,234.56元')).toBe('1234.56');
    expect(sanitizeNumericInput('')).toBe('');
  });

  it('cuts decimals to the precision (2 by default)', () => {
    expect(sanitizeNumericInput('3.14159')).toBe('3.14');
    expect(sanitizeNumericInput('3.14159', { precision: 4 })).toBe('3.1415');
    // Precision 0 drops the point and what follows it: "12.50" is 12, not 1250.
    expect(sanitizeNumericInput('12.50', { precision: 0 })).toBe('12');
    expect(sanitizeNumericInput('.5', { precision: 0 })).toBe('');
  });

  it('allows a minus only when negatives are allowed', () => {
    expect(sanitizeNumericInput('-3', { min: 0 })).toBe('3');
    expect(sanitizeNumericInput('-3', { min: -10 })).toBe('-3');
    expect(sanitizeNumericInput('-3', { allowNegative: false })).toBe('3');
    expect(sanitizeNumericInput('-3', { min: 0, allowNegative: true })).toBe('-3');
  });

  it('finalizes to a number clamped to min and max, or empty', () => {
    expect(finalizeNumericInput('150', { min: 0, max: 100 })).toBe('100');
    expect(finalizeNumericInput('-5', { min: -2, max: 100 })).toBe('-2');
    expect(finalizeNumericInput('-5', { min: 1 })).toBe('5');
    expect(finalizeNumericInput('0', { min: 1 })).toBe('1');
    expect(finalizeNumericInput('12.', {})).toBe('12');
    expect(finalizeNumericInput('007.50', {})).toBe('7.5');
    expect(finalizeNumericInput('-0', {})).toBe('0');
    expect(finalizeNumericInput('-', {})).toBe('');
    expect(finalizeNumericInput('abc', {})).toBe('');
    expect(finalizeNumericInput('12.5', { precision: 0 })).toBe('12');
    expect(finalizeNumericInput('99.999', { max: 100 })).toBe('99.99');
  });

  const numberShape = /^-?\d*(\.\d*)?$/;
  const rawInput = fc.oneof(
    fc.string(),
    fc.stringMatching(/^[-+. 0-9a-z,]{0,24}$/),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  );
  const precision = fc.integer({ min: 0, max: 6 });

  it('property: sanitize always gives a (possibly unfinished) number with at most `precision` decimals', () => {
    fc.assert(
      fc.property(rawInput, precision, fc.boolean(), (raw, p, neg) => {
        const out = sanitizeNumericInput(raw, { precision: p, allowNegative: neg });
        expect(out).toMatch(numberShape);
        expect(out.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(p);
        if (p === 0) expect(out).not.toContain('.');
        if (!neg) expect(out).not.toContain('-');
        // Idempotent: sanitizing again changes nothing.
        expect(sanitizeNumericInput(out, { precision: p, allowNegative: neg })).toBe(out);
      }),
    );
  });

  it('property: finalize lies within [min, max] when not empty', () => {
    // Bounds on the field's own precision, as a form declares them.
    const bounds = fc
      .tuple(precision, fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 }))
      .map(([p, a, b]): NumericOptions => {
        const f = 10 ** p;
        return { precision: p, min: Math.min(a, b) / f, max: Math.max(a, b) / f };
      });
    fc.assert(
      fc.property(rawInput, bounds, (raw, options) => {
        const out = finalizeNumericInput(raw, options);
        if (out === '') return;
        const value = Number(out);
        expect(Number.isFinite(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(options.min as number);
        expect(value).toBeLessThanOrEqual(options.max as number);
        expect(out).toMatch(/^-?\d+(\.\d+)?$/);
      }),
    );
  });
});

describe('unified social credit code (GB 32100-2015)', () => {
  const CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

  /*
   * Worked by hand from the standard: weights W_i = 3^i mod 31 =
   * 1 3 9 27 19 26 16 17 20 29 25 13 8 24 10 30 28; check = (31 − Σ value_i·W_i mod 31) mod 31.
   *
   * 91350100M000100Y4: values 9 1 3 5 0 1 0 0 21(M) 0 0 0 1 0 0 30(Y) 4
   *   Σ = 9·1 + 1·3 + 3·9 + 5·27 + 1·26 + 21·20 + 1·8 + 30·30 + 4·28 = 9+3+27+135+26+420+8+900+112 = 1640
   *   1640 mod 31 = 28 (31·52 = 1612), 31 − 28 = 3 → '3'.
   * 91110000600037341: values 9 1 1 1 0 0 0 0 6 0 0 0 3 7 3 4 1
   *   Σ = 9 + 3 + 9 + 27 + 6·20 + 3·8 + 7·24 + 3·10 + 4·30 + 1·28 = 9+3+9+27+120+24+168+30+120+28 = 538
   *   538 mod 31 = 11 (31·17 = 527), 31 − 11 = 20 → 'L' (A=10 … H=17, J=18, K=19, L=20).
   * 91440300708461136: values 9 1 4 4 0 3 0 0 7 0 8 4 6 1 1 3 6
   *   Σ = 9 + 3 + 36 + 108 + 3·26 + 7·20 + 8·25 + 4·13 + 6·8 + 1·24 + 1·10 + 3·30 + 6·28
   *     = 9+3+36+108+78+140+200+52+48+24+10+90+168 = 966; 966 mod 31 = 5, 31 − 5 = 26 → 'T' (M=21 N P Q R=25, T=26).
   */
  const valid = ['91350100M000100Y43', '91110000600037341L', '91440300708461136T'];

  it('accepts codes whose check character is right (also in lower case)', () => {
    for (const code of valid) {
      expect(isCreditCode(code), code).toBe(true);
      expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code.charAt(17));
    }
    expect(isCreditCode('91350100m000100y43')).toBe(true);
  });

  it('refuses a wrong check character, letters outside the charset, a non-digit region and wrong lengths', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91110000600037341M')).toBe(false);
    expect(isCreditCode('91350100I000100Y43')).toBe(false);
    expect(isCreditCode('913501O0M000100Y43')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100M000100Y433')).toBe(false);
    expect(isCreditCode('')).toBe(false);
    expect(creditCodeCheckChar('91350100M000100Y')).toBeNull();
    expect(creditCodeCheckChar('91350100M000100YS')).toBeNull();
  });

  const charsetChar = fc.constantFrom(...CHARS);
  const digit = fc.constantFrom(...'0123456789');
  // Registration authority and type (2), region code (6 digits), organisation code (9): the standard's layout.
  const first17 = fc
    .tuple(
      fc.array(charsetChar, { minLength: 2, maxLength: 2 }),
      fc.array(digit, { minLength: 6, maxLength: 6 }),
      fc.array(charsetChar, { minLength: 9, maxLength: 9 }),
    )
    .map(([a, b, c]) => [...a, ...b, ...c].join(''));

  it('property: the computed check character makes a valid code and every other last character an invalid one', () => {
    fc.assert(
      fc.property(first17, (head) => {
        const check = creditCodeCheckChar(head);
        expect(check).not.toBeNull();
        expect(isCreditCode(head + check)).toBe(true);
        for (const other of CHARS) if (other !== check) expect(isCreditCode(head + other)).toBe(false);
      }),
    );
  });

  it('property: the check character satisfies the weighted sum of the standard', () => {
    fc.assert(
      fc.property(first17, (head) => {
        const check = creditCodeCheckChar(head) as string;
        let sum = 0;
        for (let i = 0; i < 17; i += 1) sum += CHARS.indexOf(head.charAt(i)) * (3 ** i % 31);
        expect((sum + CHARS.indexOf(check)) % 31).toBe(0);
      }),
    );
  });
});

describe('isStrongPassword', () => {
  it('needs 8–32 characters with three of lower, upper, digit and symbol', () => {
    for (const p of [
      'Jcbb@2026',
      'Abcdefg1',
      'abcdef1!',
      'ABCDEF1!',
      'Abcdefg!',
      '密码Abcdef1',
      'A1!'.padEnd(32, 'a'),
    ]) {
      expect(isStrongPassword(p), p).toBe(true);
    }
    for (const p of ['Ab1!', 'Abcdef1', 'abcdefgh', 'abcdefg1', 'ABCDEFG1', '12345678!', 'A1!'.padEnd(33, 'a'), '']) {
      expect(isStrongPassword(p), p).toBe(false);
    }
  });
});

describe('numeric input with Chinese input methods and large values', () => {
  it('reads full-width digits, point and minus', () => {
    expect(sanitizeNumericInput('－１２．５', { precision: 2 })).toBe('-12.5');
  });

  it('never answers exponent notation', () => {
    expect(finalizeNumericInput('1234567890123456789012', {})).toBe('123456789012345');
    expect(finalizeNumericInput('0.0000001', { precision: 7 })).toBe('0.0000001');
    expect(finalizeNumericInput('2.50', { precision: 2 })).toBe('2.5');
    expect(finalizeNumericInput('-0.001', { precision: 2 })).toBe('0');
  });
});
