import { pageOf } from './envelope.ts';
import { optionalText, positiveId, requiredText, takeSkip } from './params.ts';
import {
  INQUIRY_LINES_MAX,
  INQUIRY_SUPPLIERS_MAX,
  inquiryStatusValues,
  procurementFenField,
  quoteStatusValues,
  REASON_MAX,
  standardKindValues,
} from './procurement.ts';
import { dateField, optionalDate, quantityField } from './trace.ts';
import { z } from './zod.ts';

/**
 * Procurement's sourcing part (docs/procurement.md, "Selection and purchase"): the candidates for a material-list
 * line compared side by side, the choice of one (what the compliance simulator reads), requests for quotation (询价)
 * with sealed quotes, the award, and buying directly from the catalogue. The code tables shared by all parts:
 * procurement.ts.
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;
const valuesOf = <T extends Record<string, string>>(o: T) => Object.values(o) as [T[keyof T], ...T[keyof T][]];

export const SOURCING_PAGE_SIZE = 20;
export const INQUIRY_TITLE_MAX = 100;
export const INQUIRY_REMARKS_MAX = 500;
/** The transport type a candidate's CO₂ is estimated with: 重型柴油货车运输（载重30t）, GB/T 51366 (units.ts id 9). */
export const CANDIDATE_TRANSPORT_TYPE = 9;

/**
 * How a candidate's certificate (or test report) stands against the line's required-by date: proves it green that
 * day; valid today but lapses before it (flagged, with its end date); nothing that proves green.
 */
export const CertificateRunway = { THROUGH: 'through', LAPSES: 'lapses', NONE: 'none' } as const;
export type CertificateRunwayValue = (typeof CertificateRunway)[keyof typeof CertificateRunway];
export const certificateRunwayValues = valuesOf(CertificateRunway);
export const certificateRunwayLabels = labels<CertificateRunwayValue>({
  through: { zh: '需用日期时有效', en: 'Valid on the required-by date' },
  lapses: { zh: '需用日期前到期', en: 'Expires before the required-by date' },
  none: { zh: '无有效绿色证明', en: 'No valid green proof' },
});

/** Who a candidate is bought from: the maker itself, or a distributor it has authorised for the project's region. */
export const SupplierRole = { MAKER: 'maker', DISTRIBUTOR: 'distributor' } as const;
export type SupplierRoleValue = (typeof SupplierRole)[keyof typeof SupplierRole];
export const supplierRoleValues = valuesOf(SupplierRole);
export const supplierRoleLabels = labels<SupplierRoleValue>({
  maker: { zh: '生产企业', en: 'Manufacturer' },
  distributor: { zh: '授权经销商', en: 'Authorised distributor' },
});

/** Where a candidate's distance comes from: GB/T 51366's default (no coordinates on the platform). */
export const CandidateDistanceSource = { DEFAULT: 'default' } as const;
export const candidateDistanceSourceLabels = labels<'default'>({
  default: { zh: '默认', en: 'Default' },
});

// ---- the compliance simulator ----

export const complianceBrief = z.object({
  /** The project follows a demand-standard edition with a rule (else nothing is required green). */
  applicable: z.boolean(),
  met: z.boolean(),
  mandatoryLines: z.number().int(),
  mandatoryGreenLines: z.number().int(),
  mandatoryMet: z.boolean(),
  optionalKindsUsed: z.number().int(),
  optionalGreenKinds: z.number().int(),
  optionalCoverageBp: z.number().int(),
  optionalMinPct: z.number().int().nullable(),
  optionalMet: z.boolean(),
  greenShareByValueBp: z.number().int().nullable(),
});
export type ComplianceBrief = z.infer<typeof complianceBrief>;

