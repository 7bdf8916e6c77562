import { blankToUndefined, positiveId } from './params.ts';
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
