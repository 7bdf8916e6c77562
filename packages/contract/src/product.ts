import {
  MaterialType,
  PRODUCT_PAGE_SIZE,
  ProductDocumentKind,
  ProductEnableStatus,
  SpecStatus,
  STAR_RATINGS,
} from './enums.ts';
import { pageOf } from './envelope.ts';
import { skipField, takeField } from './params.ts';
import { MASS_PER_UNIT_KG_MAX } from './trace.ts';
import { z } from './zod.ts';

/**
 * The product centre of a manufacturer (issue 4; spec §1 tags, §3 search form, §7 materials calls):
 * products, specification models (sales information), documents (manuals and qualification documents) and the
 * derived tags. Listings in cities belong to the listing module.
 */

const MAX_ID = 2_147_483_647;
/** A string of digits counts as its number: form values and path parameters arrive as text. */
const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);
/** "", null and undefined all mean "not given" (the console's empty search fields). */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const positiveIdSchema = (label: string) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? `请提供${label}` : `${label}必须是数字`) })
      .int(`${label}必须是整数`)
      .min(1, `${label}必须大于 0`)
      .max(MAX_ID, `${label}不存在`),
  );

/** A yes/no filter: true/false, 1/0 or their strings; empty = no filter. */
const flagFilter = (label: string) =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    if (b === 1 || b === '1' || b === 'true') return true;
    if (b === 0 || b === '0' || b === 'false') return false;
    return b;
  }, z.boolean({ error: `${label}只能是 是/否` }).optional());

const twoValues = (label: string, a: number, b: number) =>
  z.preprocess(digitsToNumber, z.union([z.literal(a), z.literal(b)], { error: `${label}只能是 ${a} 或 ${b}` }));

export const materialTypeSchema = twoValues('材料类型', MaterialType.CONVENTIONAL, MaterialType.PREFABRICATED);
export const productEnableStatusSchema = twoValues(
  '启用状态',
  ProductEnableStatus.ENABLED,
  ProductEnableStatus.DISABLED,
);
export const specStatusSchema = twoValues('销售状态', SpecStatus.ON_SALE, SpecStatus.OFF_SALE);
export const starRatingSchema = z.preprocess(
  digitsToNumber,
  z.union([z.literal(1), z.literal(2), z.literal(3)], { error: `星级只能是 ${STAR_RATINGS.join('、')}` }),
);

export const materialTypeLabels: Record<number, string> = { 1: '常规材料', 2: '装配式部品部件' };
export const productEnableStatusLabels: Record<number, string> = { 1: '启用', 2: '停用' };
export const specStatusLabels: Record<number, string> = { 1: '在售', 2: '停售' };

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过 ${max} 个字`);
const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label}应为文本` })
      .trim()
      .max(max, `${label}不能超过 ${max} 个字`)
      .optional(),
  );

/** Classification codes are digits: a category '01', a product class '0101' (see the reference module). */
export const classifyCodeSchema = z
  .string({ error: '请选择产品分类' })
  .trim()
  .regex(/^\d{2,8}$/, '请选择正确的产品分类');

