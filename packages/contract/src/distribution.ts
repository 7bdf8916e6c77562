import { pageOf } from './envelope.ts';
import { ledgerEvidenceSchema } from './ledger.ts';
import { creditCodeSchema } from './organization.ts';
import {
  blankToUndefined,
  digitsToNumber,
  numberText,
  optionalId,
  optionalText,
  positiveId,
  requiredText,
  takeSkip,
} from './params.ts';
import { DIVISION_CODE_PATTERN } from './reference.ts';
import { dateField, optionalDate, quantityField } from './trace.ts';
import { productUnits } from './units.ts';
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

// ---- distributor products, licensed products and sales contracts ----
// (docs/distribution.md, "The distributor console" and "Sales contracts")

/** Whether a product record is covered today by one of the distributor's letters, and for how long. */
export const RecordCoverage = { IN_FORCE: 'in_force', EXPIRING: 'expiring', NOT_COVERED: 'not_covered' } as const;
export type RecordCoverageValue = (typeof RecordCoverage)[keyof typeof RecordCoverage];
export const recordCoverageValues = Object.values(RecordCoverage) as [RecordCoverageValue, ...RecordCoverageValue[]];
export const recordCoverageLabels = labels<RecordCoverageValue>({
  in_force: { zh: '授权有效', en: 'Authorised' },
  expiring: { zh: '授权即将到期', en: 'Authorisation ending soon' },
  not_covered: { zh: '无有效授权', en: 'Not authorised' },
});

/** Limits of the distributor's records and contracts, checked here once for the server and the forms. */
export const DISTRIBUTION_PAGE_SIZE = 10;
export const CONTRACT_LINES_MAX = 100;
export const SUPPLY_REGIONS_MAX = 50;
export const PRICE_FEN_MAX = 100_000_000_000;
export const LEAD_DAYS_MAX = 365;

const unitNames = productUnits.map((u) => u.name) as string[];
const unitField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .refine((v) => unitNames.includes(v), `请选择正确的${label}`);
const fenField = (label: string) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: (i) => (i.input === undefined ? `请输入${label}` : `${label}必须是数字`) })
      .int(`${label}必须以分为单位的整数`)
      .min(0, `${label}不能为负`)
      .max(PRICE_FEN_MAX, `${label}过大`),
  );
const divisionField = (label: string) =>
  z.string({ error: `请选择${label}` }).regex(DIVISION_CODE_PATTERN, `${label}应为 6 位行政区划代码`);
const idQuery = (label: string) => z.object({ id: positiveId(label) });

/** One of the distributor's product records, new (no id) or edited. */
export const distributorProductSaveBody = z
  .object({
    id: optionalId('产品记录'),
    productId: positiveId('产品'),
    /** One specification, or absent for the whole product. */
    specId: optionalId('规格型号'),
    /** Price in fen per priceUnit; absent = on request (面议). */
    priceFen: z.preprocess(blankToUndefined, fenField('价格').optional()),
    priceUnit: z.preprocess(blankToUndefined, unitField('计价单位').optional()),
    supplyRegionCodes: z
      .array(divisionField('供货区域'), { error: '请选择供货区域' })
      .max(SUPPLY_REGIONS_MAX, `供货区域最多 ${SUPPLY_REGIONS_MAX} 个`)
      .default([]),
    supplyAddressIds: z.array(positiveId('供货地址')).max(20, '供货地址最多 20 个').default([]),
    minOrderQuantity: z.preprocess(blankToUndefined, quantityField('起订量').optional()),
    leadDays: z.preprocess(
      (v) => digitsToNumber(blankToUndefined(v)),
      z
        .number({ error: '供货周期必须是数字' })
        .int('供货周期必须是整数天')
        .min(0, '供货周期不能为负')
        .max(LEAD_DAYS_MAX, `供货周期不能超过 ${LEAD_DAYS_MAX} 天`)
        .optional(),
    ),
    status: z.enum(distributorProductStatusValues, { error: '请选择在售或下架' }).default('on_sale'),
    remarks: optionalText('备注', 200),
  })
  .refine((b) => b.priceFen === undefined || b.priceUnit !== undefined, {
    message: '请选择计价单位',
    path: ['priceUnit'],
  });
