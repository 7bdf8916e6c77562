import { pageOf } from './envelope.ts';
import {
  blankToUndefined,
  decimalTextToNumber,
  digitsToNumber,
  optionalText,
  positiveId,
  requiredText,
  takeSkip,
} from './params.ts';
import { transportTypes } from './units.ts';
import { MOBILE_PATTERN } from './validators.ts';
import { z } from './zod.ts';

/**
 * Traceability (spec §2 /productionManagement, /mobile; docs/traceability.md): addresses, lots, trace codes,
 * shipments (发货单), receipts (收货单), the stock ledger, transport carbon (GB/T 51366) and the GS1 EPCIS 2.0 events
 * that put every ship, receive, reject and return on the evidence ledger.
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;

// ---- code tables ----

/** What an address is. One default address per kind and organisation (a partial unique index holds it). */
export const AddressKind = { FACTORY: 'factory', WAREHOUSE: 'warehouse', SITE: 'site', OFFICE: 'office' } as const;
export type AddressKindValue = (typeof AddressKind)[keyof typeof AddressKind];
export const addressKindValues = Object.values(AddressKind) as [AddressKindValue, ...AddressKindValue[]];
export const addressKindLabels = labels<AddressKindValue>({
  factory: { zh: '工厂', en: 'Factory' },
  warehouse: { zh: '仓库', en: 'Warehouse' },
  site: { zh: '工地', en: 'Site' },
  office: { zh: '办公地点', en: 'Office' },
});

/** What one trace code stands for: one item, a package of items, or a pallet of packages (aggregation). */
export const CodeLevel = { ITEM: 'item', PACKAGE: 'package', PALLET: 'pallet' } as const;
export type CodeLevelValue = (typeof CodeLevel)[keyof typeof CodeLevel];
export const codeLevelValues = Object.values(CodeLevel) as [CodeLevelValue, ...CodeLevelValue[]];
export const codeLevelLabels = labels<CodeLevelValue>({
  item: { zh: '单品', en: 'Item' },
  package: { zh: '包装', en: 'Package' },
  pallet: { zh: '托盘', en: 'Pallet' },
});

/** Where a trace code is in its life (docs/traceability.md, "Trace codes"). */
export const CodeStatus = {
  ACTIVE: 'active',
  IN_TRANSIT: 'in_transit',
  HELD: 'held',
  REJECTED: 'rejected',
  RETURNED: 'returned',
  INSTALLED: 'installed',
  CONSUMED: 'consumed',
  RECALLED: 'recalled',
} as const;
export type CodeStatusValue = (typeof CodeStatus)[keyof typeof CodeStatus];
export const codeStatusValues = Object.values(CodeStatus) as [CodeStatusValue, ...CodeStatusValue[]];
export const codeStatusLabels = labels<CodeStatusValue>({
  active: { zh: '在库', en: 'In stock' },
  in_transit: { zh: '运输中', en: 'In transit' },
  held: { zh: '已收货', en: 'Received' },
  rejected: { zh: '已拒收', en: 'Rejected' },
  returned: { zh: '已退回', en: 'Returned' },
  installed: { zh: '已安装', en: 'Installed' },
  consumed: { zh: '已使用', en: 'Used' },
  recalled: { zh: '已召回', en: 'Recalled' },
});

/** A shipment's state; the server's `trace.transitions.ts` moves it. */
export const ShipmentStatus = {
  DRAFT: 1,
  SHIPPED: 2,
  PARTIALLY_RECEIVED: 3,
  RECEIVED: 4,
  CLOSED: 5,
  CANCELLED: 6,
  VOIDED: 7,
} as const;
export type ShipmentStatusValue = (typeof ShipmentStatus)[keyof typeof ShipmentStatus];
export const shipmentStatusValues = Object.values(ShipmentStatus) as ShipmentStatusValue[];
export const shipmentStatusLabels = labels<ShipmentStatusValue>({
  1: { zh: '草稿', en: 'Draft' },
  2: { zh: '运输中', en: 'In transit' },
  3: { zh: '部分收货', en: 'Partly received' },
  4: { zh: '已收货', en: 'Received' },
  5: { zh: '已关闭', en: 'Closed' },
  6: { zh: '已取消', en: 'Cancelled' },
  7: { zh: '已作废', en: 'Voided' },
});
/** States in which a shipment still holds its codes (a code may be in one open shipment only). */
export const OPEN_SHIPMENT_STATUSES: readonly ShipmentStatusValue[] = [
  ShipmentStatus.DRAFT,
  ShipmentStatus.SHIPPED,
  ShipmentStatus.PARTIALLY_RECEIVED,
];

/** What a shipment does to a shipment, as the transition table names it. */
export const ShipmentAction = {
  SHIP: 'ship',
  RECEIVE: 'receive',
  CLOSE: 'close',
  CANCEL: 'cancel',
  VOID: 'void',
} as const;
export type ShipmentActionValue = (typeof ShipmentAction)[keyof typeof ShipmentAction];

/** Where a shipment goes: another organisation (a distributor, a construction unit) or a project's site. */
export const DestinationKind = { ORG: 'org', PROJECT: 'project' } as const;
export type DestinationKindValue = (typeof DestinationKind)[keyof typeof DestinationKind];

/**
 * Where the distance of a shipment comes from (GB/T 51366-2019 §4.3): measured by the shipper, or the standard's
 * default when the real one is unknown (40 km for ready-mixed concrete, 500 km for every other material).
 */
