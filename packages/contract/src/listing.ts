import { attributeGroupWithElements, cityCodeSchema } from './element.ts';
import { pageOf } from './envelope.ts';
import { readingDigestSchema } from './evidence-reading.ts';
import { MAX_ID } from './params.ts';
import { z } from './zod.ts';

/**
 * Listings of products in cities (products-settled-in-cities, issue 4): the manufacturer fills the city's
 * dynamic form and submits; the platform (super_admin) and then the city committee (住建委) audit.
 * States: ListingStatus in enums.ts; transitions: apps/server/src/modules/listing/listing-transitions.ts.
 */

/** Who acts on a listing (the transition table's actors). */
export const ListingActor = {
  /** The manufacturer's 企业管理员. */
  MANUFACTURER_ADMIN: 'manufacturer_admin',
  /** Any other member of the manufacturer. */
  MANUFACTURER_STAFF: 'manufacturer_staff',
  /** The platform's auditor (super_admin). */
  PLATFORM: 'platform',
  /** The 住建委 of the listing's city. */
  CITY: 'city',
} as const;
export type ListingActorValue = (typeof ListingActor)[keyof typeof ListingActor];

export const listingActionLabels: Record<string, string> = {
  save: '保存草稿',
  submit: '提交审核',
  platform_approve: '平台审核通过',
  platform_reject: '平台审核驳回',
  city_approve: '城市审核通过',
  city_reject: '城市审核驳回',
  city_not_green: '城市认定非绿色建材',
  delist: '下架',
  delete: '删除',
};

// ---- Values ----

export const listingValueInput = z.object({
  elementId: z.number({ error: '请指定要素' }).int().positive().max(MAX_ID, '编号超出范围'),
  propertyValue: z.string().max(2000, '内容不能超过 2000 个字').nullish(),
  propertyNumValue: z.number().finite().gt(-1e14, '数值过大').lt(1e14, '数值过大').nullish(),
  propertyArrayValue: z.array(z.string().max(20)).max(100).nullish(),
  resourceValue: z
    .array(z.number().int().positive().max(MAX_ID, '编号超出范围'))
    .max(20, '每项最多上传 20 个文件')
    .nullish(),
});

export const listingValueItem = z.object({
  elementId: z.number().int(),
  propertyValue: z.string().nullable(),
  propertyNumValue: z.number().nullable(),
  propertyArrayValue: z.array(z.string()).nullable(),
  resourceValue: z.array(z.number().int()).nullable(),
  /** Names of the files of resourceValue, in the same order. */
  resources: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

// ---- Calls ----

export const listingSaveBody = z.object({
  productId: z.number({ error: '请选择产品' }).int().positive('请选择产品').max(MAX_ID, '请选择产品'),
  cityCode: cityCodeSchema,
  values: z.array(listingValueInput).max(300).default([]),
  /** false: save as a draft (required elements may stay empty); true: save and submit for audit. */
  submit: z.boolean().default(false),
});

export const listingSavedData = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  cityCode: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  govProcurement: z.boolean(),
});

export const listingListBody = z.object({
  take: z.number().int().min(1).max(100).default(10),
  skip: z.number().int().min(0).default(0),
  productId: z.number().int().positive().max(MAX_ID, '编号超出范围').optional(),
  cityCode: cityCodeSchema.optional(),
  status: z.number().int().min(0).max(6).optional(),
  /** A fragment of the product's name. */
  materialName: z.string().trim().max(50).optional(),
});
export const listingFilterBody = listingListBody.omit({ take: true, skip: true });

export const listingItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  materialName: z.string(),
  brand: z.string().nullable(),
  classifyCode: z.string(),
  classifyName: z.string().nullable(),
  orgId: z.number().int(),
  orgName: z.string(),
  cityCode: z.string(),
  cityName: z.string().nullable(),
  status: z.number().int(),
  statusName: z.string(),
  govProcurement: z.boolean(),
  notGreen: z.boolean(),
  notGreenReason: z.string().nullable(),
  rejectReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  listedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ListingItem = z.infer<typeof listingItem>;
export const listingList = pageOf(listingItem);

