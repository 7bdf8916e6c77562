import { pageOf } from './envelope.ts';
import { ledgerEvidenceSchema } from './ledger.ts';
import {
  blankToUndefined,
  numberText,
  optionalId,
  optionalText,
  positiveId,
  requiredText,
  takeSkip,
} from './params.ts';
import { DIVISION_CODE_PATTERN } from './reference.ts';
import { dateField, quantityField } from './trace.ts';
import { z } from './zod.ts';

/**
 * Distribution (spec §2 /agent, the distributor console /distributor and its contract screens; module code jcbb-agent;
 * docs/distribution.md): a manufacturer's authorisations of a distributor (授权书), each issued version a signed,
 * ledger-recorded letter anyone can verify from its QR code; the distributor's licensed products and own product
 * records; its sales contracts (经销合同); and the scope check every distributor shipment passes.
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;

// ---- code tables ----

/** 产品授权: for no particular project (不特定项目), or for one project or tender (特定项目). */
export const AuthorisationKind = { GENERAL: 'general', PROJECT: 'project' } as const;
export type AuthorisationKindValue = (typeof AuthorisationKind)[keyof typeof AuthorisationKind];
export const authorisationKindValues = Object.values(AuthorisationKind) as [
  AuthorisationKindValue,
  ...AuthorisationKindValue[],
];
export const authorisationKindLabels = labels<AuthorisationKindValue>({
  general: { zh: '常规授权（不限项目）', en: 'General (any project)' },
  project: { zh: '项目授权（特定项目或招标）', en: 'For one project or tender' },
});

/**
 * An authorisation's state (docs/distribution.md, "States"): draft → issued (signed, on the ledger, the distributor
 * told) → active (on the distributor's acceptance, or at once with auto-accept) ↔ suspended → revoked (with a
 * reason); a new version supersedes the old. `expired` is never stored: an issued, active or suspended version whose
 * period has ended reads as expired (`authorisationState`).
 */
export const AuthorisationStatus = {
  DRAFT: 'draft',
  ISSUED: 'issued',
  ACTIVE: 'active',
  SUSPENDED: 'suspended',
  REVOKED: 'revoked',
  SUPERSEDED: 'superseded',
  EXPIRED: 'expired',
} as const;
export type AuthorisationStatusValue = (typeof AuthorisationStatus)[keyof typeof AuthorisationStatus];
export const authorisationStatusValues = Object.values(AuthorisationStatus) as [
  AuthorisationStatusValue,
  ...AuthorisationStatusValue[],
];
/** The states a row holds (the database's CHECK); `expired` is derived. */
export type StoredAuthorisationStatus = Exclude<AuthorisationStatusValue, 'expired'>;
export const authorisationStatusLabels = labels<AuthorisationStatusValue>({
  draft: { zh: '草稿', en: 'Draft' },
  issued: { zh: '待经销商确认', en: 'Awaiting the distributor' },
  active: { zh: '生效中', en: 'In force' },
  suspended: { zh: '已暂停', en: 'Suspended' },
  revoked: { zh: '已撤销', en: 'Revoked' },
  superseded: { zh: '已被新版本取代', en: 'Superseded' },
  expired: { zh: '已到期', en: 'Expired' },
});

/** How an authorisation reads on a day (yyyy-mm-dd, Shanghai): its stored status, or expired after its period. */
export function authorisationState(
  status: StoredAuthorisationStatus,
  validUntil: string,
  today: string,
): AuthorisationStatusValue {
  if ((status === 'issued' || status === 'active' || status === 'suspended') && validUntil < today) return 'expired';
  return status;
}

/** Days before the end of an authorisation's period on which both parties are reminded (spec: 60, 30, 7). */
export const AUTHORISATION_REMINDER_DAYS = [60, 30, 7] as const;
/** The manufacturer's list highlights authorisations ending within this many days. */
export const AUTHORISATION_EXPIRING_DAYS = 60;