export const DistanceSource = { MEASURED: 'measured', DEFAULT_40: 'default_40', DEFAULT_500: 'default_500' } as const;
export type DistanceSourceValue = (typeof DistanceSource)[keyof typeof DistanceSource];
export const distanceSourceLabels = labels<DistanceSourceValue>({
  measured: { zh: '实测距离', en: 'Measured' },
  default_40: { zh: '标准默认 40 km（预拌混凝土）', en: 'Standard default 40 km (ready-mixed concrete)' },
  default_500: { zh: '标准默认 500 km', en: 'Standard default 500 km' },
});
/** GB/T 51366-2019 §4.3 default transport distances, km. */
export const DEFAULT_DISTANCE_KM = { READY_MIXED_CONCRETE: 40, OTHER: 500 } as const;
/**
 * Classification codes counted as ready-mixed concrete for the 40 km default (预拌混凝土 in the classification
 * tree, db/seed/material-classifications.ts; kept beside the constant so server and web prefill the same distance).
 */
export const READY_MIXED_CONCRETE_CLASSES: readonly string[] = ['0106'];

/** Why received goods were turned away (DOMAIN rejection reasons). */
export const RejectReason = {
  DAMAGED: 'damaged',
  WRONG_SPEC: 'wrong_spec',
  NO_DOCUMENTS: 'no_documents',
  SHORT: 'short',
  FAILED_INSPECTION: 'failed_inspection',
} as const;
export type RejectReasonValue = (typeof RejectReason)[keyof typeof RejectReason];
export const rejectReasonValues = Object.values(RejectReason) as [RejectReasonValue, ...RejectReasonValue[]];
export const rejectReasonLabels = labels<RejectReasonValue>({
  damaged: { zh: '破损', en: 'Damaged' },
  wrong_spec: { zh: '规格不符', en: 'Wrong specification' },
  no_documents: { zh: '无随货资料', en: 'No documents' },
  short: { zh: '数量短缺', en: 'Short' },
  failed_inspection: { zh: '检验不合格', en: 'Failed inspection' },
});

/** One row of the stock ledger: why stock moved. */
export const StockMoveReason = {
  PRODUCE: 'produce',
  SHIP: 'ship',
  RECEIVE: 'receive',
  REJECT: 'reject',
  RETURN: 'return',
  VOID: 'void',
  ADJUST: 'adjust',
  COUNT: 'count',
  RELEASE: 'release',
  ISSUE: 'issue',
  UNISSUE: 'unissue',
  DESTROY: 'destroy',
} as const;
export type StockMoveReasonValue = (typeof StockMoveReason)[keyof typeof StockMoveReason];
export const stockMoveReasonLabels = labels<StockMoveReasonValue>({
  produce: { zh: '生产入库', en: 'Produced' },
  ship: { zh: '发货出库', en: 'Shipped' },
  receive: { zh: '收货入库', en: 'Received' },
  reject: { zh: '拒收待退', en: 'Rejected (awaiting return)' },
  return: { zh: '退货', en: 'Returned' },
  void: { zh: '发货作废回库', en: 'Shipment voided' },
  adjust: { zh: '调整', en: 'Adjusted' },
  count: { zh: '盘点', en: 'Stocktake' },
  release: { zh: '验收放行', en: 'Released after inspection' },
  issue: { zh: '出库领用', en: 'Issued to the works' },
  unissue: { zh: '退库', en: 'Returned to stock' },
  destroy: { zh: '不合格品销毁', en: 'Rejected goods destroyed' },
});

/**
 * Stock is kept in buckets per holder and lot: usable stock; rejected goods awaiting their return (never usable; the
 * ERPNext "rejected warehouse"); and, at a project's site, goods received and quarantined until their inspection
 * (and a witnessed retest where one is required) releases them (docs/construction.md).
 */
export const StockBucket = { USABLE: 'usable', QUARANTINED: 'quarantined', REJECTED: 'rejected' } as const;
export type StockBucketValue = (typeof StockBucket)[keyof typeof StockBucket];

/** GS1 EPCIS 2.0 business steps the platform records (CBV 2.0). */
export const TraceBizStep = {
  COMMISSIONING: 'commissioning',
  PACKING: 'packing',
  SHIPPING: 'shipping',
  VOID_SHIPPING: 'void_shipping',
  RECEIVING: 'receiving',
  INSPECTING: 'inspecting',
} as const;
export type TraceBizStepValue = (typeof TraceBizStep)[keyof typeof TraceBizStep];
/** What each event means to a reader of the trace page. */
export const traceEventLabels: Record<string, { zh: string; en: string }> = {
  commissioning: { zh: '赋码', en: 'Codes issued' },
  packing: { zh: '装箱', en: 'Packed' },
  shipping: { zh: '发货', en: 'Shipped' },
  void_shipping: { zh: '发货作废', en: 'Shipment voided' },
  receiving: { zh: '收货', en: 'Received' },
  inspecting: { zh: '拒收', en: 'Rejected' },
  returning: { zh: '退货', en: 'Returned' },
};

/** What the public trace page warns about (risk rule GBM-04 and its kin). */
export const TraceAlertKind = { TWO_SITES: 'two_sites', AFTER_INSTALLED: 'after_installed' } as const;
export type TraceAlertKindValue = (typeof TraceAlertKind)[keyof typeof TraceAlertKind];
export const traceAlertLabels = labels<TraceAlertKindValue>({
  two_sites: { zh: '此码出现在两个不同的项目现场，请核实货物来源', en: 'This code was seen at two project sites' },
  after_installed: {
    zh: '此码对应的材料已安装使用，又被扫描，请核实是否为重复使用的标签',
    en: 'This code was scanned after its material was installed',
  },
});

