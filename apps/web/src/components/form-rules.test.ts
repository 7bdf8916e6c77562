import { creditCodeCheckChar } from '@jcbb/contract';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { formRules } from './form-rules.ts';

async function check(rule: ReturnType<(typeof formRules)[keyof typeof formRules]>, value: unknown) {
  const validator = (rule as RuleObject).validator;
  if (!validator) throw new Error('rule without validator');
  try {
    await validator(rule as RuleObject, value, () => {});
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const validCredit = (() => {
  const first17 = '91320100MA1X7Y8Z9'.replace('Z', 'K');
  return first17 + creditCodeCheckChar(first17);
})();

describe('formRules', () => {
  it('lets an empty value through (required is a separate rule)', async () => {
    for (const rule of [formRules.mobile(), formRules.idCard(), formRules.creditCode(), formRules.phone()]) {
      expect(await check(rule, '')).toBeNull();
      expect(await check(rule, undefined)).toBeNull();
    }
  });

  it('checks mobiles, with the +86 / 0086 prefixes', async () => {
    expect(await check(formRules.mobile(), '13800000001')).toBeNull();
    expect(await check(formRules.mobile(), '+8613800000001')).toBeNull();
    expect(await check(formRules.mobile(), '12800000001')).toBe('请输入正确的手机号');
    expect(await check(formRules.mobile('bad'), '1380000000')).toBe('bad');
  });

  it('checks ID cards, digits and landlines', async () => {
    expect(await check(formRules.idCard(), '11010519491231002X')).toBeNull();
    expect(await check(formRules.idCard(), '1101051949123100')).not.toBeNull();
    expect(await check(formRules.digits(), '0123')).toBeNull();
    expect(await check(formRules.digits(), '12a')).not.toBeNull();
    expect(await check(formRules.landline(), '025-84561234')).toBeNull();
    expect(await check(formRules.landline(), '13800000001')).not.toBeNull();
  });

  it('takes a mobile or a landline as a phone', async () => {
    expect(await check(formRules.phone(), '13800000001')).toBeNull();
    expect(await check(formRules.phone(), '0512-6688123')).toBeNull();
    expect(await check(formRules.phone(), '12345')).not.toBeNull();
  });

  it('tells a wrong check character from a wrong shape in credit codes', async () => {
    expect(await check(formRules.creditCode(), validCredit)).toBeNull();
    expect(await check(formRules.creditCode(), validCredit.toLowerCase())).toBeNull();
    const last = validCredit.at(-1);
    const wrongCheck = validCredit.slice(0, 17) + (last === '0' ? '1' : '0');
    expect(await check(formRules.creditCode(), wrongCheck)).toBe('统一社会信用代码校验位不正确');
    expect(await check(formRules.creditCode(), '9132010')).toMatch(/18 位/);
    expect(await check(formRules.creditCode(), `${validCredit.slice(0, 17)}I`)).toMatch(/18 位/);
  });
});
