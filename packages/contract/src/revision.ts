import { ListingStatus, ProductDocumentKind, type ProductDocumentKindValue } from './enums.ts';
import { pageQuerySchema } from './envelope.ts';
import { readingDigestSchema } from './evidence-reading.ts';
import { z } from './zod.ts';

/**
 * Revisions of a listed product's approved facts (docs/decisions.md, "Approved facts and revisions").
 *
 * Once a product is listed in a city (it passed the platform's and the city's audits), what those audits approved
 * does not change unseen: a change to one of its approved facts becomes a revision, which passes the same two audits
 * (the listing workflow's transition table) while the catalogue keeps showing the approved version. Approval
 * applies the change; rejection keeps the approved facts. Everything else (prices, minimum order, sale status,
 * manuals, enable status, recommendation) changes at once.
 */

/** The product's approved facts. */
export const PRODUCT_FACT_FIELDS = ['name', 'brand', 'classifyCode', 'materialType', 'description', 'images'] as const;
/** A specification model's approved facts (its price, minimum order and sale status are not). */
export const SPEC_FACT_FIELDS = ['name', 'model', 'unitId'] as const;
/** Documents that are evidence: certificates and reports. Manuals and other files are not approved facts. */
export const EVIDENCE_DOCUMENT_KINDS: readonly ProductDocumentKindValue[] = [
  ProductDocumentKind.CARBON_FOOTPRINT_REPORT,
  ProductDocumentKind.GREEN_CERTIFICATE,
  ProductDocumentKind.TEST_REPORT,
];

/**
 * A revision's states are the listing workflow's (the same transition table decides who moves it): in platform
 * audit (1), in city audit (2), approved and applied (3), rejected by the platform (4) or the city (5); and
 * withdrawn (7), when the manufacturer takes it back or edits the facts back to the approved ones.
 */
export const RevisionStatus = {
  PLATFORM_AUDIT: ListingStatus.PLATFORM_AUDIT,
  CITY_AUDIT: ListingStatus.CITY_AUDIT,
  APPROVED: ListingStatus.LISTED,
  PLATFORM_REJECTED: ListingStatus.PLATFORM_REJECTED,
  CITY_REJECTED: ListingStatus.CITY_REJECTED,
  WITHDRAWN: 7,
} as const;
export type RevisionStatusValue = (typeof RevisionStatus)[keyof typeof RevisionStatus];
export const OPEN_REVISION_STATUSES: readonly RevisionStatusValue[] = [
  RevisionStatus.PLATFORM_AUDIT,
  RevisionStatus.CITY_AUDIT,
];
export const revisionStatusLabels: Record<RevisionStatusValue, { zh: string; en: string }> = {
  1: { zh: '平台审核中', en: 'In platform review' },
  2: { zh: '城市审核中', en: 'In city review' },
  3: { zh: '已通过', en: 'Approved' },
  4: { zh: '平台驳回', en: 'Rejected by the platform' },
  5: { zh: '城市驳回', en: 'Rejected by the city' },
  7: { zh: '已撤回', en: 'Withdrawn' },
};

/** One line of a revision's difference, ready to show: what changes, from what, to what. */
export const revisionDiffRow = z.object({
  /** product | spec | document */
  target: z.enum(['product', 'spec', 'document']),
  /** What the line is about: 产品, 规格 A-100, 检测报告 2025-01. */
  targetName: z.string(),
  /** update | add | delete */
  change: z.enum(['update', 'add', 'delete']),
  /** The field for updates (name, classifyCode, …); null for a whole added or deleted item. */
  field: z.string().nullable(),
  fieldName: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /**
   * A line adding a document with a file: the file and the document's kind, so the console can show a certificate's
   * or test report's reading (docs/evidence-reading.md; subject 'revision'). Absent on other lines.
   */
  document: z.object({ uploadId: z.number().int(), kind: z.number().int() }).optional(),
});
export type RevisionDiffRow = z.infer<typeof revisionDiffRow>;

export const revisionView = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  /** The cities whose committees decide (where the product was listed when the revision was made). */
  cities: z.array(z.object({ cityCode: z.string(), cityName: z.string(), approved: z.boolean() })),
  diff: z.array(revisionDiffRow),
  /**
   * The proposed product fields (name, brand, classifyCode, materialType, description, images) when the revision
   * changes them: the manufacturer's edit form starts from these, so a further edit builds on the proposal.
   */
  proposedProduct: z
    .object({
      name: z.string(),
      brand: z.string().nullable(),
      classifyCode: z.string(),
      materialType: z.number().int(),
      description: z.string().nullable(),
      images: z.array(z.number().int()),
    })
    .nullable(),
  /** The last rejection's reason, if any. */
  reason: z.string().nullable(),
  createdByName: z.string().nullable(),
  /** Asia/Shanghai `YYYY-MM-DD HH:mm:ss`. */
  createTime: z.string(),
  updateTime: z.string(),
  /** The caller's possible actions: approve, reject, withdraw. */
  actions: z.array(z.enum(['approve', 'reject', 'withdraw'])),
  /** Every step: who, when, from, to, why. */
  history: z.array(
    z.object({
      action: z.string(),
      actionName: z.string(),
      fromStatus: z.number().int().nullable(),
      toStatus: z.number().int().nullable(),
      actorName: z.string().nullable(),
      reason: z.string().nullable(),
      cityCode: z.string().nullable(),
      /** A decision's: the proposed documents as read when it was taken (docs/evidence-reading.md); else empty. */
      readings: z.array(readingDigestSchema),
      time: z.string(),
    }),
  ),
});
export type RevisionView = z.infer<typeof revisionView>;

export const revisionListBody = pageQuerySchema.extend({
  /** Only revisions in these states; absent = the caller's queue (the states the caller decides in). */
  status: z
    .number({ error: '状态必须是数字' })
    .int('状态必须是整数')
    .refine((v) => (Object.values(RevisionStatus) as number[]).includes(v), '状态只能是 1、2、3、4、5 或 7')
    .optional(),
  productId: z.number().int().positive().max(2_147_483_647).optional(),
});
export const revisionListItem = revisionView.omit({ history: true, actions: true });
export const revisionListData = z.object({ list: z.array(revisionListItem), total: z.number().int() });

export const revisionIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const revisionRejectBody = z.object({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(2, '原因至少 2 个字').max(200, '原因不能超过 200 个字'),
});
export const productRevisionQuery = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});
/** The open revision of a product (null when none) and its latest closed one, for the manufacturer's pages. */
export const productRevisionData = z.object({ open: revisionView.nullable(), last: revisionView.nullable() });

/**
 * What a save answers when part of it became a revision: `revisionId` is set, and `pendingFields` names the approved
 * facts that wait for audit; the rest of the save took effect.
 */
export const revisionNotice = {
  revisionId: z.number().int().nullable().optional(),
  pendingFields: z.array(z.string()).optional(),
};