/** A sales contract's state: draft → signed (file uploaded, hashed on the ledger) → active → completed | terminated. */
export const SalesContractStatus = {
  DRAFT: 'draft',
  SIGNED: 'signed',
  ACTIVE: 'active',
  COMPLETED: 'completed',
  TERMINATED: 'terminated',
} as const;
export type SalesContractStatusValue = (typeof SalesContractStatus)[keyof typeof SalesContractStatus];
export const salesContractStatusValues = Object.values(SalesContractStatus) as [
  SalesContractStatusValue,
  ...SalesContractStatusValue[],
];
export const salesContractStatusLabels = labels<SalesContractStatusValue>({
  draft: { zh: '草稿', en: 'Draft' },
  signed: { zh: '已签订', en: 'Signed' },
  active: { zh: '履行中', en: 'In force' },
  completed: { zh: '已完成', en: 'Completed' },
  terminated: { zh: '已终止', en: 'Terminated' },
});

/** A distributor's own product record: on sale or withdrawn. */
export const DistributorProductStatus = { ON_SALE: 'on_sale', OFF_SALE: 'off_sale' } as const;
export type DistributorProductStatusValue = (typeof DistributorProductStatus)[keyof typeof DistributorProductStatus];
export const distributorProductStatusValues = Object.values(DistributorProductStatus) as [
  DistributorProductStatusValue,
  ...DistributorProductStatusValue[],
];
export const distributorProductStatusLabels = labels<DistributorProductStatusValue>({
  on_sale: { zh: '在售', en: 'On sale' },
  off_sale: { zh: '已下架', en: 'Withdrawn' },
});

/**
 * Why a distributor's line is not covered (the scope check at shipment, the contract's line check, the coverage
 * call): each with the sentence the refusal shows. The first failing rule is named, in this order.
 */
export const CoverageRefusal = {
  NO_AUTHORISATION: 'no_authorisation',
  NOT_ACTIVE: 'not_active',
  REGION: 'region',
  PERIOD: 'period',
  PROJECT: 'project',
  CAP: 'cap',
  CONTRACT_QUANTITY: 'contract_quantity',
  CONTRACT_NOT_ACTIVE: 'contract_not_active',
} as const;
export type CoverageRefusalValue = (typeof CoverageRefusal)[keyof typeof CoverageRefusal];
export const coverageRefusalValues = Object.values(CoverageRefusal) as [
  CoverageRefusalValue,
  ...CoverageRefusalValue[],
];
export const coverageRefusalLabels = labels<CoverageRefusalValue>({
  no_authorisation: { zh: '生产企业未授权本经销商销售该产品', en: 'The manufacturer has not authorised this product' },
  not_active: { zh: '授权书未生效（待确认、已暂停、已撤销或已被取代）', en: 'The authorisation is not in force' },
  region: { zh: '目的地不在授权区域内', en: 'The destination is outside the authorised regions' },
  period: { zh: '发货日期不在授权期限内', en: 'The date is outside the authorised period' },
  project: { zh: '项目授权只适用于其指定项目', en: 'A project authorisation covers only its project' },
  cap: { zh: '超出授权数量上限', en: 'Beyond the authorised quantity cap' },
  contract_quantity: { zh: '超出合同剩余数量', en: 'Beyond the contract’s remaining quantity' },
  contract_not_active: { zh: '合同未在履行中', en: 'The contract is not in force' },
});

// ---- regions ----

/**
 * Whether an authorised region (GB/T 2260 code at any level) covers a place (a county code, or any code): a
 * province (320000) covers every code starting 32, a city (320100) every code starting 3201, a county itself.
 */
export function regionCovers(authorised: string, place: string): boolean {
  if (!DIVISION_CODE_PATTERN.test(authorised) || !DIVISION_CODE_PATTERN.test(place)) return false;
  if (authorised.endsWith('0000')) return place.startsWith(authorised.slice(0, 2));
  if (authorised.endsWith('00')) return place.startsWith(authorised.slice(0, 4));
  return place === authorised;
}

/** Whether two authorised regions overlap (one covers the other): the exclusivity rule's test. */
export const regionsOverlap = (a: string, b: string): boolean => regionCovers(a, b) || regionCovers(b, a);

// ---- the scope check (d-gate) ----

