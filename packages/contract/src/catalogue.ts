import { PRODUCT_PAGE_SIZE } from './enums.ts';
import {
  blankToUndefined,
  cityCodeField,
  classifyCodeField,
  digitsToNumber,
  flagFilter,
  optionalText,
  positiveId,
  takeSkip,
} from './params.ts';
import { z } from './zod.ts';

/**
 * The public city catalogue (spec §2 /cities, §7 /open/materials/show/…): signed calls without a session.
 * Only listings with status LISTED of enabled products are ever shown.
 */

/** A page of the catalogue holds at most this many products. */
export const CATALOGUE_PAGE_SIZE_MAX = 50;
/** Totals are counted exactly up to this number; beyond it `total` is this number and `totalCapped` true. */
export const CATALOGUE_COUNT_CAP = 1_000;

export const regionDetailsBody = z.object({ cityCode: cityCodeField });
export type RegionDetailsBody = z.input<typeof regionDetailsBody>;

const countNode = z.object({ code: z.string(), name: z.string(), productCount: z.number().int() });

export const regionDetailsData = z.object({
  city: z.object({
    code: z.string(),
    name: z.string(),
    /** First label of the city site's host name (nj). */
    letter: z.string(),
    provinceCode: z.string(),
    provinceName: z.string(),
  }),
  /** The city's housing and construction committee: the government unit whose region is the city; null if none. */
  committee: z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable() }).nullable(),
  /** Listed products (each product once, whatever its specifications). */
  productCount: z.number().int(),
  /** Manufacturers with at least one listed product. */
  manufacturerCount: z.number().int(),
  greenCount: z.number().int(),
  govProcurementCount: z.number().int(),
  /** Categories with their listed products, and their product classes that have any; catalogue order. */
  classifications: z.array(countNode.extend({ children: z.array(countNode) })),
});
export type RegionDetailsData = z.infer<typeof regionDetailsData>;

export const regionTreeData = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    children: z.array(
      z.object({ code: z.string(), name: z.string(), letter: z.string(), productCount: z.number().int() }),
    ),
  }),
);
export type RegionTreeData = z.infer<typeof regionTreeData>;

/** The catalogue search form (spec §3 product search form, for one city). Empty fields mean "any". */
export const cityProductSearchBody = z.object({
  cityCode: cityCodeField,
  ...takeSkip(PRODUCT_PAGE_SIZE, CATALOGUE_PAGE_SIZE_MAX, 10_000),
  /** A fragment of the name, matched anywhere, case-insensitive; % and _ are literal characters. */
  materialName: optionalText('产品名称', 50),
  /** The class and everything under it. */
  classifyCode: z.preprocess(blankToUndefined, classifyCodeField.optional()),
  isGreen: flagFilter('绿色建材'),
  isGovProcurement: flagFilter('政府采购'),
  isPrefabricated: flagFilter('装配式'),
  isLowCarbon: flagFilter('低碳'),
  isRecommend: flagFilter('推荐'),
  /** Green products with exactly this star rating. */
  starRating: z.preprocess(
    (v) => digitsToNumber(blankToUndefined(v)),
    z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '星级只能是 1、2 或 3' }).optional(),
  ),
});
export type CityProductSearchBody = z.input<typeof cityProductSearchBody>;
export type CityProductSearch = z.output<typeof cityProductSearchBody>;

/** The tags a product shows in one city's catalogue. */
export const catalogueTags = z.object({
  isPrefabricated: z.boolean(),
  isLowCarbon: z.boolean(),
  /** A valid green certificate today, unless the city committee marked the listing not green. */
  isGreen: z.boolean(),
  /** Stars of the green certificate; null when not green in this city. */
  starRating: z.number().int().nullable(),
  /** The listing meets this city's demand-standard elements. */
  isGovProcurement: z.boolean(),
});
export type CatalogueTags = z.infer<typeof catalogueTags>;

export const cityProductItem = z.object({
  /** The product's id (for /product/details/external and the open getProductInfoById). */
  id: z.number().int(),
  listingId: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  classifyCode: z.string(),
  classifyName: z.string(),
  recommended: z.boolean(),
  tags: catalogueTags,
  /** Lowest price among the specifications on sale, yuan ('12.50'); null when none has a price. */
  minPrice: z.string().nullable(),
  /** Unit of that specification (平方米); null with minPrice. */
  unitName: z.string().nullable(),
  /** The first image's upload id: GET /open/materials/show/productImage/{id}/{imageId}. */
  imageId: z.number().int().nullable(),
  listedAt: z.string().nullable(),
});
export type CityProductItem = z.infer<typeof cityProductItem>;

export const cityProductList = z.object({
  list: z.array(cityProductItem),
  /** Matching products, counted exactly up to CATALOGUE_COUNT_CAP. */
  total: z.number().int(),
  /** True when there are more than CATALOGUE_COUNT_CAP: `total` is then the cap. */
  totalCapped: z.boolean(),
});
export type CityProductList = z.infer<typeof cityProductList>;

export const productImageParams = z.object({
  productId: positiveId('产品编号'),
  uploadId: positiveId('图片编号'),
});
