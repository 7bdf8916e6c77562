import { blankToUndefined, cityCodeField, classifyCodeField, flagFilter } from './params.ts';
import { z } from './zod.ts';

/**
 * Procurement's region calls (docs/procurement.md, "Region"): where a city's qualifying suppliers are, district by
 * district. Qualifying: a product listed (published, enabled) in the city's catalogue; its supplier is the listing's
 * organisation, placed in the district of its organisation's region code. The code tables shared by all parts:
 * procurement.ts.
 */

const filters = {
  /** The product class (and everything under it), e.g. from a material line. */
  classifyCode: z.preprocess(blankToUndefined, classifyCodeField.optional()),
  /** Only products green in the city today (or only those that are not). */
  isGreen: flagFilter('绿色建材'),
};

export const regionDistrictsBody = z.object({ cityCode: cityCodeField, ...filters });
export type RegionDistrictsInput = z.input<typeof regionDistrictsBody>;

export const regionDistrictView = z.object({
  code: z.string(),
  name: z.string(),
  /** Qualifying listed products whose supplier is in the district. */
  productCount: z.number().int(),
  supplierCount: z.number().int(),
});
export type RegionDistrictView = z.infer<typeof regionDistrictView>;

export const regionDistrictsData = z.object({
  city: z.object({ code: z.string(), name: z.string(), provinceName: z.string() }),
  /** Every district of the city, most products first (then by code); districts with none included, at 0. */
  districts: z.array(regionDistrictView),
  productCount: z.number().int(),
  supplierCount: z.number().int(),
  /** Qualifying products whose supplier has no district of this city on record (elsewhere, or no region code). */
  elsewhereProductCount: z.number().int(),
});
export type RegionDistrictsData = z.infer<typeof regionDistrictsData>;

export const regionDistrictDetailsBody = z.object({
  regionCode: z
    .string({ error: '请选择区县' })
    .trim()
    .regex(/^\d{4}(?!00)\d{2}$/, '区县代码应为 6 位数字'),
  ...filters,
});
export type RegionDistrictDetailsInput = z.input<typeof regionDistrictDetailsBody>;

export const regionProductView = z.object({
  productId: z.number().int(),
  name: z.string(),
  classifyCode: z.string(),
  classifyName: z.string().nullable(),
  isGreen: z.boolean(),
  starRating: z.number().int().nullable(),
});

export const regionSupplierView = z.object({
  orgId: z.number().int(),
  name: z.string(),
  orgType: z.number().int(),
  products: z.array(regionProductView),
});
export type RegionSupplierView = z.infer<typeof regionSupplierView>;

export const regionDistrictDetailsData = z.object({
  district: z.object({ code: z.string(), name: z.string(), cityCode: z.string(), cityName: z.string() }),
  /** Most qualifying products first. */
  suppliers: z.array(regionSupplierView),
});
export type RegionDistrictDetailsData = z.infer<typeof regionDistrictDetailsData>;