/** At most this many lines in one scope check (a contract's lines, a shipment's). */
export const SCOPE_CHECK_LINES_MAX = 500;

/**
 * The coverage call (POST /api/agent/scope/check, distributors only): would the caller's letters cover these lines
 * for a destination — a region (any GB/T 2260 code), a platform project (its county and the project) or a trace
 * address (its county) — on a date, and, with a contract of the caller's, within the contract's remaining quantities?
 */
export const scopeCheckBody = z
  .object({
    lines: z
      .array(z.object({ specId: positiveId('规格型号'), quantity: quantityField('数量') }), { error: '请添加明细' })
      .min(1, '请至少添加一行明细')
      .max(SCOPE_CHECK_LINES_MAX, `一次最多核对 ${SCOPE_CHECK_LINES_MAX} 行`),
    regionCode: z.preprocess(
      blankToUndefined,
      z.string().trim().regex(DIVISION_CODE_PATTERN, '区划代码应为 6 位数字').optional(),
    ),
    projectId: z.preprocess(blankToUndefined, positiveId('项目').optional()),
    addressId: z.preprocess(blankToUndefined, positiveId('收货地址').optional()),
    date: dateField('日期'),
    contractId: z.preprocess(blankToUndefined, positiveId('经销合同').optional()),
  })
  .refine((b) => [b.regionCode, b.projectId, b.addressId].filter((v) => v !== undefined).length === 1, {
    message: '请选择目的地：区域、项目或收货地址之一',
    path: ['regionCode'],
  });
export type ScopeCheckInput = z.input<typeof scopeCheckBody>;

export const scopeLineView = z.object({
  specId: z.number().int(),
  covered: z.boolean(),
  /** The rule a refusal names (CoverageRefusal), null when covered. */
  refusal: z.enum(coverageRefusalValues).nullable(),
  /** The refusal's sentence, or what the line relies on. */
  label: z.string(),
  letterNumber: z.string().nullable(),
  letterPublicId: z.string().nullable(),
  makerName: z.string().nullable(),
  /** What the covering item's cap leaves after this line (and the earlier ones); null = no cap or not covered. */
  remainingCap: z.number().nullable(),
});
export const scopeCheckData = z.object({
  /** The destination's region as checked (null when unknown: never covered). */
  regionCode: z.string().nullable(),
  lines: z.array(scopeLineView),
});
export type ScopeCheckData = z.infer<typeof scopeCheckData>;

// ---- authorisations and letters ----

/** Page size of the authorisation lists. */
export const AUTHORISATION_PAGE_SIZE = 10;
/** Most products one letter names, regions it lists, chosen specifications per product. */
export const AUTHORISATION_ITEMS_MAX = 100;
export const AUTHORISATION_REGIONS_MAX = 50;
export const AUTHORISATION_SPECS_MAX = 200;
/** Longest reason for a suspension or revocation. */
export const AUTHORISATION_REASON_MAX = 200;
/** Longest commitment text (after-sales, supply). */
export const AUTHORISATION_COMMITMENT_MAX = 500;

/** What the parties may do to an authorisation (the transition table's actions; `distribution.transitions.ts`). */
export const AuthorisationAction = {
  SAVE: 'save',
  DELETE: 'delete',
  ISSUE: 'issue',
  ACCEPT: 'accept',
  SUSPEND: 'suspend',
  RESUME: 'resume',
  REVOKE: 'revoke',
  RENEW: 'renew',
} as const;
export type AuthorisationActionValue = (typeof AuthorisationAction)[keyof typeof AuthorisationAction];
export const authorisationActionValues = Object.values(AuthorisationAction) as [
  AuthorisationActionValue,
  ...AuthorisationActionValue[],
];
export const authorisationActionLabels = labels<AuthorisationActionValue>({
  save: { zh: '保存', en: 'Save' },
  delete: { zh: '删除', en: 'Delete' },
  issue: { zh: '签发', en: 'Issue' },
  accept: { zh: '确认接受', en: 'Accept' },
  suspend: { zh: '暂停', en: 'Suspend' },
  resume: { zh: '恢复', en: 'Resume' },
  revoke: { zh: '撤销', en: 'Revoke' },
  renew: { zh: '续签（新版本）', en: 'Renew (new version)' },
});

