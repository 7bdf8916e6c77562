import { pageOf } from './envelope.ts';
import { creditCodeSchema } from './organization.ts';
import {
  blankToUndefined,
  digitsToNumber,
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
const regionCodeField = (label: string) =>
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
      .array(regionCodeField('供货区域'), { error: '请选择供货区域' })
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
    regionCode: z.preprocess(blankToUndefined, regionCodeField('交货地').optional()),
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