// ---- limits ----

/**
 * A batch number (GS1 AI 10, which GB/T 33993 follows; docs/traceability.md "Lot"): 1–20 characters of GS1's
 * character set 82 (printable ASCII: letters, digits and ! " % & ' ( ) * + , - . / : ; < = > ? _) without
 * % & / < > ? (they break file names, links and XML), and not starting with = + - @, which a spreadsheet opening a
 * CSV export would run as a formula. The lots table's CHECK holds the same rule (migration 0014).
 */
export const BATCH_NO_MAX = 20;
export const BATCH_NO_CHARS = /^[!"'()*+,\-.0-9:;=A-Z_a-z]+$/;
export const BATCH_NO_PATTERN = /^[!"'()*,.0-9:;A-Z_a-z][!"'()*+,\-.0-9:;=A-Z_a-z]{0,19}$/;
/** Characters a spreadsheet reads as the start of a formula (CSV injection). */
export const BATCH_NO_FORMULA_START = /^[=+\-@]/;
/** A trace code: 20 characters of RFC 4648 base32 (A–Z, 2–7) = 100 random bits, within GB/T 33993's 20. */
export const TRACE_CODE_LENGTH = 20;
export const TRACE_CODE_PATTERN = /^[A-Z2-7]{20}$/;
/** At most this many codes generated by one call, or carried by one shipment line. */
export const CODES_PER_CALL_MAX = 10_000;
/** At most this many lines on one shipment. */
export const SHIPMENT_LINES_MAX = 50;
/** Quantities: up to 10^9 units with three decimals. */
export const QUANTITY_MAX = 1_000_000_000;
/** Distances: up to 20 000 km (further is a typo). */
export const DISTANCE_KM_MAX = 20_000;
/** Mass per unit: up to 1 000 t per unit, in kg. */
export const MASS_PER_UNIT_KG_MAX = 1_000_000;
/** A shipment awaiting receipt for longer than this many days is flagged on the dashboard. */
export const AWAITING_RECEIPT_DAYS = 7;
/** QR label sheet sizes, mm (A4 page 210 × 297). */
export const LABEL_SIZE_MM = { min: 20, max: 100, defaultWidth: 50, defaultHeight: 30 } as const;
export const TRACE_PAGE_SIZE = 10;

export const transportTypeIds = transportTypes.map((t) => t.id) as number[];

// ---- fields ----

export const decimalField = (label: string, max: number, decimals: number, allowZero = false) =>
  z.preprocess(
    (v) => decimalTextToNumber(blankToUndefined(v)),
    z
      .number({ error: (i) => (i.input === undefined ? `请输入${label}` : `${label}必须是数字`) })
      .refine((n) => Number.isFinite(n), `${label}必须是数字`)
      .refine((n) => (allowZero ? n >= 0 : n > 0), allowZero ? `${label}不能为负` : `${label}必须大于 0`)
      .refine((n) => n <= max, `${label}不能大于 ${max}`)
      .refine(
        (n) => Math.abs(Math.round(n * 10 ** decimals) - n * 10 ** decimals) < 1e-6,
        `${label}最多 ${decimals} 位小数`,
      ),
  );
/** A quantity in the specification's unit: > 0, at most three decimals. */
export const quantityField = (label = '数量') => decimalField(label, QUANTITY_MAX, 3);
export const zeroOrMoreQuantity = (label: string) => decimalField(label, QUANTITY_MAX, 3, true);

export const dateField = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `请选择${label}` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
      // A day that exists: Date.parse reads 2026-02-30 as 2 March, which PostgreSQL refuses (a 400 with no field).
      .refine((s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      }, `${label}不是有效日期`),
  );
export const optionalDate = (label: string) => z.preprocess(blankToUndefined, dateField(label).optional());

export const batchNoField = z
  .string({ error: '请输入批号' })
  .trim()
  .min(1, { message: '请输入批号', abort: true })
  .max(BATCH_NO_MAX, { message: `批号不能超过 ${BATCH_NO_MAX} 个字符`, abort: true })
  // One message per value, the most telling first; the pattern last is their sum (and what the API document shows).
  .refine((v) => !BATCH_NO_FORMULA_START.test(v), { message: '批号不能以 = + - @ 开头', abort: true })
  .refine((v) => BATCH_NO_CHARS.test(v), {
    message: `批号只能包含英文字母、数字和 ! " ' ( ) * + , - . : ; = _ 字符`,
    abort: true,
  })
  .regex(BATCH_NO_PATTERN, '批号不正确');

/** A trace code as typed or scanned: spaces and dashes ignored, lower case accepted. */
export const traceCodeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v),
  z.string({ error: '请输入追溯码' }).regex(TRACE_CODE_PATTERN, '追溯码应为 20 位字母或数字'),
);
export const codeList = (label: string) =>
  z
    .array(traceCodeField, { error: `${label}应为列表` })
    .max(CODES_PER_CALL_MAX, `${label}最多 ${CODES_PER_CALL_MAX} 个`)
    .refine((l) => new Set(l).size === l.length, `${label}有重复`);

