import { describe, expect, it } from 'vitest';
import { pageQuerySchema } from './envelope.ts';
import { takeSkip } from './params.ts';
import { BATCH_NO_PATTERN, batchNoField, quantityField } from './trace.ts';
import { z } from './zod.ts';

// biome-ignore lint/suspicious/noTemplateCurlyInString: the template-injection text testers sent, literally.
const TEMPLATE_TEXT = '${7*7}';

/** Numbers are numbers (issue 22, item 7): what `Number()` used to read as a number is refused with the field's words. */
const NOT_NUMBERS: [string, unknown][] = [
  ['hex', '0x1F4'],
  ['binary', '0b101'],
  ['octal', '0o17'],
  ['exponent text', '1e3'],
  ['Infinity text', 'Infinity'],
  ['boolean', true],
  ['array', [1]],
  ['object', { n: 1 }],
  ['full-width digits', '１２'],
  ['white space only', '  '],
];

const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('a quantity', () => {
  const quantity = quantityField('数量');
  it.each(NOT_NUMBERS)('refuses %s', (_name, value) => {
    expect(messageOf(quantity, value)).toBe('数量必须是数字');
  });

  it('takes plain numbers and their decimal text, as the forms send them', () => {
    expect(quantity.parse(12.5)).toBe(12.5);
    expect(quantity.parse('12.5')).toBe(12.5);
    expect(quantity.parse(' 7 ')).toBe(7);
    expect(quantity.parse('0.125')).toBe(0.125);
    expect(messageOf(quantity, '')).toBe('请输入数量');
    expect(messageOf(quantity, '-1')).toBe('数量必须大于 0');
  });
});

describe('take and skip', () => {
  const paging = z.object(takeSkip(10, 100));
  it.each(NOT_NUMBERS)('refuses %s', (_name, value) => {
    expect(messageOf(paging, { take: value })).toBe('每页条数必须是数字');
    expect(messageOf(paging, { skip: value })).toBe('跳过条数必须是数字');
    expect(messageOf(pageQuerySchema, { take: value })).toBe('每页条数必须是数字');
    expect(messageOf(pageQuerySchema, { skip: value })).toBe('跳过条数必须是数字');
  });

  it('takes numbers, their digits, and defaults for blanks', () => {
    expect(paging.parse({ take: '20', skip: 40 })).toEqual({ take: 20, skip: 40 });
    expect(paging.parse({ take: '', skip: null })).toEqual({ take: 10, skip: 0 });
    expect(pageQuerySchema.parse({})).toEqual({ take: 10, skip: 0 });
    expect(messageOf(paging, { take: '1.5' })).toBe('每页条数必须是整数');
  });
});

describe('a batch number', () => {
  it('is GS1 AI 10 text without % & / < > ? and without a formula start, one message each', () => {
    const CHARS = `批号只能包含英文字母、数字和 ! " ' ( ) * + , - . : ; = _ 字符`;
    const FORMULA = '批号不能以 = + - @ 开头';
    for (const [value, message] of [
      ['１２', CHARS],
      [TEMPLATE_TEXT, CHARS],
      ['A/B', CHARS],
      ['A B', CHARS],
      ['=HYPERLINK("x")', FORMULA],
      ['+1', FORMULA],
      ['-1', FORMULA],
      ['@1', FORMULA],
      ['', '请输入批号'],
      ['X'.repeat(21), '批号不能超过 20 个字符'],
    ] as const) {
      expect(
        batchNoField.safeParse(value).error?.issues.map((i) => i.message),
        value,
      ).toEqual([message]);
    }
    for (const value of ['YM20261101', 'B2026-009', 'a_b.c', 'X(1)=2', `O'N:1;2,3*4!"`]) {
      expect(batchNoField.parse(value)).toBe(value);
      expect(BATCH_NO_PATTERN.test(value)).toBe(true);
    }
  });
});
