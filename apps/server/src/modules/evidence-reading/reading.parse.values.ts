import type { ItemVerdictValue } from '@jcbb/contract';

/**
 * Values read from text (docs/evidence-reading.md, "Reading fields"): the character normalisation every rule reads
 * through, and the value parsers (dates, standards, star levels, bounds, numbers, verdicts). Pure functions.
 */

/**
 * Half-width for full-width ASCII (２０２６ → 2026, ： → :, ＜ → <), the ideographic space as a space, and a few
 * look-alikes OCR and typesetters use (∶ for :, ～ 〜 for ~, － ‐ – for -, ≦ ≧ for ≤ ≥, ．for .). One character for one
 * character, so an index into the normalised text is an index into the original.
 */
export function normalizeChars(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xff01 && code <= 0xff5e) out += String.fromCodePoint(code - 0xfee0);
    else if (code === 0x3000) out += ' ';
    else out += LOOK_ALIKES[ch] ?? ch;
  }
  return out;
}

/**
 * For values shown as words (names, models, lots): full-width digits and Latin letters half-width, the ideographic
 * space a space; Chinese punctuation kept as printed (浙建质检（杭州）有限公司 keeps its brackets).
 */
export function normalizeValue(text: string): string {
  return text.replace(/[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\u3000]/g, (ch) =>
    ch === '\u3000' ? ' ' : String.fromCodePoint((ch.codePointAt(0) ?? 0) - 0xfee0),
  );
}

const LOOK_ALIKES: Record<string, string> = {
  '∶': ':',
  '〜': '~',
  '‐': '-',
  '‑': '-',
  '–': '-',
  '﹣': '-',
  '≦': '≤',
  '≧': '≥',
  '﹤': '<',
  '﹥': '>',
};

/** CJK ideographs and full-width forms count as one em, other characters about half (for sub-boxes). */
export function charWeight(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === ' ') return 0.35;
  if (code >= 0x2e80 || (code >= 0x2460 && code <= 0x27bf)) return 1;
  return 0.55;
}

/** In a run of digits, O/o read as 0 and l/I/| as 1. */
export function fixDigits(text: string): string {
  // A run of digits, O, l, I and points with a digit in it, and no other letter touching it: "2O26", "O.O36", "l23".
  return text.replace(/(?<![A-Za-z])[0-9OoIl|.]*[0-9][0-9OoIl|.]*(?![A-Za-z])/g, (run) =>
    run.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1'),
  );
}

const CN_DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  O: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** 二〇二六 → 2026 (digit by digit), 十五 → 15, 二十 → 20, 三十一 → 31. */
function chineseNumber(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  if (!text.includes('十')) {
    let n = '';
    for (const ch of text) {
      const d = CN_DIGITS[ch];
      if (d === undefined) return undefined;
      n += d;
    }
    return n ? Number(n) : undefined;
  }
  const [tens, ones] = text.split('十');
  const t = tens ? CN_DIGITS[tens] : 1;
  const o = ones ? CN_DIGITS[ones] : 0;
  if (t === undefined || o === undefined || (tens?.length ?? 0) > 1 || (ones?.length ?? 0) > 1) return undefined;
  return t * 10 + o;
}