/** A material-list line as the selection page shows it. */
export const sourcingLineView = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  classifyCode: z.string(),
  classifyName: z.string().nullable(),
  commonName: z.string(),
  spec: z.string().nullable(),
  unitName: z.string(),
  quantity: z.string(),
  requiredBy: z.string(),
  budgetUnitPriceFen: z.number().int(),
  kind: z.enum(standardKindValues),
  categoryName: z.string().nullable(),
  /** The chosen product proves green on the required-by date. */
  green: z.boolean(),
  chosen: z
    .object({
      specId: z.number().int(),
      productId: z.number().int(),
      productName: z.string(),
      specName: z.string(),
      supplierOrgId: z.number().int(),
      supplierName: z.string(),
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type SourcingLineView = z.infer<typeof sourcingLineView>;

export const sourcingProjectQuery = z.object({ projectId: positiveId('项目') });
export const sourcingOverviewData = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  editionCode: z.string().nullable(),
  compliance: complianceBrief,
  lines: z.array(sourcingLineView),
});
export type SourcingOverviewData = z.infer<typeof sourcingOverviewData>;

// ---- candidates ----

export const candidateView = z.object({
  productId: z.number().int(),
  productName: z.string(),
  brand: z.string().nullable(),
  specId: z.number().int(),
  specName: z.string(),
  specModel: z.string(),
  unitName: z.string(),
  makerOrgId: z.number().int(),
  makerName: z.string(),
  supplierOrgId: z.number().int(),
  supplierName: z.string(),
  supplierRole: z.enum(supplierRoleValues),
  /** The authorisation letter a distributor sells under (its number). */
  authorisationNumber: z.string().nullable(),
  tags: z.object({
    prefabricated: z.boolean(),
    lowCarbon: z.boolean(),
    green: z.boolean(),
    govProcurement: z.boolean(),
  }),
  starRating: z.number().int().nullable(),
  certificate: z.object({
    runway: z.enum(certificateRunwayValues),
    /** The proof's name (certificate number or report), and its last day. */
    name: z.string().nullable(),
    validUntil: z.string().nullable(),
  }),
  /** Price per unit in fen (a distributor's own price when it has one); null = on request. */
  unitPriceFen: z.number().int().nullable(),
  /** unit price × the line's quantity; null when the price is on request. */
  totalFen: z.number().int().nullable(),
  /** Where the goods leave from (county name), as the platform knows it. */
  originRegionName: z.string().nullable(),
  distanceKm: z.number(),
  distanceSource: z.enum(['default']),
  /** Transport kg CO₂e for the line's quantity; null when the specification has no mass per unit. */
  transportKgCO2e: z.number().nullable(),
  missingMass: z.boolean(),
  spotChecks: z.object({ passed: z.number().int(), failed: z.number().int() }),
  /** The project's compliance if this candidate were chosen for the line. */
  whatIf: complianceBrief,
  chosen: z.boolean(),
});
export type CandidateView = z.infer<typeof candidateView>;

export const selectionCandidatesQuery = z.object({ lineId: positiveId('材料清单行') });
export const selectionCandidatesData = z.object({
  line: sourcingLineView,
  projectId: z.number().int(),
  cityName: z.string().nullable(),
  compliance: complianceBrief,
  transportFactor: z.string(),
  list: z.array(candidateView),
});
export type SelectionCandidatesData = z.infer<typeof selectionCandidatesData>;

export const chooseBody = z.object({
  lineId: positiveId('材料清单行'),
  specId: positiveId('规格型号'),
  supplierOrgId: positiveId('供应商'),
  reason: optionalText('选择理由', REASON_MAX),
});
export const unchooseBody = z.object({ lineId: positiveId('材料清单行') });
export const chooseData = z.object({ line: sourcingLineView, compliance: complianceBrief });

// ---- direct purchase ----

