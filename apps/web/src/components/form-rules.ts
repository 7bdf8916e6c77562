import { creditCodeCheckChar, isCreditCode, isDigits, isIdCard, isLandline, isMobile } from '@jcbb/contract';
import type { FormRule } from 'antd';

/**
 * antd Form rules over the validators of spec §5 (the same functions the server's schemas use). Each checks only
 * the format: an empty value passes, so pair it with `required` where the field must be filled. Messages default
 * to zh-CN; pass a translated one where the form is translated.
 */
type Check = (value: string) => boolean;

const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

function pattern(check: Check, message: string): FormRule {
  return {
    validator: (_rule, value) => {
      const text = textOf(value);
      return text === '' || check(text) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

/**
 * The code has the right shape, whatever its check character: the first 17 characters with their own check
 * character form a valid code, and the 18th is from the code alphabet (creditCodeCheckChar refuses any other).
 */
function creditCodeShapeOk(code: string): boolean {
  const check = creditCodeCheckChar(code.slice(0, 17));
  return (
    code.length === 18 &&
    check !== null &&
    isCreditCode(code.slice(0, 17) + check) &&
    creditCodeCheckChar(code.slice(1)) !== null
  );
}

export const formRules = {
  /** Mainland mobile, optional +86 / 0086. */
  mobile: (message = '请输入正确的手机号') => pattern(isMobile, message),
  /** 15- or 18-digit ID card number. */
  idCard: (message = '请输入正确的身份证号') => pattern(isIdCard, message),
  digits: (message = '只能输入数字') => pattern(isDigits, message),
  /** 3–4 digit area code and a 7–8 digit number, e.g. 025-84561234. */
  landline: (message = '请输入正确的固定电话，如 025-84561234') => pattern(isLandline, message),
  /** A mobile or a landline: contact numbers of organisations. */
  phone: (message = '请输入正确的手机号或固定电话（如 025-84561234）') =>
    pattern((v) => isMobile(v) || isLandline(v), message),
  /** Unified social credit code (GB 32100-2015): shape first, then the check character. */
  creditCode: (messages: { format?: string; checkDigit?: string } = {}): FormRule => ({
    validator: (_rule, value) => {
      const code = textOf(value).toUpperCase();
      if (code === '' || isCreditCode(code)) return Promise.resolve();
      const message = creditCodeShapeOk(code)
        ? (messages.checkDigit ?? '统一社会信用代码校验位不正确')
        : (messages.format ?? '统一社会信用代码应为 18 位数字或大写字母（不含 I、O、S、V、Z）');
      return Promise.reject(new Error(message));
    },
  }),
};