const regionCodeField = z
  .string({ error: '请选择授权区域' })
  .trim()
  .regex(DIVISION_CODE_PATTERN, '授权区域应为 6 位行政区划代码');

/**
 * One product of a letter: all its specifications (`specIds` empty) or the chosen ones, and an optional cap — for
 * all specifications together, or for each chosen specification (each is one item of the letter, with its own cap).
 */
export const authorisationItemBody = z.object({
  productId: positiveId('产品'),
  /** Empty = every specification of the product, present and future. */
  specIds: z
    .array(positiveId('规格型号'), { error: '规格型号应为列表' })
    .max(AUTHORISATION_SPECS_MAX, `规格型号最多 ${AUTHORISATION_SPECS_MAX} 个`)
    .default([]),
  /** In the product's specification unit; none = no cap. */
  quantityCap: z.preprocess(blankToUndefined, quantityField('授权数量上限').optional()),
});
export type AuthorisationItemInput = z.input<typeof authorisationItemBody>;

/** Create a draft (no `id`) or change one (its `id`). */
export const authorisationSaveBody = z
  .object({
    id: optionalId('授权'),
    distributorOrgId: positiveId('经销商'),
    kind: z.enum(authorisationKindValues, { error: '请选择授权类型' }),
    /** For a project authorisation: a platform project, or a project name, or a tender number (at least one). */
    projectId: optionalId('项目'),
    projectName: optionalText('项目名称', 100),
    tenderNo: optionalText('招标编号', 50),
    /** Sole authorisation (唯一授权): refuses to issue while another of the maker's letters overlaps it. */
    exclusive: z.boolean({ error: '请选择是否独家授权' }).default(false),
    regionCodes: z
      .array(regionCodeField, { error: '请选择授权区域' })
      .min(1, '请至少选择一个授权区域')
      .max(AUTHORISATION_REGIONS_MAX, `授权区域最多 ${AUTHORISATION_REGIONS_MAX} 个`),
    items: z
      .array(authorisationItemBody, { error: '请选择授权产品' })
      .min(1, '请至少选择一个授权产品')
      .max(AUTHORISATION_ITEMS_MAX, `授权产品最多 ${AUTHORISATION_ITEMS_MAX} 个`),
    validFrom: dateField('授权开始日期'),
    validUntil: dateField('授权截止日期'),
    afterSalesCommitment: optionalText('售后服务承诺', AUTHORISATION_COMMITMENT_MAX),
    supplyCommitment: optionalText('供货承诺', AUTHORISATION_COMMITMENT_MAX),
    signatoryName: requiredText('签署人', 30),
    signatoryTitle: requiredText('签署人职务', 30),
    /** Active at once on issue, without the distributor's acceptance. */
    autoAccept: z.boolean({ error: '请选择是否自动生效' }).default(false),
  })
  .superRefine((b, ctx) => {
    if (b.validUntil < b.validFrom)
      ctx.addIssue({ code: 'custom', message: '授权截止日期不能早于开始日期', path: ['validUntil'] });
    if (b.kind === 'project' && b.projectId === undefined && !b.projectName && !b.tenderNo)
      ctx.addIssue({
        code: 'custom',
        message: '项目授权请选择平台项目，或填写项目名称或招标编号',
        path: ['projectId'],
      });
    // A product appears once for all its specifications, or with distinct chosen specifications.
    const all = new Set<number>();
    const chosen = new Set<string>();
    const named = new Set<number>();
    b.items.forEach((item, i) => {
      if (item.specIds.length === 0 ? named.has(item.productId) : all.has(item.productId))
        ctx.addIssue({ code: 'custom', message: '该产品已选择', path: ['items', i, 'productId'] });
      item.specIds.forEach((specId, j) => {
        const key = `${item.productId}:${specId}`;
        if (chosen.has(key))
          ctx.addIssue({ code: 'custom', message: '规格型号重复', path: ['items', i, 'specIds', j] });
        chosen.add(key);
      });
      if (item.specIds.length === 0) all.add(item.productId);
      named.add(item.productId);
    });
    const regions = new Set<string>();
    b.regionCodes.forEach((code, i) => {
      if (regions.has(code)) ctx.addIssue({ code: 'custom', message: '授权区域重复', path: ['regionCodes', i] });
      regions.add(code);
    });
  });