function isoDate(y: number, m: number, d: number): string | undefined {
  if (y < 1950 || y > 2100 || m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return undefined;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface FoundDate {
  value: string;
  /** Where the date is in the text given (character indices). */
  start: number;
  end: number;
}

const CN_NUM = '[〇零一二两三四五六七八九十O0-9]';
const DATE_PATTERNS: RegExp[] = [
  // 2026年3月5日, 2026 年 03 月 05 日, 二〇二六年三月五日
  new RegExp(`(${CN_NUM}{4})\\s*年\\s*(${CN_NUM}{1,3})\\s*月\\s*(${CN_NUM}{1,3})\\s*[日号]?`, 'g'),
  // 2026.03.05, 2026-3-5, 2026/03/05, 2026 . 03 . 05
  /(\d{4})\s*([./-])\s*(\d{1,2})\s*\2\s*(\d{1,2})(?!\d)/g,
  // 20260305 (compact, only as a whole token)
  /(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/g,
];

/** Every date in the text, in order, normalised YYYY-MM-DD (full-width and O/l already accepted). */
export function findDates(raw: string): FoundDate[] {
  const text = fixDigits(normalizeChars(raw));
  const found: FoundDate[] = [];
  const taken: Array<[number, number]> = [];
  for (const [i, pattern] of DATE_PATTERNS.entries()) {
    for (const m of text.matchAll(pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      const parts = i === 1 ? [m[1], m[3], m[4]] : [m[1], m[2], m[3]];
      const [y, mo, d] = parts.map((p) => chineseNumber(p ?? ''));
      if (y === undefined || mo === undefined || d === undefined) continue;
      const value = isoDate(y, mo, d);
      if (!value) continue;
      taken.push([start, end]);
      found.push({ value, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export function parseDate(raw: string): string | undefined {
  return findDates(raw)[0]?.value;
}

export interface FoundStandard {
  value: string;
  start: number;
  end: number;
}

// GB/T 10801.2-2018, GB 8624—2012, JC/T 2289-2014, JGJ/T 70-2009, T/CECS 10025-2019, DB11/T 1234-2020, Q/XYZ 01-2020.
const STANDARD =
  /(?<![A-Za-z])(GB|JC|JG|JGJ|JTG|JT|HG|QB|SN|HJ|CJ|CJJ|DL|SH|YB|LY|WB|SB|CECS|DB\s*\d{2,6}|T\s*\/\s*[A-Z]{2,10}|Q\s*\/\s*[A-Z0-9]{2,12}(?:\s*[A-Z]{1,4})?)(\s*\/\s*T|\s*T(?=\s*\d))?\s*([0-9][0-9.\s]{0,12}?\d|\d)\s*[-—_~]\s*(19\d\d|20\d\d|\d{2})(?!\d)/g;

/** Standards cited in the text, normalised: "GB/T 10801.2-2018" (one space, an ASCII hyphen, no spaces inside). */
export function findStandards(raw: string): FoundStandard[] {
  const text = fixDigits(normalizeChars(raw)).replace(/[—–]/g, '-');
  const out: FoundStandard[] = [];
  for (const m of text.matchAll(STANDARD)) {
    const prefix = (m[1] ?? '').replace(/\s+/g, '');
    const recommended = m[2] ? '/T' : '';
    const number = (m[3] ?? '').replace(/\s+/g, '');
    const value = `${prefix}${recommended} ${number}-${m[4]}`;
    if (!out.some((s) => s.value === value)) out.push({ value, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** A star level '1'–'3' from 三星级, 3星, 二级 or "3", else from the filled stars (★★☆ is two), or undefined. */
export function parseStars(raw: string): string | undefined {
  const text = normalizeChars(raw).replace(/\s+/g, '');
  const m = text.match(/([一二三123])星/) ?? text.match(/^([一二三123])(?:级|A)?$/);
  if (m?.[1]) return String(chineseNumber(m[1]) ?? m[1]);
  const filled = (text.match(/[★*✭⭐]/g) ?? []).length;
  const stars = filled || (text.match(/[☆✩]/g) ?? []).length;
  return stars >= 1 && stars <= 3 ? String(stars) : undefined;
}

export interface Bound {
  op: '>=' | '<=' | '>' | '<' | '=';
  value: number;
  unit?: string;
}

const BOUND_OPS: Array<[RegExp, Bound['op']]> = [
  [/^(?:≤|<=|=<|不大于|不高于|不超过|小于或等于|小于等于|最大|≯)/, '<='],
  [/^(?:≥|>=|=>|不小于|不低于|大于或等于|大于等于|至少|最小|≮)/, '>='],
  [/^(?:<|小于|低于)/, '<'],
  [/^(?:>|大于|高于)/, '>'],
  [/^(?:=)/, '='],
];

const NUMBER = /[-+]?\d+(?:\.\d+)?/;

/** A requirement's bound: "≤0.040", "≥ 0.20 MPa", "＜5", "不大于 0.040", "不小于200"; ranges and words give none. */
export function parseBound(raw: string): Bound | undefined {
  const text = fixDigits(normalizeChars(raw))
    .trim()
    .replace(/(\d)\s+(?=[.\d])|(\.)\s+(?=\d)/g, '$1$2');
  for (const [re, op] of BOUND_OPS) {
    const m = text.match(re);
    if (!m) continue;
    const rest = text.slice(m[0].length).trim();
    const n = rest.match(new RegExp(`^${NUMBER.source}`));
    if (!n) return undefined;
    const after = rest.slice(n[0].length).trim();
    // "0.030~0.040" after an operator, or a second bound: not one bound.
    if (/^[~-]\s*\d/.test(after) || /[≤≥<>]/.test(after)) return undefined;
    const unit = cleanUnit(after);
    return unit ? { op, value: Number(n[0]), unit } : { op, value: Number(n[0]) };
  }
  return undefined;
}

function cleanUnit(text: string): string | undefined {
  const unit = text.replace(/^[\s,;，；)）(（]+|[\s,;，；。]+$/g, '').trim();
  if (!unit || unit.length > 12 || /\d{2,}/.test(unit) || /[\u4e00-\u9fff]{3,}/.test(unit)) return undefined;
  return unit;
}

/** The first number of a measured value ("0.036", "0.036 W/(m·K)", "ＯＯ36" misread), with its unit when written. */
export function parseMeasured(raw: string): { value?: number; unit?: string } {
  const text = fixDigits(normalizeChars(raw))
    .trim()
    .replace(/(\d)\s+(?=\.\d)|(\.)\s+(?=\d)/g, '$1$2');
  const m = text.match(new RegExp(`(?<![A-Za-z\\d.])${NUMBER.source}`));
  if (!m || m.index === undefined) return {};
  // "A1级", "B1(B)": a class, not a number.
  if (/^[A-Za-z]/.test(text) && m.index <= 2) return {};
  const after = text.slice(m.index + m[0].length).trim();
  if (/^[~-]\s*\d/.test(after)) return { value: Number(m[0]) };
  const unit = cleanUnit(after);
  return unit ? { value: Number(m[0]), unit } : { value: Number(m[0]) };
}

/** 合格/符合/通过/满足 → pass, 不合格/不符合 → fail, —, /, blank → none (OCR's 台格 and a lone 格 still pass). */
export function parseVerdict(raw: string): ItemVerdictValue {
  const text = normalizeChars(raw).replace(/\s+/g, '');
  if (/不[合台恰]?[格符]|不通过|不满足|不达标|^×$|^✗$|^N$/i.test(text)) return 'fail';
  if (/[合台]格|符合|通过|满足|达标|^[√✓]$|^格$|^Y$|^P(?:ASS)?$/i.test(text)) return 'pass';
  return 'none';
}
