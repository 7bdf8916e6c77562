import { digitsToNumber } from './params.ts';
import { z } from './zod.ts';

/**
 * Material procurement (spec §2 /buildMaterialProcurement: materialsList, materialsSummary and its detail,
 * selectionAndPurchase, alternateSuppliers, region; docs/procurement.md): a project's material list checked against
 * the demand standard its project follows, summaries with the policy's compliance, sourcing from the city's
 * catalogue by quotation or directly, purchase orders the supplier ships against, ranked alternates, and where
 * qualifying suppliers are. This file holds the module's code tables and its one shared rule (`complianceOf`), which
 * the server's summaries and the console's live badges both run; the sub-resources' schemas are in
 * procurement-*.ts beside it.
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;
const valuesOf = <T extends Record<string, string>>(o: T) => Object.values(o) as [T[keyof T], ...T[keyof T][]];

// ---- policy reference data ----

/**
 * How a demand-standard edition classes a category (2025 edition: 必选类 / 可选类). `outside` = the platform's
 * classification maps to no category of the project's edition: the policy does not require it green.
 */
export const StandardKind = { MANDATORY: 'mandatory', OPTIONAL: 'optional', OUTSIDE: 'outside' } as const;
export type StandardKindValue = (typeof StandardKind)[keyof typeof StandardKind];
export const standardKindValues = valuesOf(StandardKind);
export const standardKindLabels = labels<StandardKindValue>({
  mandatory: { zh: '必选类', en: 'Mandatory' },
  optional: { zh: '可选类', en: 'Optional' },
  outside: { zh: '标准外', en: 'Outside the standard' },
});

/**
 * How sure the platform is of a reference row (docs/procurement.md, "Policy data"): `primary` read in the official
 * text, `secondary` from a repost or news report of it, `unconfirmed` the platform's working assumption until the
 * official attachment is loaded. The console shows anything below primary with its note.
 */
export const Confidence = { PRIMARY: 'primary', SECONDARY: 'secondary', UNCONFIRMED: 'unconfirmed' } as const;
export type ConfidenceValue = (typeof Confidence)[keyof typeof Confidence];
export const confidenceValues = valuesOf(Confidence);
export const confidenceLabels = labels<ConfidenceValue>({
  primary: { zh: '官方原文', en: 'Official text' },
  secondary: { zh: '转载或报道', en: 'Repost or report' },
  unconfirmed: { zh: '待核实', en: 'To be verified' },
});

/** The rule's parameters an edition carries (data, not code: `standard_rules`). */
export interface ComplianceRule {
  /** Share of mandatory lines that must be green, in percent (2025: 100). */
  mandatoryGreenPct: number;
  /** Green optional kinds ÷ optional kinds used must reach this, in percent (2025: 40); null = no optional rule. */
  optionalCoverageMinPct: number | null;
  /** A test report proves green for this many days after its date (Qingdao: 365); null = reports do not count. */
  testReportMaxAgeDays: number | null;
}

// ---- the compliance rule ----

/** One material-list line as the rule sees it. */
export interface ComplianceLine {
  lineId: number;
  /** The edition's category the line falls in (null when outside the standard). */
  categoryCode: string | null;
  kind: StandardKindValue;
  green: boolean;
  /** Budget or ordered amount in fen (for the share by value). */
  amountFen: number;
}

export interface Compliance {
  mandatory: {
    lines: number;
    greenLines: number;
    /** Every mandatory line green (true when the project uses none). */
    met: boolean;
    applicable: boolean;
    failingLineIds: number[];
  };
  optional: {
    /** Distinct optional categories the project uses, and those with at least one green line. */
    kindsUsed: number;
    greenKinds: number;
    /** Coverage in basis points (10 000 = 100 %), 0 when no optional kind is used. */
    coverageBp: number;
    minPct: number | null;
    /** Coverage reaches the minimum (true when there is no optional rule or no optional kind used). */
    met: boolean;
    applicable: boolean;
    /** The optional categories with no green line, and their lines. */
    failingCategoryCodes: string[];
    failingLineIds: number[];
  };
  /** Green amount ÷ amount of the lines in the standard's categories, basis points; null when that amount is 0. */
  greenShareByValueBp: number | null;
  greenAmountFen: number;
  standardAmountFen: number;
  /** Distinct standard categories with a green line ÷ distinct standard categories used, basis points. */
  greenShareByKindBp: number | null;
  /** Both rules met. */
  met: boolean;
}