export type AuthorisationSaveInput = z.input<typeof authorisationSaveBody>;

/** The list: a manufacturer sees the letters it made, a distributor the issued ones made to it. */
export const authorisationListBody = z.object({
  ...takeSkip(AUTHORISATION_PAGE_SIZE, 100),
  /** A state as read today (`expired` included). */
  status: z.preprocess(blankToUndefined, z.enum(authorisationStatusValues, { error: '状态不正确' }).optional()),
  /** The other party's name, the letter's number, a product's name. */
  keyword: optionalText('关键字', 50),
  /** Only letters in force (issued, active, suspended) ending within this many days from today. */
  expiringWithinDays: numberText(
    z
      .number({ error: '天数必须是数字' })
      .int('天数必须是整数')
      .min(0, '天数不能为负')
      .max(366, '天数最多 366')
      .optional(),
  ),
});
export type AuthorisationListInput = z.input<typeof authorisationListBody>;

export const authorisationIdQuery = z.object({ id: positiveId('授权') });
export const authorisationIdBody = z.object({ id: positiveId('授权') });
/** Suspend or revoke: the reason is required (it is told to the distributor and shown on the public page). */
export const authorisationReasonBody = z.object({
  id: positiveId('授权'),
  reason: requiredText('原因', AUTHORISATION_REASON_MAX),
});
/** Resume: an optional note. */
export const authorisationResumeBody = z.object({
  id: positiveId('授权'),
  reason: optionalText('说明', AUTHORISATION_REASON_MAX),
});

const partyRef = z.object({ id: z.number().int(), name: z.string() });

/** One product of a letter as read: the specifications it names (none = all) and the cap against what shipped. */
export const authorisationScopeItemView = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  /** Empty = all specifications. */
  specs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  allSpecs: z.boolean(),
  /** The specifications' unit when they share one, else null. */
  unit: z.string().nullable(),
  quantityCap: z.number().nullable(),
  shippedQuantity: z.number(),
  /** What the cap still allows; null = no cap. */
  remainingQuantity: z.number().nullable(),
});
export type AuthorisationScopeItemView = z.infer<typeof authorisationScopeItemView>;

export const authorisationListItem = z.object({
  id: z.number().int(),
  publicId: z.string(),
  /** The letter's number (AUyyyymmdd-nnnn), given on issue; null for a draft. */
  number: z.string().nullable(),
  chainId: z.number().int(),
  version: z.number().int(),
  maker: partyRef,
  distributor: partyRef,
  kind: z.enum(authorisationKindValues),
  projectId: z.number().int().nullable(),
  /** The platform project's name, else the typed name. */
  projectName: z.string().nullable(),
  tenderNo: z.string().nullable(),
  exclusive: z.boolean(),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
  /** One line for a list: 「3 个产品（12 个型号）· 江苏省」. */
  scopeSummary: z.string(),
  items: z.array(authorisationScopeItemView),
  validFrom: z.string(),
  validUntil: z.string(),
  /** As stored. */
  status: z.enum(authorisationStatusValues),
  /** As read today (`authorisationState`: an ended period reads expired). */
  state: z.enum(authorisationStatusValues),
  /** Days from today to the last day (0 = ends today, negative once ended); null for a draft, revoked or superseded. */
  expiresInDays: z.number().int().nullable(),
  autoAccept: z.boolean(),
  statusReason: z.string().nullable(),
  issuedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** What the caller may do now (the transition table). */
  actions: z.array(z.enum(authorisationActionValues)),
  updatedAt: z.string(),
});
export type AuthorisationListItem = z.infer<typeof authorisationListItem>;
export const authorisationListData = pageOf(authorisationListItem);