const transportTypeField = z.preprocess(
  digitsToNumber,
  z
    .number({ error: (i) => (i.input === undefined ? '请选择运输方式' : '请选择正确的运输方式') })
    .refine((v) => transportTypeIds.includes(v), '请选择正确的运输方式'),
);
const mobileField = z.string({ error: '请输入联系电话' }).trim().regex(MOBILE_PATTERN, '请输入正确的手机号码');
export const uploadIds = (label: string, max: number) =>
  z.array(positiveId(label), { error: `${label}应为列表` }).max(max, `${label}最多 ${max} 个`);

export const traceIdParams = z.object({ id: positiveId('编号') });
export const traceIdBody = z.object({ id: positiveId('编号') });
export const traceCodeParams = z.object({ code: traceCodeField });

// ---- addresses ----

export const addressListBody = z.object({
  ...takeSkip(50, 200),
  kind: z.preprocess(blankToUndefined, z.enum(addressKindValues, { error: '请选择正确的地址类型' }).optional()),
  /** Only enabled addresses (for pickers). */
  enabledOnly: z.boolean().optional(),
});
export const addressSaveBody = z.object({
  id: z.preprocess(blankToUndefined, positiveId('地址编号').optional()),
  kind: z.enum(addressKindValues, { error: '请选择地址类型' }),
  name: requiredText('地址名称', 50),
  /** A county (GB/T 2260, six digits not ending in 00). */
  regionCode: z
    .string({ error: '请选择地址所在区县' })
    .trim()
    .regex(/^\d{4}(?!00)\d{2}$/, '请选择地址所在区县'),
  detail: requiredText('详细地址', 200),
  contactName: requiredText('联系人', 50),
  contactPhone: mobileField,
  isDefault: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type AddressSaveInput = z.input<typeof addressSaveBody>;
export const addressView = z.object({
  id: z.number().int(),
  kind: z.enum(addressKindValues),
  name: z.string(),
  regionCode: z.string(),
  /** 省 市 区, from the region reference data. */
  regionName: z.string(),
  detail: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  /** Shipments refer to it: it can be disabled, not deleted. */
  inUse: z.boolean(),
});
export type AddressView = z.infer<typeof addressView>;
export const addressListData = pageOf(addressView);
export const savedIdData = z.object({ id: z.number().int() });

// ---- lots and codes ----

/** The evidence a line or lot carries, as of a date: a certificate's state or a test report's date, or nothing. */
export const evidenceSnapshot = z.object({
  kind: z.enum(['certificate', 'test_report', 'none']),
  /** Certificate number or report name. */
  name: z.string().nullable(),
  certNo: z.string().nullable(),
  /** Valid on the date it was taken for. */
  valid: z.boolean(),
  validUntil: z.string().nullable(),
  /** The evidence ledger leaf that proves the document, when it is on the ledger. */
  leafIndex: z.number().int().nullable(),
  /** The date the snapshot is for (production date of a lot, ship date of a line). */
  asOf: z.string(),
});
export type EvidenceSnapshot = z.infer<typeof evidenceSnapshot>;

export const lotListBody = z.object({
  ...takeSkip(TRACE_PAGE_SIZE, 100),
  productId: z.preprocess(blankToUndefined, positiveId('产品编号').optional()),
  specId: z.preprocess(blankToUndefined, positiveId('规格型号').optional()),
  batchNo: optionalText('批号', BATCH_NO_MAX),
});
export const lotCreateBody = z
  .object({
    specId: positiveId('规格型号'),
    batchNo: batchNoField,
    productionDate: dateField('生产日期'),
    expiryDate: optionalDate('有效期至'),
    /** How much was made, in the specification's unit: it enters the maker's stock. */
    quantity: quantityField('生产数量'),
    /** Uploads of the 合格证 and factory test report. */
    qualityDocUploadIds: uploadIds('质量证明文件', 10).default([]),
  })
  .refine((b) => !b.expiryDate || b.expiryDate >= b.productionDate, {
    message: '有效期不能早于生产日期',
    path: ['expiryDate'],
  });
export type LotCreateInput = z.input<typeof lotCreateBody>;
export const lotView = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  specId: z.number().int(),
  specName: z.string(),
  unitName: z.string(),
  batchNo: z.string(),
  productionDate: z.string(),
  expiryDate: z.string().nullable(),
  quantity: z.number(),
  /** Units covered by codes so far. */
  codedQuantity: z.number(),
  codeCount: z.number().int(),
  evidence: evidenceSnapshot,
  /**
   * The specification's mass per unit (kg; null = unknown) and the product's classification code, for the shipment
   * wizard's carbon preview and default distance (trace-carbon.ts); the server's own figure decides when shipping.
   */
  massPerUnitKg: z.number().nullable(),
  classifyCode: z.string(),
  createTime: z.string(),
});
export type LotView = z.infer<typeof lotView>;
export const lotListData = pageOf(lotView);
export const lotDetailData = lotView.extend({
  qualityDocs: z.array(z.object({ uploadId: z.number().int(), name: z.string() })),
  /** Where the lot's stock is now, per holder. */
  holders: z.array(
    z.object({
      holderName: z.string(),
      holderKind: z.enum(['org', 'project']),
      cityName: z.string(),
      quantity: z.number(),
    }),
  ),
});