const bp = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part * 10_000) / whole));

/**
 * The policy's two rules over a project's lines (docs/procurement.md, "The compliance rule"; DOMAIN: 财库〔2024〕36号):
 * 必选类 — every mandatory line green; 可选类 — the green kinds are at least `optionalCoverageMinPct` % of the
 * optional kinds the project uses (exactly the minimum meets it; compared in integers, never in floating point).
 */
export function complianceOf(lines: readonly ComplianceLine[], rule: ComplianceRule): Compliance {
  const mandatoryLines = lines.filter((l) => l.kind === 'mandatory');
  const mandatoryGreen = mandatoryLines.filter((l) => l.green);
  const mandatoryPctMet =
    mandatoryLines.length === 0 || mandatoryGreen.length * 100 >= rule.mandatoryGreenPct * mandatoryLines.length;

  const optionalLines = lines.filter((l) => l.kind === 'optional' && l.categoryCode !== null);
  const optionalKinds = new Set(optionalLines.map((l) => l.categoryCode as string));
  const greenOptionalKinds = new Set(optionalLines.filter((l) => l.green).map((l) => l.categoryCode as string));
  const optionalApplicable = rule.optionalCoverageMinPct !== null && optionalKinds.size > 0;
  const optionalMet =
    !optionalApplicable ||
    greenOptionalKinds.size * 100 >= (rule.optionalCoverageMinPct as number) * optionalKinds.size;
  const failingCategoryCodes = [...optionalKinds].filter((c) => !greenOptionalKinds.has(c)).sort();

  const standardLines = lines.filter((l) => l.kind !== 'outside');
  const standardAmountFen = standardLines.reduce((s, l) => s + l.amountFen, 0);
  const greenAmountFen = standardLines.filter((l) => l.green).reduce((s, l) => s + l.amountFen, 0);
  const standardKinds = new Set(standardLines.filter((l) => l.categoryCode).map((l) => l.categoryCode as string));
  const greenKinds = new Set(
    standardLines.filter((l) => l.green && l.categoryCode).map((l) => l.categoryCode as string),
  );

  return {
    mandatory: {
      lines: mandatoryLines.length,
      greenLines: mandatoryGreen.length,
      met: mandatoryPctMet,
      applicable: mandatoryLines.length > 0,
      failingLineIds: mandatoryLines.filter((l) => !l.green).map((l) => l.lineId),
    },
    optional: {
      kindsUsed: optionalKinds.size,
      greenKinds: greenOptionalKinds.size,
      coverageBp: bp(greenOptionalKinds.size, optionalKinds.size),
      minPct: rule.optionalCoverageMinPct,
      met: optionalMet,
      applicable: optionalApplicable,
      failingCategoryCodes,
      failingLineIds: optionalLines
        .filter((l) => failingCategoryCodes.includes(l.categoryCode as string))
        .map((l) => l.lineId),
    },
    greenShareByValueBp: standardAmountFen === 0 ? null : bp(greenAmountFen, standardAmountFen),
    greenAmountFen,
    standardAmountFen,
    greenShareByKindBp: standardKinds.size === 0 ? null : bp(greenKinds.size, standardKinds.size),
    met: mandatoryPctMet && optionalMet,
  };
}

/** What proves a product green on a day, as the rule reads it (a snapshot of the product's evidence). */
export interface GreenEvidence {
  kind: 'certificate' | 'test_report' | 'none';
  /** yyyy-mm-dd: a certificate's first day, or a report's date. */
  validFrom?: string | null;
  /** yyyy-mm-dd: a certificate's last day (inclusive); a report's, when it states one. */
  validUntil?: string | null;
  /** yyyy-mm-dd: the day a certificate was revoked or suspended; from that day it proves nothing. */
  revokedOn?: string | null;
}

const dayNumber = (d: string) => Math.floor(Date.parse(`${d}T00:00:00Z`) / 86_400_000);

/**
 * Whether evidence proves green on `day` (yyyy-mm-dd; DOMAIN §1.3: a certificate valid that day, not revoked by
 * then, or a test report dated on or before the day and no older than the edition's window). Used for "green on its
 * delivery date" and, with the required-by date, for a candidate's certificate runway.
 */
