import { z } from './zod.ts';

/**
 * Small preprocessors for request fields as consoles send them (form values and query strings arrive as text,
 * empty fields as "" or null). Used by the catalogue, company, basic-material and sampling schemas; not exported
 * from the package index.
 */
/** The largest id a PostgreSQL `integer`/`serial` column holds: a larger one is a 400, never a database error. */
export const MAX_ID = 2_147_483_647;

/** "", null and undefined all mean "not given". */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A string of digits counts as its number. */
export const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** Decimal text as forms and query strings carry numbers: "12", "12.5", "-3", ".5", with blanks around. */
const DECIMAL_TEXT = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;
/**
 * Decimal text counts as its number; anything else stays as it is for the number schema to refuse: "0x1F4",
 * "0b101", "1e3", true, [1] (which `Number()` and `z.coerce.number()` read as 500, 5, 1000, 1 and 1).
 */
export const decimalTextToNumber = (v: unknown) => (typeof v === 'string' && DECIMAL_TEXT.test(v) ? Number(v) : v);
/** A number field sent as a number or its decimal text; "", null and undefined are "not given". */
export const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => decimalTextToNumber(blankToUndefined(v)), schema);

export const positiveId = (label: string) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? `请提供${label}` : `${label}必须是数字`) })
      .int(`${label}必须是整数`)
      .min(1, `${label}必须大于 0`)
      .max(MAX_ID, `${label}不存在`),
  );

export const optionalId = (label: string) => z.preprocess(blankToUndefined, positiveId(label).optional());

/** A yes/no filter: true/false, 1/0 or their strings; empty = no filter. */
export const flagFilter = (label: string) =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    if (b === 1 || b === '1' || b === 'true') return true;
    if (b === 0 || b === '0' || b === 'false') return false;
    return b;
  }, z.boolean({ error: `${label}只能是 是/否` }).optional());

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过 ${max} 个字`);

export const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label}应为文本` })
      .trim()
      .max(max, `${label}不能超过 ${max} 个字`)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  );

/** A page size: a whole number (or its decimal text), 1 to `max`, `defaultTake` when not given. */
export const takeField = (defaultTake: number, maxTake: number) =>
  numberText(
    z
      .number({ error: '每页条数必须是数字' })
      .int('每页条数必须是整数')
      .min(1, '每页条数至少 1')
      .max(maxTake, `每页条数最多 ${maxTake}`)
      .default(defaultTake),
  );
/** How many rows to skip: a whole number (or its decimal text), 0 to `maxSkip`, 0 when not given. */
export const skipField = (maxSkip = 100_000) =>
  numberText(
    z
      .number({ error: '跳过条数必须是数字' })
      .int('跳过条数必须是整数')
      .min(0, '跳过条数不能为负')
      .max(maxSkip, `跳过条数最多 ${maxSkip}`)
      .default(0),
  );

/** take/skip paging with a default and a maximum page size. */
export const takeSkip = (defaultTake: number, maxTake: number, maxSkip = 100_000) => ({
  take: takeField(defaultTake, maxTake),
  skip: skipField(maxSkip),
});

/** A GB/T 2260 city code. */
export const cityCodeField = z
  .string({ error: '请选择城市' })
  .trim()
  .regex(/^\d{6}$/, '城市代码应为 6 位数字');

/** A classification code: a category '01' or a product class '0101'. */
export const classifyCodeField = z
  .string({ error: '请选择产品分类' })
  .trim()
  .regex(/^\d{2,8}$/, '请选择正确的产品分类');