export const codeGenerateBody = z.object({
  lotId: positiveId('批次'),
  /** How many top-level codes (items, or packages, or pallets). */
  count: z.preprocess(
    digitsToNumber,
    z
      .number({ error: '请输入数量' })
      .int('数量必须是整数')
      .min(1, '数量至少 1')
      .max(CODES_PER_CALL_MAX, `一次最多生成 ${CODES_PER_CALL_MAX} 个`),
  ),
  level: z.enum(codeLevelValues, { error: '请选择码级别' }).default('item'),
  /** Units of the specification one item code stands for (1 for counted items; a bag of 50 kg = 1 bag). */
  unitsPerItem: quantityField('每码数量').default(1),
  /** For package codes: items in each package (item codes are made for them). */
  itemsPerPackage: z.preprocess(
    digitsToNumber,
    z.number().int('每包件数必须是整数').min(1, '每包件数至少 1').max(1000, '每包件数最多 1000').optional(),
  ),
});
export const codeGenerateData = z.object({
  /** The top-level codes made (the packages, or the items when items were made). */
  codes: z.array(z.string()),
  /** Every code made, the items inside packages included. */
  count: z.number().int(),
});

export const codeListBody = z.object({
  ...takeSkip(50, 500),
  lotId: positiveId('批次'),
  status: z.preprocess(blankToUndefined, z.enum(codeStatusValues).optional()),
  /** Top-level codes only (packages and lone items), the children folded under them. */
  topLevelOnly: z.boolean().optional(),
});
export const codeView = z.object({
  code: z.string(),
  level: z.enum(codeLevelValues),
  quantity: z.number(),
  parentCode: z.string().nullable(),
  childCount: z.number().int(),
  status: z.enum(codeStatusValues),
  holderName: z.string().nullable(),
  createTime: z.string(),
});
export const codeListData = pageOf(codeView);

export const codeExportQuery = z.object({ lotId: positiveId('批次') });
const labelMm = (label: string, dflt: number) =>
  z.preprocess(
    (v) => digitsToNumber(blankToUndefined(v)),
    z
      .number({ error: `${label}必须是数字` })
      .int(`${label}必须是整数`)
      .min(LABEL_SIZE_MM.min, `${label}不能小于 ${LABEL_SIZE_MM.min} mm`)
      .max(LABEL_SIZE_MM.max, `${label}不能大于 ${LABEL_SIZE_MM.max} mm`)
      .default(dflt),
  );
export const labelSheetQuery = z.object({
  lotId: positiveId('批次'),
  widthMm: labelMm('标签宽度', LABEL_SIZE_MM.defaultWidth),
  heightMm: labelMm('标签高度', LABEL_SIZE_MM.defaultHeight),
  /** Top-level codes only (the default: what goes on packages and lone items). */
  level: z.preprocess(blankToUndefined, z.enum(codeLevelValues).optional()),
  /**
   * Labels from this position on, in issue order: one PDF holds at most CODES_PER_CALL_MAX labels, so a lot with more
   * prints in several sheets (skip 0, 10000, …).
   */
  skip: z.preprocess(
    (v) => digitsToNumber(blankToUndefined(v)),
    z
      .number({ error: '起始位置必须是数字' })
      .int('起始位置必须是整数')
      .min(0, '起始位置不能为负')
      .max(10_000_000, '起始位置过大')
      .default(0),
  ),
});

// ---- shipments ----

export const destinationBody = z.object({
  kind: z.enum(['org', 'project'], { error: '请选择收货方类型' }),
  /** The receiving organisation (kind org). */
  orgId: z.preprocess(blankToUndefined, positiveId('收货单位').optional()),
  /** The receiving project (kind project), from POST /api/track/project/list. */
  projectId: z.preprocess(blankToUndefined, positiveId('收货项目').optional()),
});

export const shipmentLineBody = z.object({
  specId: positiveId('规格型号'),
  lotId: positiveId('批次'),
  quantity: quantityField('发货数量'),
  /** Codes scanned or picked for this line (top-level codes; a package carries its items). */
  codes: codeList('追溯码').default([]),
});
export type ShipmentLineInput = z.input<typeof shipmentLineBody>;

export const shipmentSaveBody = z
  .object({
    /** A draft to update; absent = a new draft. */
    id: z.preprocess(blankToUndefined, positiveId('发货单').optional()),
    destination: destinationBody,
    fromAddressId: positiveId('发货地址'),
    /** The receiver's address (kind org); a project's site address is the project's own. */
    toAddressId: z.preprocess(blankToUndefined, positiveId('收货地址').optional()),
    shipDate: dateField('发货日期'),
    plannedArrival: optionalDate('预计到达日期'),
    transportType: transportTypeField,
    /** Measured road distance; absent = the GB/T 51366 default (40 km ready-mixed concrete, 500 km otherwise). */
    distanceKm: z.preprocess(blankToUndefined, decimalField('运输距离', DISTANCE_KM_MAX, 1).optional()),
    vehiclePlate: optionalText('车牌号', 20),
    remarks: optionalText('备注', 200),
    lines: z
      .array(shipmentLineBody, { error: '请添加发货明细' })
      .min(1, '请至少添加一行发货明细')
      .max(SHIPMENT_LINES_MAX, `一张发货单最多 ${SHIPMENT_LINES_MAX} 行`),
  })
  .refine((b) => b.destination.kind !== 'org' || b.destination.orgId !== undefined, {
    message: '请选择收货单位',
    path: ['destination', 'orgId'],
  })
  .refine((b) => b.destination.kind !== 'project' || b.destination.projectId !== undefined, {
    message: '请选择收货项目',
    path: ['destination', 'projectId'],
  })
  .refine((b) => !b.plannedArrival || b.plannedArrival >= b.shipDate, {
    message: '预计到达日期不能早于发货日期',
    path: ['plannedArrival'],
  });