export const directPurchaseBody = z.object({
  projectId: positiveId('项目'),
  supplierOrgId: positiveId('供应商'),
  reason: requiredText('采购理由', REASON_MAX),
  lines: z
    .array(
      z.object({
        listLineId: positiveId('材料清单行'),
        specId: positiveId('规格型号'),
        quantity: quantityField('采购数量'),
      }),
      { error: '请选择采购的材料' },
    )
    .min(1, '请至少选择一行材料')
    .max(INQUIRY_LINES_MAX, `一次最多采购 ${INQUIRY_LINES_MAX} 行`),
});
export const orderCreatedData = z.object({ orderId: z.number().int(), number: z.string() });

// ---- inquiries (buyer) ----

/** A deadline as Shanghai wall-clock time, `YYYY-MM-DD HH:mm` (seconds allowed). */
export const deadlineField = z
  .string({ error: '请选择报价截止时间' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, '报价截止时间格式应为 YYYY-MM-DD HH:mm')
  .refine((s) => !Number.isNaN(Date.parse(`${s.replace(' ', 'T')}+08:00`)), '报价截止时间不是有效时间');

export const inquirySaveBody = z.object({
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), positiveId('询价单').optional()),
  projectId: positiveId('项目'),
  title: requiredText('询价标题', INQUIRY_TITLE_MAX),
  deadline: deadlineField,
  remarks: optionalText('备注', INQUIRY_REMARKS_MAX),
  lines: z
    .array(z.object({ listLineId: positiveId('材料清单行'), quantity: quantityField('询价数量') }), {
      error: '请选择询价的材料',
    })
    .min(1, '请至少选择一行材料')
    .max(INQUIRY_LINES_MAX, `一次最多询价 ${INQUIRY_LINES_MAX} 行`),
  supplierOrgIds: z
    .array(positiveId('供应商'), { error: '请选择邀请的供应商' })
    .min(1, '请至少邀请一家供应商')
    .max(INQUIRY_SUPPLIERS_MAX, `最多邀请 ${INQUIRY_SUPPLIERS_MAX} 家供应商`),
});

export const inquiryIdQuery = z.object({ id: positiveId('询价单') });
export const inquiryIdBody = inquiryIdQuery;
export const inquiryReasonBody = z.object({ id: positiveId('询价单'), reason: requiredText('原因', REASON_MAX) });
export const inquiryAwardBody = z.object({
  id: positiveId('询价单'),
  quoteId: positiveId('报价'),
  reason: requiredText('定标理由', REASON_MAX),
});
export const inquiryRoundBody = z.object({ id: positiveId('询价单'), deadline: deadlineField });

export const inquiryListBody = z.object({
  projectId: positiveId('项目'),
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(inquiryStatusValues).optional()),
  ...takeSkip(SOURCING_PAGE_SIZE, 100),
});

export const inquiryRowView = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  buyerName: z.string(),
  status: z.enum(inquiryStatusValues),
  round: z.number().int(),
  deadline: z.string(),
  lineCount: z.number().int(),
  supplierCount: z.number().int(),
  submittedCount: z.number().int(),
  createdAt: z.string(),
});
export const inquiryListData = pageOf(inquiryRowView);
export type InquiryRowView = z.infer<typeof inquiryRowView>;

export const inquiryLineView = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  listLineId: z.number().int(),
  commonName: z.string(),
  spec: z.string().nullable(),
  classifyCode: z.string(),
  unitName: z.string(),
  quantity: z.string(),
  requiredBy: z.string(),
});

export const quoteLineView = z.object({
  inquiryLineId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  specId: z.number().int(),
  specName: z.string(),
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
  deliveryDate: z.string(),
  remarks: z.string().nullable(),
  /** The offered product's proof against the line's required-by date. */
  runway: z.enum(certificateRunwayValues),
  validUntil: z.string().nullable(),
});

export const quoteView = z.object({
  id: z.number().int(),
  supplierOrgId: z.number().int(),
  supplierName: z.string(),
  round: z.number().int(),
  status: z.enum(quoteStatusValues),
  amountFen: z.number().int(),
  validUntil: z.string().nullable(),
  remarks: z.string().nullable(),
  submittedAt: z.string().nullable(),
  lines: z.array(quoteLineView),
});
export type QuoteView = z.infer<typeof quoteView>;