export function greenOn(evidence: GreenEvidence, day: string, rule: Pick<ComplianceRule, 'testReportMaxAgeDays'>) {
  if (evidence.kind === 'certificate') {
    if (evidence.validFrom && evidence.validFrom > day) return false;
    if (!evidence.validUntil || evidence.validUntil < day) return false;
    return !(evidence.revokedOn && evidence.revokedOn <= day);
  }
  if (evidence.kind === 'test_report') {
    if (rule.testReportMaxAgeDays === null || !evidence.validFrom || evidence.validFrom > day) return false;
    if (evidence.validUntil && evidence.validUntil < day) return false;
    return dayNumber(day) - dayNumber(evidence.validFrom) <= rule.testReportMaxAgeDays;
  }
  return false;
}

// ---- states ----

/**
 * A project's material list (docs/procurement.md, "Material lists"): `draft` while it is being built; `confirmed`
 * locks its quantities; a change reopens it as the next version's draft, with a reason, and keeps the confirmed
 * version's lines as they were.
 */
export const MaterialListStatus = { DRAFT: 'draft', CONFIRMED: 'confirmed' } as const;
export type MaterialListStatusValue = (typeof MaterialListStatus)[keyof typeof MaterialListStatus];
export const materialListStatusValues = valuesOf(MaterialListStatus);
export const materialListStatusLabels = labels<MaterialListStatusValue>({
  draft: { zh: '编制中', en: 'Being drafted' },
  confirmed: { zh: '已确认', en: 'Confirmed' },
});

/** Where a list line came from. */
export const LineSource = { MANUAL: 'manual', IMPORT: 'import', COPY: 'copy' } as const;
export type LineSourceValue = (typeof LineSource)[keyof typeof LineSource];
export const lineSourceValues = valuesOf(LineSource);
export const lineSourceLabels = labels<LineSourceValue>({
  manual: { zh: '手工录入', en: 'Typed' },
  import: { zh: 'Excel 导入', en: 'Imported' },
  copy: { zh: '从其他项目复制', en: 'Copied' },
});

/**
 * A request for quotation (询价): draft → published (suppliers told) → quoting (the first quote in) → evaluating (the
 * deadline passed, or the buyer closed quoting) → awarded | failed (流标: no acceptable quote) | cancelled. A new
 * round from evaluating reopens quoting.
 */