export type ShipmentSaveInput = z.input<typeof shipmentSaveBody>;
export const shipmentSavedData = z.object({ id: z.number().int(), number: z.string() });

export const shipmentReasonBody = z.object({ id: positiveId('发货单'), reason: requiredText('原因', 200) });
export const shipmentCancelBody = z.object({ id: positiveId('发货单'), reason: optionalText('原因', 200) });

export const shipmentListBody = z.object({
  ...takeSkip(TRACE_PAGE_SIZE, 100),
  /** out: what the caller's organisation shipped; in: what it (or a project it works on) receives. */
  direction: z.enum(['out', 'in'], { error: 'direction 只能是 out 或 in' }).default('out'),
  status: z.preprocess(
    (v) => digitsToNumber(blankToUndefined(v)),
    z
      .number()
      .int()
      .refine((v) => (shipmentStatusValues as number[]).includes(v), '请选择正确的状态')
      .optional(),
  ),
  /** Shipment number, receiver or shipper name. */
  keyword: optionalText('关键字', 50),
  projectId: z.preprocess(blankToUndefined, positiveId('项目').optional()),
});

/** Quantities of a line or shipment after receipts: accepted, rejected, cancelled, and what is still on its way. */
export const receiptProgress = z.object({
  shipped: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  cancelled: z.number(),
  outstanding: z.number(),
});

/** Transport emissions of a shipment (GB/T 51366: t × km × kgCO2e/(t·km)); null figures = mass missing. */
export const carbonView = z.object({
  distanceKm: z.number(),
  distanceSource: z.enum(['measured', 'default_40', 'default_500']),
  factor: z.string(),
  /** Total mass in kg, null when some line's specification has no mass per unit. */
  massKg: z.number().nullable(),
  kgCO2e: z.number().nullable(),
  /** Lines whose specification has no mass per unit ("missing mass", never guessed). */
  missingMassLines: z.number().int(),
});
export type CarbonView = z.infer<typeof carbonView>;

export const partyView = z.object({
  kind: z.enum(['org', 'project']),
  orgId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  name: z.string(),
  cityName: z.string(),
});

export const shipmentSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  from: partyView,
  to: partyView,
  shipDate: z.string(),
  plannedArrival: z.string().nullable(),
  transportType: z.number().int(),
  transportTypeName: z.string(),
  lineCount: z.number().int(),
  codeCount: z.number().int(),
  progress: receiptProgress,
  carbon: carbonView,
  /** A return of goods rejected on this receipt. */
  returnOfReceiptId: z.number().int().nullable(),
  createTime: z.string(),
  shippedTime: z.string().nullable(),
});
export type ShipmentSummary = z.infer<typeof shipmentSummary>;
export const shipmentListData = pageOf(shipmentSummary);

export const shipmentLineView = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  specId: z.number().int(),
  specName: z.string(),
  unitName: z.string(),
  lotId: z.number().int(),
  batchNo: z.string(),
  quantity: z.number(),
  codeCount: z.number().int(),
  /** The line's codes (top-level), so a draft can be continued in the wizard and a receipt can name them. */
  codes: z.array(z.string()),
  massKg: z.number().nullable(),
  /** Evidence valid on the ship date (snapshotted when shipped; live for a draft). */
  evidence: evidenceSnapshot,
  progress: receiptProgress,
  /**
   * A draft's line as another module's shipping rule sees it (a distributor's letter of authorisation): covered, with
   * the letter it relies on, or refused with the rule's sentence. Absent when no rule applies.
   */
  scope: z
    .object({
      covered: z.boolean(),
      label: z.string(),
      letterNumber: z.string().optional(),
      letterPublicId: z.string().optional(),
    })
    .optional(),
});

export const traceEventView = z.object({
  /** CBV 2.0 event hash id, ni:///sha-256;…?ver=CBV2.0 */
  eventId: z.string(),
  eventType: z.string(),
  bizStep: z.string(),
  disposition: z.string().nullable(),
  eventTime: z.string(),
  /** Which organisation recorded it (a name, never a person). */
  orgName: z.string(),
  cityName: z.string(),
  /** The evidence ledger leaf carrying the event's hash. */
  leafIndex: z.number().int().nullable(),
  /** The ledger entry's content hash (hex of the event hash), for the in-browser check. */
  contentSha256: z.string(),
});
export type TraceEventView = z.infer<typeof traceEventView>;

export const receiptLineView = z.object({
  shipmentLineId: z.number().int(),
  received: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  rejectReason: z.enum(rejectReasonValues).nullable(),
  rejectedCodes: z.array(z.string()),
});
export const receiptView = z.object({
  id: z.number().int(),
  number: z.string(),
  shipmentId: z.number().int(),
  arrivedOn: z.string(),
  deliveryNoteNo: z.string().nullable(),
  remarks: z.string().nullable(),
  photos: z.array(z.object({ uploadId: z.number().int(), name: z.string() })),
  receiverName: z.string(),
  lines: z.array(receiptLineView),
  createTime: z.string(),
});
export type ReceiptView = z.infer<typeof receiptView>;