/** A calendar date, `YYYY-MM-DD`, that exists. */
const isoDateSchema = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label}不是有效日期`);

/** Money in yuan with at most two decimals, ≥ 0; a number or its string. Answered as a string ('12.50'). */
export const priceSchema = z.union([z.number(), z.string().trim()], { error: '请输入价格' }).transform((v, ctx) => {
  const s = typeof v === 'number' ? String(v) : v;
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: '价格应为不小于 0 的数，最多两位小数' });
    return z.NEVER;
  }
  return Number(s).toFixed(2);
});

/** Minimum order quantity, > 0, at most three decimals. Answered as a string. */
export const minOrderSchema = z
  .union([z.number(), z.string().trim()], { error: '请输入起订量' })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v;
    if (!/^\d{1,11}(\.\d{1,3})?$/.test(s) || Number(s) <= 0) {
      ctx.addIssue({ code: 'custom', message: '起订量应大于 0，最多三位小数' });
      return z.NEVER;
    }
    return String(Number(s));
  });

/**
 * Mass of one unit of a specification in kg, for transport carbon (GB/T 51366, docs/traceability.md): > 0, at most
 * MASS_PER_UNIT_KG_MAX, four decimals. Blank or null = not known (the shipment then shows "missing mass", never a
 * guess). Answered as a string like minOrder.
 */
export const massPerUnitKgSchema = z
  .union([z.number(), z.string().trim(), z.null()], { error: '单位质量(kg)必须是数字' })
  .transform((v, ctx) => {
    if (v === null || v === '') return null;
    const s = typeof v === 'number' ? String(v) : v;
    if (!/^\d+(\.\d+)?$/.test(s) || !Number.isFinite(Number(s))) {
      ctx.addIssue({ code: 'custom', message: '单位质量(kg)必须是数字' });
      return z.NEVER;
    }
    const n = Number(s);
    const message =
      n <= 0
        ? '单位质量(kg)必须大于 0'
        : n > MASS_PER_UNIT_KG_MAX
          ? `单位质量(kg)不能大于 ${MASS_PER_UNIT_KG_MAX}`
          : !/^\d+(\.\d{1,4})?$/.test(s)
            ? '单位质量(kg)最多 4 位小数'
            : null;
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return String(n);
  });

export const productPathIdParams = z.object({ id: positiveIdSchema('编号') });
export const productRecordIdBody = z.object({ id: positiveIdSchema('编号') });

// ---- Products ----

/** bmProduct/addOrUpdateProductInfo: without `id` creates, with `id` updates (every field is sent). */
export const productSaveBody = z.object({
  id: z.preprocess(blankToUndefined, positiveIdSchema('产品编号').optional()),
  name: text('产品名称', 100),
  brand: optionalText('品牌', 50),
  classifyCode: classifyCodeSchema,
  materialType: materialTypeSchema,
  description: optionalText('产品描述', 2000),
  /** Upload ids (POST /api/file/upload) of the caller's organisation, in display order. */
  images: z
    .array(positiveIdSchema('图片编号'), { error: '产品图片应为上传文件编号的列表' })
    .max(9, '产品图片最多 9 张')
    .default([]),
  enableStatus: productEnableStatusSchema.default(ProductEnableStatus.ENABLED),
  recommended: z.boolean({ error: '推荐只能是 是/否' }).default(false),
});
export type ProductSaveBody = z.input<typeof productSaveBody>;

/** The product search form of spec §3 (bmProduct/getProdutInfoList). Empty fields mean "any". */
export const productSearchBody = z.object({
  take: takeField(PRODUCT_PAGE_SIZE, 100),
  skip: skipField(Number.MAX_SAFE_INTEGER),
  /** A fragment of the name (Chinese or not), matched anywhere, case-insensitive. */
  materialName: optionalText('产品名称', 50),
  /** The class and everything under it. */
  classifyCode: z.preprocess(blankToUndefined, classifyCodeSchema.optional()),
  isGreen: flagFilter('绿色建材'),
  isGovProcurement: flagFilter('政府采购'),
  isLowCarbon: flagFilter('低碳'),
  isPrefabricated: flagFilter('装配式'),
  /** Green products with exactly this star rating. */
  starRating: z.preprocess(blankToUndefined, starRatingSchema.optional()),
  isRecommend: flagFilter('推荐'),
  enableStatus: z.preprocess(blankToUndefined, productEnableStatusSchema.optional()),
});
export type ProductSearchBody = z.input<typeof productSearchBody>;

export const productEnableStatusBody = z.object({
  id: positiveIdSchema('产品编号'),
  enableStatus: productEnableStatusSchema,
});

/** productInfo/selectProductByNameAndCompanyId */
export const productByNameBody = z.object({
  name: text('产品名称', 100),
  companyId: z.preprocess(blankToUndefined, positiveIdSchema('企业编号').optional()),
});

export const productTags = z.object({
  isPrefabricated: z.boolean(),
  isLowCarbon: z.boolean(),
  /** Green today: a valid green certificate (an expired one no longer counts, whatever was stored). */
  isGreen: z.boolean(),
  starRating: z.number().int().nullable(),
  greenValidUntil: z.string().nullable(),
  isGovProcurement: z.boolean(),
});
export type ProductTags = z.infer<typeof productTags>;

export const productFileRef = z.object({ id: z.number().int(), name: z.string() });

export const classificationPathItem = z.object({ code: z.string(), name: z.string() });

export const productItem = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  classifyCode: z.string(),
  classifyName: z.string(),
  materialType: z.number().int(),
  materialTypeName: z.string(),
  images: z.array(productFileRef),
  enableStatus: z.number().int(),
  enableStatusName: z.string(),
  recommended: z.boolean(),
  tags: productTags,
  specCount: z.number().int(),
  /** Lowest price of the specifications on sale, yuan; null without one. */
  minPrice: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductItem = z.infer<typeof productItem>;
export const productList = pageOf(productItem);

export const specItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  model: z.string(),
  unitId: z.number().int(),
  unitName: z.string(),
  /** Yuan, two decimals ('12.50'). */
  price: z.string().nullable(),
  minOrder: z.string().nullable(),
  /** Mass of one unit, kg ('9.6'); null = not known (transport carbon shows "missing mass"). */
  massPerUnitKg: z.string().nullable(),
  status: z.number().int(),
  statusName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpecItem = z.infer<typeof specItem>;

export const documentItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  kind: z.number().int(),
  kindName: z.string(),
  name: z.string(),
  file: productFileRef.nullable(),
  certNo: z.string().nullable(),
  issuer: z.string().nullable(),
  starRating: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** Green certificates only: valid today (null for other kinds). */
  valid: z.boolean().nullable(),
  /** A certificate issued on the platform (evidence ledger), when there is one. */
  certificateId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type DocumentItem = z.infer<typeof documentItem>;

export const listingSummary = z.object({
  id: z.number().int(),
  cityCode: z.string(),
  cityName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  rejectReason: z.string().nullable(),
});

/** The owner's full view (bmProduct/getProductInfoById with the owner's session). */
export const productDetail = productItem.extend({
  view: z.literal('full'),
  description: z.string().nullable(),
  classifyPath: z.array(classificationPathItem),
  specs: z.array(specItem),
  documents: z.array(documentItem),
  listings: z.array(listingSummary),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const publicCertificate = z.object({
  certNo: z.string().nullable(),
  issuer: z.string().nullable(),
  starRating: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** 有效 / 已过期 */
  valid: z.boolean(),
  statusName: z.string(),
  /** Issued on this platform (evidence ledger): anyone can check it at /free/certificate?no={certNo}. */
  platformIssued: z.boolean(),
});

/** What anyone may see of a published product (enabled and listed in at least one city). */
export const productPublicView = z.object({
  view: z.literal('public'),
  id: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  classifyCode: z.string(),
  classifyName: z.string(),
  classifyPath: z.array(classificationPathItem),
  materialType: z.number().int(),
  materialTypeName: z.string(),
  description: z.string().nullable(),
  images: z.array(productFileRef),
  company: z.object({ id: z.number().int(), name: z.string() }),
  tags: productTags,
  /** Mass per unit stays with the owner (it feeds the carbon figures, not the catalogue). */
  specs: z.array(specItem.omit({ createdAt: true, updatedAt: true, massPerUnitKg: true })),
  certificates: z.array(publicCertificate),
  /** Documents the public may know exist (carbon-footprint and test reports), by kind and name. */
  reports: z.array(z.object({ kind: z.number().int(), kindName: z.string(), name: z.string() })),
  cities: z.array(z.object({ cityCode: z.string(), cityName: z.string() })),
});
export type ProductPublicView = z.infer<typeof productPublicView>;

/** bmProduct/getProductInfoById answers the owner's full view or the public view (`view` tells which). */
export const productInfoData = z.discriminatedUnion('view', [productDetail, productPublicView]);

export const auditTypeItem = z.object({ value: z.number().int(), label: z.string(), enLabel: z.string() });
export const auditTypeList = z.array(auditTypeItem);

export const productTypePath = z.object({
  productId: z.number().int(),
  classifyCode: z.string(),
  /** From the category down to the product's class. */
  path: z.array(classificationPathItem),
});

// ---- Specification models (productSpecificationsModel/...) ----

export const specListBody = z.object({
  productId: positiveIdSchema('产品编号'),
  take: takeField(PRODUCT_PAGE_SIZE, 100),
  skip: skipField(Number.MAX_SAFE_INTEGER),
  status: z.preprocess(blankToUndefined, specStatusSchema.optional()),
});
export const specList = pageOf(specItem);

export const specSaveBody = z.object({
  id: z.preprocess(blankToUndefined, positiveIdSchema('规格编号').optional()),
  productId: positiveIdSchema('产品编号'),
  name: text('规格名称', 100),
  model: text('型号', 100),
  unitId: positiveIdSchema('计量单位'),
  price: priceSchema,
  minOrder: minOrderSchema,
  /** 单位质量(kg): absent keeps the stored value on an update; blank or null clears it. */
  massPerUnitKg: massPerUnitKgSchema.optional(),
  status: specStatusSchema.default(SpecStatus.ON_SALE),
});
export type SpecSaveBody = z.input<typeof specSaveBody>;

/** productSpecificationsModel/batchUpdate: the same price and/or status for several specifications. */
export const specBatchUpdateBody = z
  .object({
    ids: z
      .array(positiveIdSchema('规格编号'), { error: '请选择规格' })
      .min(1, '请选择规格')
      .max(200, '一次最多修改 200 个规格'),
    price: priceSchema.optional(),
    status: specStatusSchema.optional(),
  })
  .refine((v) => v.price !== undefined || v.status !== undefined, {
    message: '请填写要修改的价格或销售状态',
    path: ['price'],
  });
export const specBatchUpdateData = z.object({ updated: z.number().int() });

export const specWithProduct = specItem.extend({
  product: z.object({ id: z.number().int(), name: z.string(), classifyCode: z.string(), classifyName: z.string() }),
});

export const productIdBody = z.object({ productId: positiveIdSchema('产品编号') });

/** productSpecificationsModel/productDetailList: every product of the caller with its specifications. */
export const productSpecsGroupList = z.array(
  z.object({ id: z.number().int(), name: z.string(), enableStatus: z.number().int(), specs: z.array(specItem) }),
);

// ---- Documents ----

export const documentKindSchema = z.preprocess(
  digitsToNumber,
  z
    .number({ error: '请选择文件类型' })
    .int('请选择文件类型')
    .refine((v) => (Object.values(ProductDocumentKind) as number[]).includes(v), '请选择正确的文件类型'),
);

/**
 * A document of a product. A green building material certificate (kind 3) needs certNo, issuer, starRating 1–3,
 * validFrom and validUntil after validFrom; other kinds ignore those fields. uploadId: an upload of the caller's
 * organisation (required except for green certificates, whose paper copy is optional).
 */
export const documentAddBody = z
  .object({
    productId: positiveIdSchema('产品编号'),
    kind: documentKindSchema,
    name: optionalText('文件名称', 100),
    uploadId: z.preprocess(blankToUndefined, positiveIdSchema('文件编号').optional()),
    certNo: optionalText('证书编号', 64),
    issuer: optionalText('发证机构', 100),
    starRating: z.preprocess(blankToUndefined, starRatingSchema.optional()),
    validFrom: z.preprocess(blankToUndefined, isoDateSchema('有效期开始日期').optional()),
    validUntil: z.preprocess(blankToUndefined, isoDateSchema('有效期截止日期').optional()),
  })
  .superRefine((v, ctx) => {
    if (v.kind === ProductDocumentKind.GREEN_CERTIFICATE) {
      const need: [keyof typeof v, string][] = [
        ['certNo', '请输入证书编号'],
        ['issuer', '请输入发证机构'],
        ['starRating', '请选择星级'],
        ['validFrom', '请选择有效期开始日期'],
        ['validUntil', '请选择有效期截止日期'],
      ];
      for (const [field, message] of need) {
        if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
      }
      if (v.validFrom && v.validUntil && v.validUntil <= v.validFrom) {
        ctx.addIssue({ code: 'custom', path: ['validUntil'], message: '有效期截止日期应晚于开始日期' });
      }
    } else if (v.uploadId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['uploadId'], message: '请上传文件' });
    }
  });
export type DocumentAddBody = z.input<typeof documentAddBody>;

export const documentListBody = z.object({
  productId: positiveIdSchema('产品编号'),
  kind: z.preprocess(blankToUndefined, documentKindSchema.optional()),
});
export const documentList = z.array(documentItem);

// ---- Classification ----

/** A classification node with the number of listed products (getBusinessBuildingByCityId). */
export interface ClassifyCountNode {
  code: string;
  name: string;
  productCount: number;
  children?: { code: string; name: string; productCount: number }[];
}
const countLeaf = z.object({ code: z.string(), name: z.string(), productCount: z.number().int() });
export const classifyCountTree = z.array(countLeaf.extend({ children: z.array(countLeaf).optional() }));

export const classifyCityParams = z.object({
  id: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '城市代码应为 6 位数字'),
});
export const classifyCodeParams = z.object({ id: classifyCodeSchema });

export const qualificationDropData = z.object({
  documentKinds: z.array(z.object({ value: z.number().int(), label: z.string(), enLabel: z.string() })),
  starRatings: z.array(z.object({ value: z.number().int(), label: z.string() })),
  /** Issuers already used on the platform's green certificates, most used first. */
  issuers: z.array(z.string()),
  materialTypes: z.array(z.object({ value: z.number().int(), label: z.string() })),
});

/** Answer of the calls that change a record: its id. */
/**
 * What a save or delete answers. `id` is null when the item waits for audit and does not exist yet (a new
 * specification or evidence document of a listed product); `revisionId` names the revision that holds the change of
 * approved facts, and `pendingFields` the facts waiting (docs/decisions.md, "Approved facts and revisions").
 */
export const productSavedId = z.object({
  id: z.number().int().nullable(),
  revisionId: z.number().int().nullable().optional(),
  pendingFields: z.array(z.string()).optional(),
});