export const listingExportData = z.object({
  columns: z.array(z.object({ key: z.string(), title: z.string() })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});

/** The listing id in an audit decision's path (`/api/admin/listings/{id}/…`, `/api/city/listings/{id}/…`). */
export const listingPathParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围') });

export const listingIdBody = z.object({
  id: z.number({ error: '请指定入库记录' }).int().positive().max(MAX_ID, '编号超出范围'),
});

export const listingDetailBody = z.union([
  listingIdBody,
  z.object({ productId: z.number().int().positive().max(MAX_ID, '编号超出范围'), cityCode: cityCodeSchema }),
]);

export const listingFileBody = z.object({
  id: z.number({ error: '请指定入库记录' }).int().positive().max(MAX_ID, '编号超出范围'),
  uploadId: z.number({ error: '请指定文件' }).int().positive().max(MAX_ID, '编号超出范围'),
});

export const listingPairsBody = z.object({
  productIds: z
    .array(z.number().int().positive().max(MAX_ID, '编号超出范围'))
    .min(1, '请选择产品')
    .max(50, '一次最多 50 个产品'),
  cityCodes: z.array(cityCodeSchema).min(1, '请选择城市').max(20, '一次最多 20 个城市'),
});

export const listingBatchBody = listingPairsBody.extend({
  /**
   * Values applied to every pair where the element belongs to the pair's city form (nationwide elements belong to
   * all); existing draft values are kept for elements not given.
   */
  values: z.array(listingValueInput).max(300).default([]),
});

export const listingCheckItem = z.object({
  productId: z.number().int(),
  productName: z.string().nullable(),
  cityCode: z.string(),
  cityName: z.string().nullable(),
  canList: z.boolean(),
  /** Why not, in Chinese; empty when it can. */
  reasons: z.array(z.string()),
  /** The existing listing, if any. */
  listingId: z.number().int().nullable(),
  status: z.number().int().nullable(),
});
export const listingCheckData = z.object({ list: z.array(listingCheckItem) });

export const listingBatchItem = z.object({
  productId: z.number().int(),
  cityCode: z.string(),
  ok: z.boolean(),
  listingId: z.number().int().nullable(),
  status: z.number().int().nullable(),
  reasons: z.array(z.string()),
});
export const listingBatchData = z.object({
  succeeded: z.number().int(),
  failed: z.number().int(),
  list: z.array(listingBatchItem),
});

/**
 * One answer of an auditor's approval form (scenario 2, the custom approval flow) as it was when the decision was
 * taken: the element's name and the answer as text (option labels, the number or the text), and its files.
 */
export const auditFormAnswer = z.object({
  elementId: z.number().int(),
  name: z.string(),
  displayType: z.number().int(),
  text: z.string().nullable(),
  files: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export type AuditFormAnswer = z.infer<typeof auditFormAnswer>;

export const auditLogItem = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  action: z.string(),
  actionName: z.string(),
  fromStatus: z.number().int().nullable(),
  fromStatusName: z.string().nullable(),
  toStatus: z.number().int().nullable(),
  toStatusName: z.string().nullable(),
  reason: z.string().nullable(),
  actor: z.object({ id: z.number().int(), realName: z.string().nullable() }).nullable(),
  createTime: z.string(),
  /** The auditor's answers to the step's approval form; empty for other steps and forms without elements. */
  answers: z.array(auditFormAnswer),
  /** An auditor's decision: the product's documents as read and the findings before it (docs/evidence-reading.md). */
  readings: z.array(readingDigestSchema),
});
export const auditLogList = z.array(auditLogItem);
export const auditLogLast = auditLogItem.nullable();

/** The product's evidence beside the listing (for the auditors' side-by-side view and the manufacturer's own). */
export const listingEvidence = z.object({
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    brand: z.string().nullable(),
    classifyCode: z.string(),
    classifyName: z.string().nullable(),
    materialType: z.number().int(),
    description: z.string().nullable(),
    enableStatus: z.number().int(),
    images: z.array(z.number().int()),
    isPrefabricated: z.boolean(),
    isLowCarbon: z.boolean(),
    isGreen: z.boolean(),
    starRating: z.number().int().nullable(),
    greenValidUntil: z.string().nullable(),
    isGovProcurement: z.boolean(),
  }),
  specs: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      model: z.string(),
      unitId: z.number().int(),
      price: z.string().nullable(),
      status: z.number().int(),
    }),
  ),
  documents: z.array(
    z.object({
      id: z.number().int(),
      kind: z.number().int(),
      kindName: z.string(),
      name: z.string(),
      uploadId: z.number().int().nullable(),
      certNo: z.string().nullable(),
      issuer: z.string().nullable(),
      starRating: z.number().int().nullable(),
      validFrom: z.string().nullable(),
      validUntil: z.string().nullable(),
    }),
  ),
});

export const listingDetail = z.object({
  listing: listingItem,
  /** The city's listing form (its groups and the nationwide ones) as it is now. */
  groups: z.array(attributeGroupWithElements),
  /** The saved values, option values no longer among the options cleared (spec §5). */
  values: z.array(listingValueItem),
  evidence: listingEvidence,
  lastPlatformReject: auditLogLast,
  lastCityReject: auditLogLast,
  notGreenLog: auditLogLast,
  /** What the caller may do now (from the transition table). */
  allowedActions: z.array(z.string()),
  /**
   * The approval form (scenario 2) the caller fills with its decision: the nationwide groups for the platform's
   * audit, the city's own groups for the city's. Empty when the caller has no decision to take or no form is set.
   */
  approvalGroups: z.array(attributeGroupWithElements),
});

/** The auditor's answers to the approval form (approvalGroups of the detail); required ones only to approve. */
const auditValues = z.array(listingValueInput).max(300).default([]);
export const auditApproveBody = z.object({ values: auditValues });
export const auditReasonBody = z.object({
  reason: z.string({ error: '请填写原因' }).trim().min(2, '原因至少 2 个字').max(200, '原因不能超过 200 个字'),
  values: auditValues,
});
export const auditDecisionData = z.object({
  id: z.number().int(),
  status: z.number().int(),
  statusName: z.string(),
  notGreen: z.boolean(),
});

export const pushCityItem = z.object({
  cityCode: z.string(),
  cityName: z.string(),
  provinceName: z.string().nullable(),
  letter: z.string(),
});
export const pushCityList = z.array(pushCityItem);