export const inquiryDetail = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  buyerOrgId: z.number().int(),
  buyerName: z.string(),
  status: z.enum(inquiryStatusValues),
  round: z.number().int(),
  deadline: z.string(),
  remarks: z.string().nullable(),
  decisionReason: z.string().nullable(),
  awardedQuoteId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  publishedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  lines: z.array(inquiryLineView),
  suppliers: z.array(z.object({ orgId: z.number().int(), name: z.string(), submitted: z.boolean().nullable() })),
  /** Quotes of the current round in (sealed: a count until quoting closes). */
  submittedCount: z.number().int(),
  /** Sealed: empty until quoting has closed (evaluating or later); earlier rounds' quotes stay readable. */
  quotes: z.array(quoteView),
  actions: z.array(z.string()),
});
export type InquiryDetail = z.infer<typeof inquiryDetail>;

export const supplierOptionsQuery = z.object({
  projectId: positiveId('项目'),
  /** The lines' ids, comma-separated (`12,15`). */
  lineIds: z
    .string({ error: '请至少选择一行材料' })
    .regex(/^\d{1,9}(,\d{1,9}){0,199}$/, '材料清单行应为以逗号分隔的编号')
    .transform((s) => s.split(',').map(Number)),
});
export const supplierOptionsData = z.array(
  z.object({
    orgId: z.number().int(),
    name: z.string(),
    role: z.enum(supplierRoleValues),
    /** How many of the asked lines it can offer. */
    lineCount: z.number().int(),
  }),
);

// ---- the supplier's side ----

export const supplierInquiryListBody = z.object({
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(inquiryStatusValues).optional()),
  ...takeSkip(SOURCING_PAGE_SIZE, 100),
});
export const supplierInquiryRowView = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  buyerName: z.string(),
  projectName: z.string(),
  status: z.enum(inquiryStatusValues),
  round: z.number().int(),
  deadline: z.string(),
  lineCount: z.number().int(),
  myQuoteStatus: z.enum(quoteStatusValues).nullable(),
});
export const supplierInquiryListData = pageOf(supplierInquiryRowView);

export const supplierInquiryDetail = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  buyerName: z.string(),
  projectName: z.string(),
  projectRegionName: z.string().nullable(),
  status: z.enum(inquiryStatusValues),
  round: z.number().int(),
  deadline: z.string(),
  remarks: z.string().nullable(),
  decisionReason: z.string().nullable(),
  lines: z.array(
    inquiryLineView.extend({
      /** The specifications the supplier may offer for the line (its own, or those it is authorised for). */
      offers: z.array(
        z.object({
          specId: z.number().int(),
          productName: z.string(),
          specName: z.string(),
          unitName: z.string(),
          listPriceFen: z.number().int().nullable(),
        }),
      ),
    }),
  ),
  /** The supplier's quote of the current round (null before it saves one) and of earlier rounds. */
  myQuote: quoteView.nullable(),
  earlierQuotes: z.array(quoteView),
  actions: z.array(z.string()),
});
export type SupplierInquiryDetail = z.infer<typeof supplierInquiryDetail>;

export const quoteSaveBody = z.object({
  inquiryId: positiveId('询价单'),
  validUntil: optionalDate('报价有效期'),
  remarks: optionalText('备注', INQUIRY_REMARKS_MAX),
  lines: z
    .array(
      z.object({
        inquiryLineId: positiveId('询价行'),
        specId: positiveId('规格型号'),
        unitPriceFen: procurementFenField('单价'),
        deliveryDate: dateField('交货日期'),
        remarks: optionalText('备注', 200),
      }),
      { error: '请填写报价' },
    )
    .min(1, '请至少报价一行')
    .max(INQUIRY_LINES_MAX),
});
export const quoteIdBody = z.object({ id: positiveId('报价') });