export type DistributorProductSaveInput = z.input<typeof distributorProductSaveBody>;

export const distributorProductListBody = z.object({
  ...takeSkip(DISTRIBUTION_PAGE_SIZE, 100),
  /** Product, specification or maker name. */
  keyword: optionalText('关键字', 50),
  status: z.preprocess(
    blankToUndefined,
    z.enum(distributorProductStatusValues, { error: '请选择正确的状态' }).optional(),
  ),
});
export const distributionIdQuery = idQuery('编号');
export const distributionIdBody = idQuery('编号');

const namedId = z.object({ id: z.number().int(), name: z.string() });

export const distributorProductView = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  makerName: z.string(),
  specId: z.number().int().nullable(),
  specName: z.string().nullable(),
  priceFen: z.number().int().nullable(),
  priceUnit: z.string().nullable(),
  supplyRegionCodes: z.array(z.string()),
  supplyRegionNames: z.array(z.string()),
  supplyAddresses: z.array(namedId),
  minOrderQuantity: z.number().nullable(),
  leadDays: z.number().int().nullable(),
  status: z.enum(distributorProductStatusValues),
  remarks: z.string().nullable(),
  /** Today's coverage of the record's product (and specification) by the distributor's letters. */
  coverage: z.enum(recordCoverageValues),
  /** The last day of the longest letter in force covering it; null when none. */
  coveredUntil: z.string().nullable(),
  updatedAt: z.string(),
});
export type DistributorProductView = z.infer<typeof distributorProductView>;
export const distributorProductListData = pageOf(distributorProductView);

/** The distributor's licensed products: its authorisation items (any state but draft). */
export const licensedListBody = z.object({
  ...takeSkip(DISTRIBUTION_PAGE_SIZE, 200),
  /** Product, specification, maker or letter number. */
  keyword: optionalText('关键字', 50),
  state: z.preprocess(blankToUndefined, z.enum(authorisationStatusValues, { error: '请选择正确的状态' }).optional()),
});

export const licensedItemView = z.object({
  itemId: z.number().int(),
  authorisationId: z.number().int(),
  publicId: z.string(),
  number: z.string(),
  makerOrgId: z.number().int(),
  makerName: z.string(),
  kind: z.enum(authorisationKindValues),
  /** A project letter's project (platform project name, project name or tender number). */
  projectName: z.string().nullable(),
  productId: z.number().int(),
  productName: z.string(),
  /** Null = every specification of the product. */
  specId: z.number().int().nullable(),
  specName: z.string().nullable(),
  /** The specifications it covers (the one, or every specification of the product), with their unit: pickers. */
  specs: z.array(z.object({ id: z.number().int(), name: z.string(), unit: z.string() })),
  regionCodes: z.array(z.string()),
  regionNames: z.array(z.string()),
  validFrom: z.string(),
  validUntil: z.string(),
  state: z.enum(authorisationStatusValues),
  /** The quantity cap (specification's unit) and what is left of it; null = no cap. */
  quantityCap: z.number().nullable(),
  shippedQuantity: z.number(),
  remainingQuantity: z.number().nullable(),
});
export type LicensedItemView = z.infer<typeof licensedItemView>;
export const licensedListData = pageOf(licensedItemView);