export const shipmentDetailData = shipmentSummary.extend({
  fromAddress: z.string().nullable(),
  toAddress: z.string().nullable(),
  /** The addresses' ids, so the wizard can continue a draft with them chosen (optional: absent = choose again). */
  fromAddressId: z.number().int().nullable(),
  toAddressId: z.number().int().nullable(),
  distanceKm: z.number().nullable(),
  vehiclePlate: z.string().nullable(),
  remarks: z.string().nullable(),
  closeReason: z.string().nullable(),
  lines: z.array(shipmentLineView),
  receipts: z.array(receiptView),
  events: z.array(traceEventView),
  /** The caller's side and what it may do now. */
  side: z.enum(['shipper', 'receiver']),
  actions: z.array(z.enum(['edit', 'ship', 'cancel', 'void', 'receive', 'close', 'return'])),
  /** Problems that keep a draft from shipping (a line not listed in the project's city, no evidence, …). */
  blockers: z.array(z.object({ lineNo: z.number().int().nullable(), message: z.string() })),
});
export type ShipmentDetail = z.infer<typeof shipmentDetailData>;

/** Receivers the caller may ship to (distributors and construction units), by name. */
export const receiverListBody = z.object({ ...takeSkip(20, 50), name: optionalText('单位名称', 50) });
export const receiverListData = pageOf(
  z.object({ id: z.number().int(), name: z.string(), orgType: z.number().int(), orgTypeName: z.string() }),
);
export const receiverAddressQuery = z.object({ orgId: positiveId('收货单位') });
export const receiverAddressData = z.array(addressView.omit({ inUse: true }));

// ---- receipts ----

export const receiptLineBody = z.object({
  shipmentLineId: positiveId('发货明细'),
  /** What arrived now (accepted + rejected). */
  received: zeroOrMoreQuantity('实收数量'),
  accepted: zeroOrMoreQuantity('合格数量'),
  rejected: zeroOrMoreQuantity('拒收数量'),
  rejectReason: z.preprocess(
    blankToUndefined,
    z.enum(rejectReasonValues, { error: '请选择正确的拒收原因' }).optional(),
  ),
  /** For a coded line: the codes that arrived now (absent = every code still on its way, for a full receipt). */
  receivedCodes: codeList('收到的追溯码').optional(),
  /** For a coded line: the received codes turned away (their quantity is the rejected quantity). */
  rejectedCodes: codeList('拒收的追溯码').default([]),
});
export const receiptCreateBody = z.object({
  shipmentId: positiveId('发货单'),
  arrivedOn: dateField('到货日期'),
  deliveryNoteNo: optionalText('送货单号', 50),
  remarks: optionalText('备注', 200),
  photoUploadIds: uploadIds('照片', 20).default([]),
  lines: z.array(receiptLineBody, { error: '请填写收货明细' }).min(1, '请至少填写一行收货明细').max(SHIPMENT_LINES_MAX),
});
export type ReceiptCreateInput = z.input<typeof receiptCreateBody>;
export const receiptCreatedData = z.object({ id: z.number().int(), number: z.string() });
export const returnPrefillBody = z.object({ receiptId: positiveId('收货单') });

// ---- stock ----

export const stockListBody = z.object({
  ...takeSkip(TRACE_PAGE_SIZE, 100),
  /** A project's stock (the caller works on it); absent = the caller's organisation's own stock. */
  projectId: z.preprocess(blankToUndefined, positiveId('项目').optional()),
  productId: z.preprocess(blankToUndefined, positiveId('产品').optional()),
  keyword: optionalText('关键字', 50),
});
export const stockBalanceView = z.object({
  productId: z.number().int(),
  productName: z.string(),
  specId: z.number().int(),
  specName: z.string(),
  unitName: z.string(),
  lotId: z.number().int(),
  batchNo: z.string(),
  usable: z.number(),
  /** At a project's site: received and awaiting inspection or retest (docs/construction.md). */
  quarantined: z.number(),
  rejected: z.number(),
  /** Shipped to this holder and not yet received. */
  pendingInbound: z.number(),
  /** In drafts of this holder, not yet shipped. */
  pendingOutbound: z.number(),
  /** As on lotView: for the shipment wizard's carbon preview. */
  massPerUnitKg: z.number().nullable(),
  classifyCode: z.string(),
});
export const stockListData = pageOf(stockBalanceView);

export const stockCardBody = z.object({
  ...takeSkip(50, 200),
  specId: positiveId('规格型号'),
  lotId: z.preprocess(blankToUndefined, positiveId('批次').optional()),
  projectId: z.preprocess(blankToUndefined, positiveId('项目').optional()),
});
export const stockMoveView = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  reason: z.string(),
  reasonName: z.string(),
  bucket: z.enum(['usable', 'quarantined', 'rejected']),
  lotId: z.number().int(),
  batchNo: z.string(),
  quantity: z.number(),
  /** The balance of this holder, specification, lot and bucket after the move. */
  balanceAfter: z.number(),
  /** The document: shipment or receipt number, or the lot. */
  docType: z.string(),
  docId: z.number().int().nullable(),
  docNumber: z.string().nullable(),
});
export const stockCardData = pageOf(stockMoveView).extend({
  productName: z.string(),
  specName: z.string(),
  unitName: z.string(),
  usable: z.number(),
  quarantined: z.number(),
  rejected: z.number(),
  pendingInbound: z.number(),
  pendingOutbound: z.number(),
});

// ---- dashboards ----

