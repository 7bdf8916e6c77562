/** The validation rules of spec §5, shared by every form of the web client and by the server's schemas. */

/** Mainland mobile: optional +86 or 0086 prefix, then 1[3-9] and nine more digits (11 digits in all). */
export const MOBILE_PATTERN = /^(?:\+86|0086)?1[3-9]\d{9}$/;
/** ID card: 15 digits, or 17 digits and a digit or X. */
export const ID_CARD_PATTERN = /^(?:\d{15}|\d{17}[\dXx])$/;
export const DIGITS_PATTERN = /^\d+$/;
/** Landline: 3–4 digit area code (optional hyphen) and a 7–8 digit number. */
export const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}$/;

export const isMobile = (value: string): boolean => MOBILE_PATTERN.test(value);
export const isIdCard = (value: string): boolean => ID_CARD_PATTERN.test(value);
export const isDigits = (value: string): boolean => DIGITS_PATTERN.test(value);
export const isLandline = (value: string): boolean => LANDLINE_PATTERN.test(value);

/** The 11-digit number of a mobile, without its +86 or 0086 prefix: how mobiles are stored and compared. */
export function normalizeMobile(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('+86')) return trimmed.slice(3);
  if (trimmed.startsWith('0086')) return trimmed.slice(4);
  return trimmed;
}

export const TEXT_MAX_LENGTH = 50;

/** Text input: trims and collapses runs of white space to one space (applied on blur). */
export function normalizeText(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export interface NumericOptions {
  /** Decimals allowed; 0 allows none. */
  precision?: number;
  min?: number;
  max?: number;
  /** Allow one leading minus. Defaults to true when min is below zero or unset. */
  allowNegative?: boolean;
}

/**
 * Numeric input while typing: strips everything but digits, keeps one decimal point and one leading minus,
 * cuts decimals to `precision`. The result may be an unfinished number such as "-" or "12.".
 */
export function sanitizeNumericInput(raw: string, options: NumericOptions = {}): string {
  const allowNegative = options.allowNegative ?? (options.min === undefined || options.min < 0);
  const precision = options.precision ?? 2;
  // Chinese input methods type full-width digits, point and minus (１２．５, －): NFKC makes them ASCII.
  const text = raw.normalize('NFKC');
  const negative = allowNegative && text.trimStart().startsWith('-');
  let digits = '';
  let seenPoint = false;
  let decimals = 0;
  let integerDigits = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      if (seenPoint) {
        if (decimals >= precision) continue;
        decimals += 1;
      } else {
        // Past 15 integer digits a number is no longer exact in JavaScript: refuse further digits.
        if (integerDigits >= MAX_INTEGER_DIGITS) continue;
        integerDigits += 1;
      }
      digits += ch;
    } else if (ch === '.' && !seenPoint) {
      // With precision 0 the point is dropped but still ends the integer part: "12.5" is 12, not 125.
      seenPoint = true;
      if (precision > 0) digits += digits === '' ? '0.' : '.';
    }
  }
  return (negative ? '-' : '') + digits;
}

const MAX_INTEGER_DIGITS = 15;

/** Numeric input on blur: a finished number clamped to min and max, or '' when nothing numeric is left. */
export function finalizeNumericInput(raw: string, options: NumericOptions = {}): string {
  const text = sanitizeNumericInput(raw, options);
  if (text === '' || text === '-') return '';
  let value = Number(text);
  if (!Number.isFinite(value)) return '';
  if (options.min !== undefined && value < options.min) value = options.min;
  if (options.max !== undefined && value > options.max) value = options.max;
  const precision = options.precision ?? 2;
  // toFixed never writes exponent notation below 1e21 (sanitize keeps us under 1e15); trailing zeros go.
  const fixed = value.toFixed(precision);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * Unified social credit code (GB 32100-2015): 18 characters from 0-9 and A-Z without I, O, S, V, Z; the last is
 * a check character computed from the first 17 with weights 3^i mod 31.
 */
const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const v = CREDIT_CODE_CHARS.indexOf(first17.charAt(i));
    if (v < 0) return null;
    sum += v * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  }
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CODE_CHARS.charAt(check);
}

export function isCreditCode(value: string): boolean {
  const code = value.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code.charAt(17);
}

/** Password policy for accounts: 8–32 characters with at least three of lower, upper, digit and symbol. */
export function isStrongPassword(value: string): boolean {
  if (value.length < 8 || value.length > 32) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(value)).length;
  return classes >= 3;
}