export const licensedDetailData = z.object({
  id: z.number().int(),
  publicId: z.string(),
  number: z.string(),
  version: z.number().int(),
  makerOrgId: z.number().int(),
  makerName: z.string(),
  kind: z.enum(authorisationKindValues),
  projectName: z.string().nullable(),
  tenderNo: z.string().nullable(),
  exclusive: z.boolean(),
  regionCodes: z.array(z.string()),
  regionNames: z.array(z.string()),
  validFrom: z.string(),
  validUntil: z.string(),
  state: z.enum(authorisationStatusValues),
  statusReason: z.string().nullable(),
  afterSalesCommitment: z.string().nullable(),
  supplyCommitment: z.string().nullable(),
  signatoryName: z.string().nullable(),
  signatoryTitle: z.string().nullable(),
  issuedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  items: z.array(licensedItemView),
  /** Issued and awaiting the distributor's acceptance (the accept button). */
  canAccept: z.boolean(),
});
export type LicensedDetail = z.infer<typeof licensedDetailData>;

// Sales contracts

export const salesContractLineBody = z.object({
  specId: positiveId('规格型号'),
  quantity: quantityField('数量'),
  unit: unitField('单位'),
  unitPriceFen: fenField('单价'),
});

/** A draft contract, new (no id) or edited; a buyer on the platform (buyerOrgId) or named with its credit code. */
export const salesContractSaveBody = z
  .object({
    id: optionalId('合同'),
    number: requiredText('合同编号', 40),
    buyerOrgId: optionalId('买方单位'),
    buyerName: optionalText('买方名称', 100),
    buyerCreditCode: z.preprocess(blankToUndefined, creditCodeSchema.optional()),
    /** A platform project the buyer takes part in; else projectName (optional) and regionCode. */
    projectId: optionalId('项目'),
    projectName: optionalText('项目名称', 100),
    /** The place of delivery's county (GB/T 2260); taken from the project when there is one. */
    regionCode: z.preprocess(blankToUndefined, divisionField('交货地').optional()),
    signedDate: optionalDate('签订日期'),
    validFrom: dateField('合同开始日期'),
    validUntil: dateField('合同截止日期'),
    lines: z
      .array(salesContractLineBody, { error: '请添加合同明细' })
      .min(1, '请至少添加一行合同明细')
      .max(CONTRACT_LINES_MAX, `合同明细最多 ${CONTRACT_LINES_MAX} 行`),
    /** The signed contract's upload (POST /api/file/upload); required to sign. */
    signedFileId: optionalId('合同文件'),
    remarks: optionalText('备注', 500),
  })
  .refine((b) => b.buyerOrgId !== undefined || b.buyerName !== undefined, {
    message: '请选择平台上的买方单位，或填写买方名称',
    path: ['buyerName'],
  })
  .refine((b) => b.buyerOrgId !== undefined || b.buyerCreditCode !== undefined, {
    message: '请输入买方统一社会信用代码',
    path: ['buyerCreditCode'],
  })
  .refine((b) => b.projectId !== undefined || b.regionCode !== undefined, {
    message: '请选择交货地',
    path: ['regionCode'],
  })
  .refine((b) => b.validUntil >= b.validFrom, { message: '合同截止日期不能早于开始日期', path: ['validUntil'] });
export type SalesContractSaveInput = z.input<typeof salesContractSaveBody>;

export const salesContractListBody = z.object({
  ...takeSkip(DISTRIBUTION_PAGE_SIZE, 100),
  /** mine: the distributor's own contracts; buyer: contracts naming the caller's organisation as buyer. */
  side: z.enum(['mine', 'buyer'], { error: 'side 只能是 mine 或 buyer' }).default('mine'),
  status: z.preprocess(blankToUndefined, z.enum(salesContractStatusValues, { error: '请选择正确的状态' }).optional()),
  /** Contract number, buyer or project name. */
  keyword: optionalText('关键字', 50),
});

export const salesContractTerminateBody = z.object({ id: positiveId('合同'), reason: requiredText('终止原因', 200) });

