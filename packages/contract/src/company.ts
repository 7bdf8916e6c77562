import { cityCodeField, numberText, optionalText, positiveId, requiredText } from './params.ts';
import { z } from './zod.ts';

/** Company calls of the materials service (spec §7 bm-company). */

export const companyByNameBody = z.object({
  /** A fragment of the organisation's name, matched anywhere, case-insensitive; % and _ are literal. */
  name: requiredText('企业名称', 50),
  /** At most this many (default 20, at most 50). */
  take: numberText(
    z.number({ error: '条数必须是数字' }).int('条数必须是整数').min(1, '条数至少 1').max(50, '条数最多 50').default(20),
  ),
});
export type CompanyByNameBody = z.input<typeof companyByNameBody>;

/** What anyone signed in may know of an organisation: the public register's fields, nothing internal. */
export const companyPublicInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  typeName: z.string(),
  /** Unified social credit code (public in the national register); null for government units. */
  creditCode: z.string().nullable(),
  regionCode: z.string().nullable(),
  regionName: z.string().nullable(),
  address: z.string().nullable(),
  certified: z.boolean(),
});
export const companyInfoList = z.array(companyPublicInfo);
export type CompanyPublicInfo = z.infer<typeof companyPublicInfo>;

export const companyIdParams = z.object({ companyId: positiveId('企业编号') });

export const companyCityData = z.object({
  companyId: z.number().int(),
  /** The organisation's region as registered (a county, city or province code). */
  regionCode: z.string().nullable(),
  /** The city (prefecture level) of that region; null when the region is a province or missing. */
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
});
export type CompanyCityData = z.infer<typeof companyCityData>;

/** downWordInfoByCompanyId: which city's application form, and what to call it. */
export const companyWordQuery = z.object({
  /** The city site's letter (nj) or its six-digit code. */
  cityLetter: z.union([
    cityCodeField,
    z
      .string({ error: '请选择城市' })
      .trim()
      .regex(/^[a-z]{1,10}$/i, '城市标识应为城市站点字母或 6 位城市代码')
      .transform((v) => v.toLowerCase()),
  ]),
  /** The form's title (and file name); default 绿色建材产品入库申请表. */
  tmpName: optionalText('模板名称', 50),
});
export type CompanyWordQuery = z.input<typeof companyWordQuery>;

export const COMPANY_WORD_DEFAULT_TITLE = '绿色建材产品入库申请表';