export const InquiryStatus = {
  DRAFT: 'draft',
  PUBLISHED: 'published',
  QUOTING: 'quoting',
  EVALUATING: 'evaluating',
  AWARDED: 'awarded',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
} as const;
export type InquiryStatusValue = (typeof InquiryStatus)[keyof typeof InquiryStatus];
export const inquiryStatusValues = valuesOf(InquiryStatus);
export const inquiryStatusLabels = labels<InquiryStatusValue>({
  draft: { zh: '草稿', en: 'Draft' },
  published: { zh: '已发布', en: 'Published' },
  quoting: { zh: '报价中', en: 'Quoting' },
  evaluating: { zh: '评审中', en: 'Evaluating' },
  awarded: { zh: '已定标', en: 'Awarded' },
  failed: { zh: '流标', en: 'Failed' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
});

/** A supplier's quote: draft → submitted → withdrawn | accepted | rejected. Sealed from other suppliers. */
export const QuoteStatus = {
  DRAFT: 'draft',
  SUBMITTED: 'submitted',
  WITHDRAWN: 'withdrawn',
  ACCEPTED: 'accepted',
  REJECTED: 'rejected',
} as const;
export type QuoteStatusValue = (typeof QuoteStatus)[keyof typeof QuoteStatus];
export const quoteStatusValues = valuesOf(QuoteStatus);
export const quoteStatusLabels = labels<QuoteStatusValue>({
  draft: { zh: '草稿', en: 'Draft' },
  submitted: { zh: '已报价', en: 'Submitted' },
  withdrawn: { zh: '已撤回', en: 'Withdrawn' },
  accepted: { zh: '中选', en: 'Accepted' },
  rejected: { zh: '未中选', en: 'Not chosen' },
});

/**
 * A purchase order: draft → sent → confirmed (by the supplier) → partly delivered → delivered → closed; draft or
 * sent → cancelled. The two delivery states follow the receipts of the shipments made against it.
 */
export const OrderStatus = {
  DRAFT: 'draft',
  SENT: 'sent',
  CONFIRMED: 'confirmed',
  PARTLY_DELIVERED: 'partly_delivered',
  DELIVERED: 'delivered',
  CLOSED: 'closed',
  CANCELLED: 'cancelled',
} as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];
export const orderStatusValues = valuesOf(OrderStatus);
export const orderStatusLabels = labels<OrderStatusValue>({
  draft: { zh: '草稿', en: 'Draft' },
  sent: { zh: '已发送', en: 'Sent' },
  confirmed: { zh: '供应商已确认', en: 'Confirmed' },
  partly_delivered: { zh: '部分到货', en: 'Partly delivered' },
  delivered: { zh: '已到货', en: 'Delivered' },
  closed: { zh: '已关闭', en: 'Closed' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
});

/** How an order came about: awarded on an inquiry, or bought directly from the catalogue. */
export const OrderOrigin = { INQUIRY: 'inquiry', DIRECT: 'direct' } as const;
export type OrderOriginValue = (typeof OrderOrigin)[keyof typeof OrderOrigin];
export const orderOriginValues = valuesOf(OrderOrigin);
export const orderOriginLabels = labels<OrderOriginValue>({
  inquiry: { zh: '询价定标', en: 'Awarded on quotation' },
  direct: { zh: '目录直购', en: 'Bought from the catalogue' },
});

/** An alternate supplier of a line: standby, proposed (the primary failed), switched to (now primary), dismissed. */
export const AlternateStatus = {
  STANDBY: 'standby',
  PROPOSED: 'proposed',
  SWITCHED: 'switched',
  DISMISSED: 'dismissed',
} as const;
export type AlternateStatusValue = (typeof AlternateStatus)[keyof typeof AlternateStatus];
export const alternateStatusValues = valuesOf(AlternateStatus);
export const alternateStatusLabels = labels<AlternateStatusValue>({
  standby: { zh: '备选中', en: 'Standing by' },
  proposed: { zh: '建议启用', en: 'Proposed' },
  switched: { zh: '已启用', en: 'Switched to' },
  dismissed: { zh: '已放弃', en: 'Dismissed' },
});

/**
 * Why a line's primary supplier is flagged (computed from the platform's facts, never stored): its certificate does
 * not cover the required-by date, the distributor's authorisation no longer covers it, or a lot delivered to the
 * line failed on site.
 */
export const LineFlag = {
  CERTIFICATE_LAPSES: 'certificate_lapses',
  AUTHORISATION_LOST: 'authorisation_lost',
  LOT_FAILED: 'lot_failed',
} as const;
export type LineFlagValue = (typeof LineFlag)[keyof typeof LineFlag];
export const lineFlagValues = valuesOf(LineFlag);
export const lineFlagLabels = labels<LineFlagValue>({
  certificate_lapses: { zh: '证书在需用日期前失效', en: 'Certificate lapses before it is needed' },
  authorisation_lost: { zh: '经销商授权已失效', en: 'Distributor no longer authorised' },
  lot_failed: { zh: '到场批次复试不合格', en: 'A delivered lot failed on site' },
});

// ---- limits and shared fields ----

export const MATERIAL_LINES_MAX = 5_000;
export const MATERIAL_LINES_PER_SAVE_MAX = 500;
export const MATERIAL_IMPORT_ROWS_MAX = 2_000;
export const INQUIRY_SUPPLIERS_MAX = 20;
export const INQUIRY_LINES_MAX = 200;
export const ALTERNATES_PER_LINE_MAX = 5;
export const PROCUREMENT_PRICE_FEN_MAX = 100_000_000_000;
export const REASON_MAX = 500;

/** A price or budget in fen: a whole number (or its digits as text), 0 to the maximum. */
export const procurementFenField = (label: string) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: (i) => (i.input === undefined ? `请输入${label}` : `${label}必须是数字`) })
      .int(`${label}必须以分为单位的整数`)
      .min(0, `${label}不能为负`)
      .max(PROCUREMENT_PRICE_FEN_MAX, `${label}过大`),
  );