/** One version of the chain, oldest first. */
export const authorisationVersionView = z.object({
  id: z.number().int(),
  version: z.number().int(),
  number: z.string().nullable(),
  publicId: z.string(),
  status: z.enum(authorisationStatusValues),
  state: z.enum(authorisationStatusValues),
  validFrom: z.string(),
  validUntil: z.string(),
  issuedAt: z.string().nullable(),
});

export const authorisationDetail = authorisationListItem.extend({
  afterSalesCommitment: z.string().nullable(),
  supplyCommitment: z.string().nullable(),
  signatoryName: z.string().nullable(),
  signatoryTitle: z.string().nullable(),
  supersedesId: z.number().int().nullable(),
  /** The version that replaced this one, when superseded (or a draft renewal in progress, for the maker). */
  supersededById: z.number().int().nullable(),
  versions: z.array(authorisationVersionView),
  /** The signed letter's SHA-256 and its ledger entry; null for a draft. */
  contentSha256: z.string().nullable(),
  leafIndex: z.number().int().nullable(),
  statusChangedAt: z.string().nullable(),
  statusLeafIndex: z.number().int().nullable(),
  /** The public verification page (relative address), for an issued letter; null for a draft. */
  verifyUrl: z.string().nullable(),
});
export type AuthorisationDetail = z.infer<typeof authorisationDetail>;

export const authorisationDoneData = z.object({ id: z.number().int() });

// Distributor search (the form's picker): certified distributors by name or credit code.
export const distributorSearchQuery = z.object({ keyword: requiredText('经销商名称或统一社会信用代码', 50) });
export const distributorSearchItem = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  /** The organisation's region (city or county), for telling namesakes apart. */
  regionName: z.string().nullable(),
});
export const distributorSearchData = z.array(distributorSearchItem);
export type DistributorSearchItem = z.infer<typeof distributorSearchItem>;

// Public verification: GET /open/authorisation?id=<publicId>

export const authorisationVerifyQuery = z.object({
  id: z
    .string({ error: '请提供授权书编号' })
    .trim()
    .min(1, '请提供授权书编号')
    .max(60, '授权书编号不正确')
    .regex(/^[A-Za-z0-9_-]+$/, '授权书编号不正确'),
});

/** A signed document on the ledger: its exact bytes (canonical JSON), the Ed25519 signature over them, the entry. */
export const signedLedgerDocument = z.object({
  /** The canonical JSON (UTF-8) that was signed and whose SHA-256 the ledger entry records; no personal data. */
  content: z.string(),
  /** Ed25519 over the UTF-8 bytes of `content` by the platform's ledger key, hex. */
  signature: z.string(),
  /** The ledger entry with its inclusion proof against the latest signed tree head; null if missing. */
  evidence: ledgerEvidenceSchema.nullable(),
});
export type SignedLedgerDocument = z.infer<typeof signedLedgerDocument>;

export const authorisationVerifyData = z.object({
  publicId: z.string(),
  number: z.string(),
  version: z.number().int(),
  /** Read now: the stored status, or expired after the period (`authorisationState`). */
  state: z.enum(authorisationStatusValues),
  /** Today in Asia/Shanghai, as the state was computed. */
  checkedOn: z.string(),
  /** The reason of the last suspension or revocation. */
  statusReason: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  /** The letter (its `content` is `AuthorisationLetterContent`). */
  letter: signedLedgerDocument,
  /** The last status statement after issue (`AuthorisationStatusStatement`): acceptance, suspension, resumption,
   * revocation, supersession; null while issued and awaiting acceptance. */
  statusStatement: signedLedgerDocument.nullable(),
  /** The version that replaced this one. */
  supersededBy: z.object({ publicId: z.string(), number: z.string() }).nullable(),
  /** The platform's ledger key: raw Ed25519 public key (hex) and its fingerprint, and where it is published. */
  publicKey: z.string(),
  keyFingerprint: z.string(),
  publicKeyUrl: z.string(),
  verifyUrl: z.string(),
});
export type AuthorisationVerifyData = z.infer<typeof authorisationVerifyData>;