export const traceDashboardData = z.object({
  shippedThisMonth: z.number().int(),
  inTransit: z.number().int(),
  awaitingOverDays: z.number().int(),
  stockByProduct: z.array(
    z.object({ productId: z.number().int(), productName: z.string(), unitName: z.string(), quantity: z.number() }),
  ),
  topReceivers: z.array(z.object({ name: z.string(), kind: z.enum(['org', 'project']), shipments: z.number().int() })),
  carbonByMonth: z.array(
    z.object({
      month: z.string(),
      measuredKg: z.number(),
      defaultKg: z.number(),
      missingMassShipments: z.number().int(),
    }),
  ),
  carbonByProduct: z.array(z.object({ productName: z.string(), kgCO2e: z.number() })),
  carbonByTransport: z.array(z.object({ transportType: z.number().int(), name: z.string(), kgCO2e: z.number() })),
  alerts: z.array(
    z.object({
      kind: z.string(),
      message: z.string(),
      code: z.string().nullable(),
      shipmentId: z.number().int().nullable(),
      createTime: z.string(),
    }),
  ),
});
export const productDashboardParams = z.object({ id: positiveId('产品') });
export const productDashboardData = z.object({
  productId: z.number().int(),
  productName: z.string(),
  lots: z.array(lotView),
  byDistrict: z.array(z.object({ regionCode: z.string(), regionName: z.string(), quantity: z.number() })),
  byHolder: z.array(z.object({ holderName: z.string(), kind: z.enum(['org', 'project']), quantity: z.number() })),
  scanCount: z.number().int(),
});

// ---- the public trace page ----

/** One ledger entry with its inclusion proof against the proof's signed head (RFC 9162; ledger-proof.ts). */
export const traceLedgerLeaf = z.object({
  leafIndex: z.number().int(),
  /** The entry's bytes, base64 (ledger-proof.ts `decodeLedgerEntry`): it records the content's SHA-256. */
  entry: z.string(),
  /** RFC 9162 leaf hash of the entry, hex. */
  leafHash: z.string(),
  /** Hashes from the leaf up to the head's root, hex. */
  inclusionProof: z.array(z.string()),
});
/**
 * Everything needed to check a code's record without trusting the server (GET /open/trace/{code}/proof, and the
 * scan page's answer): each EPCIS event as published, with the ledger entry that holds its hash and the proof that
 * the entry is in the tree under one signed head; the certificate's entry the same way. The head's signature is
 * checked with the ledger's public key, published at /.well-known/jcbb-ledger-key.json (docs/traceability.md,
 * "Verifying a code from outside").
 */
export const traceProofData = z.object({
  /** The signed tree head every proof below leads to. */
  sth: z.object({
    treeSize: z.number().int(),
    rootHash: z.string(),
    timestamp: z.number().int(),
    signature: z.string(),
  }),
  events: z.array(
    traceLedgerLeaf.extend({
      /** The EPCIS 2.0 event, field for field as in GET /open/trace/{code}/epcis (its eventID is its hash id). */
      event: z.record(z.string(), z.unknown()),
    }),
  ),
  /**
   * The product's certificate valid today, when it is a platform certificate: its ledger entry and the canonical
   * JSON the entry vouches for (number, holder, product, validity). Null when there is none on the ledger.
   */
  certificate: traceLedgerLeaf.extend({ content: z.string() }).nullable(),
});
export type TraceProofData = z.infer<typeof traceProofData>;

export const publicTraceData = z.object({
  code: z.string(),
  level: z.enum(codeLevelValues),
  quantity: z.number(),
  unitName: z.string(),
  parentCode: z.string().nullable(),
  childCount: z.number().int(),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    specName: z.string(),
    imageUploadId: z.number().int().nullable(),
  }),
  maker: z.object({ name: z.string(), cityName: z.string() }),
  lot: z.object({ batchNo: z.string(), productionDate: z.string(), expiryDate: z.string().nullable() }),
  /** The certificate's state now (live), with its ledger leaf for the browser's check. */
  certificate: evidenceSnapshot,
  /**
   * What a buyer reads of it: a certificate valid today; else the product's latest platform certificate revoked or
   * expired; else none (the certificate snapshot may still name a test report).
   */
  certificateState: z.enum(['valid', 'expired', 'revoked', 'none']),
  /** Listing state in each city the product is listed in. */
  listings: z.array(
    z.object({ cityCode: z.string(), cityName: z.string(), listed: z.boolean(), stateName: z.string() }),
  ),
  status: z.enum(codeStatusValues),
  statusName: z.string(),
  /**
   * The code's events with their ledger proofs: the page draws the chain of custody (who shipped and received how
   * much of what, where and when) and the transport carbon from these events only, after recomputing each event's
   * hash in the browser (docs/traceability.md, "What the proof covers").
   */
  proof: traceProofData,
  alerts: z.array(z.object({ kind: z.string(), message: z.string() })),
  scanCount: z.number().int(),
  /**
   * For a delivery a distributor shipped, the letter of authorisation it was shipped under: maker, distributor, the
   * letter's number and the id of its own verification page (/free/authorisation?id=). Not covered by `proof`: the
   * letter is checked on its own page. Absent from older answers = none.
   */
  letters: z
    .array(
      z.object({
        makerName: z.string(),
        distributorName: z.string(),
        letterNumber: z.string(),
        letterPublicId: z.string(),
      }),
    )
    .default([]),
});
export type PublicTraceData = z.infer<typeof publicTraceData>;