/** The actions on a contract (its transition table), as the detail's buttons. */
export const SalesContractAction = {
  EDIT: 'edit',
  SIGN: 'sign',
  ACTIVATE: 'activate',
  COMPLETE: 'complete',
  TERMINATE: 'terminate',
  SHIP: 'ship',
} as const;
export type SalesContractActionValue = (typeof SalesContractAction)[keyof typeof SalesContractAction];
export const salesContractActionValues = Object.values(SalesContractAction) as [
  SalesContractActionValue,
  ...SalesContractActionValue[],
];

export const salesContractRow = z.object({
  id: z.number().int(),
  number: z.string(),
  /** The distributor (seller) and the buyer. */
  sellerName: z.string(),
  buyerName: z.string(),
  projectName: z.string().nullable(),
  regionName: z.string(),
  signedDate: z.string().nullable(),
  validFrom: z.string(),
  validUntil: z.string(),
  amountFen: z.number().int(),
  status: z.enum(salesContractStatusValues),
  lineCount: z.number().int(),
});
export type SalesContractRow = z.infer<typeof salesContractRow>;
export const salesContractListData = pageOf(salesContractRow);

/** A line's check against the distributor's letters: the covering letter, or the refusal. */
export const lineCoverageView = z.object({
  covered: z.boolean(),
  authorisationId: z.number().int().nullable(),
  number: z.string().nullable(),
  publicId: z.string().nullable(),
  refusal: z.enum(coverageRefusalValues).nullable(),
});

export const salesContractLineView = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  specId: z.number().int(),
  specName: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
  shippedQuantity: z.number(),
  remainingQuantity: z.number(),
  coverage: lineCoverageView,
});
export type SalesContractLineView = z.infer<typeof salesContractLineView>;

export const salesContractDetail = salesContractRow.extend({
  distributorOrgId: z.number().int(),
  buyerOrgId: z.number().int().nullable(),
  buyerCreditCode: z.string().nullable(),
  projectId: z.number().int().nullable(),
  regionCode: z.string(),
  statusReason: z.string().nullable(),
  remarks: z.string().nullable(),
  signedFile: z.object({ id: z.number().int(), name: z.string(), sha256: z.string() }).nullable(),
  /** The signed file's entry on the evidence ledger (on sign). */
  leafIndex: z.number().int().nullable(),
  lines: z.array(salesContractLineView),
  shipments: z.array(
    z.object({ id: z.number().int(), number: z.string(), status: z.number().int(), shipDate: z.string() }),
  ),
  /** How the caller sees it: the distributor that made it, or the buyer (read only). */
  side: z.enum(['seller', 'buyer']),
  actions: z.array(z.enum(salesContractActionValues)),
});
export type SalesContractDetail = z.infer<typeof salesContractDetail>;

/** Platform organisations a distributor may name as buyer. */
export const buyerSearchQuery = z.object({ keyword: requiredText('关键字', 50) });
export const buyerSearchData = z.array(
  z.object({ id: z.number().int(), name: z.string(), creditCode: z.string().nullable(), type: z.number().int() }),
);
/** The projects a platform buyer takes part in, with their county. */
export const buyerProjectsQuery = z.object({ orgId: positiveId('买方单位') });
export const buyerProjectsData = z.array(
  z.object({ id: z.number().int(), name: z.string(), regionCode: z.string(), regionName: z.string() }),
);

/** Ship against an active contract: a draft shipment of these lines, then the send wizard. */
export const contractShipBody = z.object({
  id: positiveId('合同'),
  fromAddressId: positiveId('发货地址'),
  /** The buyer's address when there is no platform project. */
  toAddressId: optionalId('收货地址'),
  shipDate: dateField('发货日期'),
  lines: z
    .array(
      z.object({
        contractLineId: positiveId('合同明细'),
        lotId: positiveId('批次'),
        quantity: quantityField('发货数量'),
      }),
      { error: '请选择发货明细' },
    )
    .min(1, '请至少选择一行发货明细')
    .max(CONTRACT_LINES_MAX, `最多 ${CONTRACT_LINES_MAX} 行`),
});
export const contractShipData = z.object({ shipmentId: z.number().int(), number: z.string() });
