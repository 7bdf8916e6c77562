import { pageOf } from './envelope.ts';
import {
  filingEvidenceKindValues,
  filingLineSourceValues,
  filingStatusValues,
  PERIOD_PATTERN,
  procurementMethodValues,
} from './government.ts';
import { creditCodeSchema } from './organization.ts';
import {
  blankToUndefined,
  digitsToNumber,
  flagFilter,
  optionalId,
  optionalText,
  positiveId,
  requiredText,
  takeSkip,
} from './params.ts';
import { standardKindValues } from './procurement.ts';
import { dateField, optionalDate, quantityField } from './trace.ts';
import { isCreditCode } from './validators.ts';
import { z } from './zod.ts';

/**
 * A project's quarterly procurement filing (docs/government.md, "Filing"; spec §2 /govProcurementInfo/materialFill):
 * the filer (the project's developer or a construction unit on it) opens the quarter's draft prefilled from the
 * platform's records, completes it and submits it; the city's committee returns it with a reason or confirms it, and
 * closes the quarter (locking its confirmed filings); a locked filing is changed only by a correction, a new version.
 * The code tables (states, sources, evidence kinds, methods) and the quarter arithmetic are in government.ts.
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;

// ---- limits ----

export const FILING_LINES_MAX = 2_000;
export const FILING_LINES_PER_SAVE_MAX = 500;
/** Money in fen: at most 10^13 fen (a hundred billion yuan). */
export const FILING_MONEY_FEN_MAX = 10_000_000_000_000;
export const FILING_PAGE_SIZE = 20;
export const FILING_REASON_MAX = 500;
export const FILING_REMARKS_MAX = 1_000;
/** Days before the deadline the filers are reminded (and once more when it has passed). */
export const FILING_REMINDER_DAYS = [7, 1] as const;

/** What may be done to a filing (its transition table): the detail's buttons. */
export const FilingAction = {
  SAVE: 'save',
  PREFILL: 'prefill',
  SUBMIT: 'submit',
  RETURN: 'return',
  CONFIRM: 'confirm',
  CLOSE: 'close',
  CORRECT: 'correct',
} as const;
export type FilingActionValue = (typeof FilingAction)[keyof typeof FilingAction];
export const filingActionValues = Object.values(FilingAction) as [FilingActionValue, ...FilingActionValue[]];
export const filingActionLabels = labels<FilingActionValue>({
  save: { zh: '保存', en: 'Save' },
  prefill: { zh: '重新带入平台数据', en: 'Prefill again' },
  submit: { zh: '报送', en: 'Submit' },
  return: { zh: '退回', en: 'Return' },
  confirm: { zh: '确认', en: 'Confirm' },
  close: { zh: '关闭季度', en: 'Close the quarter' },
  correct: { zh: '更正', en: 'Correct' },
});

/** Who the caller is to a filing: one of the project's filers, a reader (the supervision unit), the city's committee. */
export const filingRoleValues = ['filer', 'reader', 'committee'] as const;
export type FilingRole = (typeof filingRoleValues)[number];

/** How much a check weighs: an error refuses the submission, a warning is shown, a note says what the platform cannot verify. */
export const checkLevelValues = ['error', 'warning', 'note'] as const;

// ---- fields ----

/** A quarter 'YYYY-Qn'. */
export const periodField = z
  .string({ error: '请选择季度' })
  .trim()
  .toUpperCase()
  .regex(PERIOD_PATTERN, '季度格式应为 YYYY-Qn');

/** Money in fen: a whole number (or its digits as text), 0 to 10^13. */
const fenField = (label: string) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: (i) => (i.input === undefined ? `请输入${label}` : `${label}必须是数字`) })
      .int(`${label}必须是以分为单位的整数`)
      .min(0, `${label}不能为负`)
      .max(FILING_MONEY_FEN_MAX, `${label}过大`),
  );
/** A filing's own field in a save: omitted keeps it, null or "" clears it. */
const clearableFen = (label: string) =>
  z.preprocess((v) => (v === '' ? null : v), fenField(label).nullable().optional());
const clearableText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: `${label}应为文本` })
      .trim()
      .max(max, `${label}不能超过 ${max} 个字`)
      .transform((t) => (t === '' ? null : t))
      .nullable()
      .optional(),
  );

const methodField = z.enum(procurementMethodValues, { error: '请选择正确的采购方式' });

// ---- list ----

export const filingListQuery = z.object({
  ...takeSkip(FILING_PAGE_SIZE, 100),
  /** The committee's quarter (default: the latest quarter whose deadline has passed); a filer's quarters are all shown. */
  period: z.preprocess(blankToUndefined, periodField.optional()),
  status: z.preprocess(blankToUndefined, z.enum(filingStatusValues, { error: '请选择正确的状态' }).optional()),
  /** A district (6-digit county code) of the committee's city. */
  regionCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{6}$/, '请选择正确的区县')
      .optional(),
  ),
  late: flagFilter('逾期'),
  /** Project name or code, filer name. */
  keyword: optionalText('关键字', 50),
});
export type FilingListQuery = z.input<typeof filingListQuery>;

/** A quarter of a filer's project: its deadline and its filing, if one was opened. */
export const filerQuarterView = z.object({
  period: z.string(),
  dueOn: z.string(),
  /** Days to the deadline (negative once passed). */
  daysLeft: z.number().int(),
  /** First submitted after the deadline, or not submitted and the deadline passed. */
  late: z.boolean(),
  filing: z.object({ id: z.number().int(), status: z.enum(filingStatusValues), version: z.number().int() }).nullable(),
  /** The caller may open (create) the quarter's filing now. */
  canOpen: z.boolean(),
});
export type FilerQuarterView = z.infer<typeof filerQuarterView>;

export const filerProjectView = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  projectCode: z.string().nullable(),
  regionCode: z.string(),
  regionName: z.string(),
  quarters: z.array(filerQuarterView),
});
export type FilerProjectView = z.infer<typeof filerProjectView>;

/** A filing in the committee's list. */
export const filingRow = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  filerName: z.string(),
  period: z.string(),
  version: z.number().int(),
  status: z.enum(filingStatusValues),
  dueOn: z.string(),
  late: z.boolean(),
  submittedAt: z.string().nullable(),
  lineCount: z.number().int(),
  amountFen: z.number().int(),
  greenAmountFen: z.number().int(),
});
export type FilingRow = z.infer<typeof filingRow>;

/** An in-scope project of the committee's city with nothing submitted for the quarter after its deadline. */
export const overdueView = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  developerName: z.string(),
  period: z.string(),
  dueOn: z.string(),
  daysOverdue: z.number().int(),
  /** The draft opened but not submitted, if any. */
  filingId: z.number().int().nullable(),
});
export type OverdueView = z.infer<typeof overdueView>;

export const filingListData = z.object({
  role: z.enum(filingRoleValues),
  /** A filer's (and a reader's) projects in the policy with their quarters; [] for the committee. */
  projects: z.array(filerProjectView),
  /** The committee's filings for the quarter, filtered and paged; empty for a filer. */
  ...pageOf(filingRow).shape,
  overdue: z.array(overdueView),
  /** The committee's quarter (null for a filer), and whether it has been closed. */
  period: z.string().nullable(),
  periodClosed: z.boolean(),
  /** Confirmed filings of the quarter that closing it would lock. */
  closable: z.number().int(),
  /** The districts of the committee's city with in-scope projects (the district filter); [] for a filer. */
  districts: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type FilingListData = z.infer<typeof filingListData>;

// ---- open, save, the rest ----

export const filingOpenBody = z.object({ projectId: positiveId('项目'), period: periodField });
export const filingIdQuery = z.object({ id: positiveId('填报') });
export const filingIdBody = filingIdQuery;
export const filingReasonBody = z.object({ id: positiveId('填报'), reason: requiredText('原因', FILING_REASON_MAX) });
export const filingClosePeriodBody = z.object({ period: periodField });
export const filingDone = z.object({ id: z.number().int() });
export const filingClosedData = z.object({ period: z.string(), locked: z.number().int() });

/** A line as the filer saves it: with `id` an existing line changed, without one a typed line added. */
export const filingLineInput = z
  .object({
    id: optionalId('明细'),
    /** The platform's classification, which places the line in the edition's category ('0104'). */
    classifyCode: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{2,8}$/, '请选择正确的材料分类')
        .optional(),
    ),
    commonName: requiredText('材料名称', 100),
    spec: requiredText('规格型号', 100),
    quantity: quantityField('数量'),
    unit: requiredText('单位', 10),
    amountFen: fenField('金额'),
    supplierOrgId: optionalId('供应商'),
    supplierName: requiredText('供应商名称', 100),
    supplierCreditCode: z.preprocess(blankToUndefined, creditCodeSchema.optional()),
    /** Omitted: the filing's default method. */
    procurementMethod: z.preprocess(blankToUndefined, methodField.optional()),
    isGreen: z.boolean({ error: '请选择是否绿色建材' }),
    evidenceKind: z.enum(filingEvidenceKindValues, { error: '请选择绿色证明' }),
    certificateNo: optionalText('证书编号', 50),
    certificateBody: optionalText('发证机构', 100),
    star: z.preprocess(
      (v) => digitsToNumber(blankToUndefined(v)),
      z.number({ error: '星级应为 1–3' }).int('星级应为 1–3').min(1, '星级应为 1–3').max(3, '星级应为 1–3').optional(),
    ),
    reportNo: optionalText('报告编号', 50),
    reportDate: optionalDate('报告日期'),
    deliveryDate: dateField('到货日期'),
  })
  .superRefine((l, ctx) => {
    if (l.isGreen && l.evidenceKind === 'none') {
      ctx.addIssue({ code: 'custom', path: ['evidenceKind'], message: '绿色建材请选择证书或检测报告' });
    }
    if (l.isGreen && l.evidenceKind === 'external_certificate' && l.star === undefined) {
      ctx.addIssue({ code: 'custom', path: ['star'], message: '请选择证书星级' });
    }
  });
export type FilingLineInput = z.input<typeof filingLineInput>;

/** The grid saved in one transaction, with the filing's own fields (a field not sent keeps its value). */
export const filingSaveBody = z.object({
  id: positiveId('填报'),
  contractNo: clearableText('合同编号', 50),
  defaultMethod: z.preprocess(blankToUndefined, methodField.optional()),
  completedValueFen: clearableFen('已完成工程量价值'),
  progressPaidFen: clearableFen('已支付进度款'),
  remarks: clearableText('备注', FILING_REMARKS_MAX),
  lines: z
    .array(filingLineInput, { error: '明细格式不正确' })
    .max(FILING_LINES_PER_SAVE_MAX, `每次最多保存 ${FILING_LINES_PER_SAVE_MAX} 行`)
    .default([]),
  removedLineIds: z
    .array(positiveId('明细'), { error: '删除的明细格式不正确' })
    .max(FILING_LINES_MAX, `最多删除 ${FILING_LINES_MAX} 行`)
    .default([]),
});
export type FilingSaveInput = z.input<typeof filingSaveBody>;

// ---- detail ----

/** A record a system line was prefilled from, with the console page showing it. */
export const prefillSourceView = z.object({
  kind: z.enum(['delivery', 'inspection', 'shipment', 'order', 'certificate']),
  id: z.number().int(),
  label: z.string(),
  /** The console address of the record (`pages`), null when the caller has no page for it. */
  url: z.string().nullable(),
});

export const filingCheckView = z.object({
  /** null: the filing's own fields. */
  lineId: z.number().int().nullable(),
  field: z.string(),
  level: z.enum(checkLevelValues),
  message: z.string(),
});
export type FilingCheckView = z.infer<typeof filingCheckView>;

export const filingLineView = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  source: z.enum(filingLineSourceValues),
  changedFields: z.array(z.string()),
  sources: z.array(prefillSourceView),
  classifyCode: z.string().nullable(),
  categoryCode: z.string().nullable(),
  categoryName: z.string().nullable(),
  standardKind: z.enum(standardKindValues),
  commonName: z.string(),
  spec: z.string(),
  quantity: z.string(),
  unit: z.string(),
  amountFen: z.number().int(),
  supplierOrgId: z.number().int().nullable(),
  supplierName: z.string(),
  supplierCreditCode: z.string().nullable(),
  procurementMethod: z.enum(procurementMethodValues),
  isGreen: z.boolean(),
  evidenceKind: z.enum(filingEvidenceKindValues),
  certificateId: z.number().int().nullable(),
  certificateNo: z.string().nullable(),
  certificateBody: z.string().nullable(),
  star: z.number().int().nullable(),
  reportNo: z.string().nullable(),
  reportDate: z.string().nullable(),
  deliveryDate: z.string(),
});
export type FilingLineView = z.infer<typeof filingLineView>;

export const filingHistoryView = z.object({
  action: z.string(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  reason: z.string().nullable(),
  actorName: z.string(),
  at: z.string(),
});

export const filingDetail = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  editionCode: z.string().nullable(),
  filerOrgId: z.number().int(),
  filerName: z.string(),
  period: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  version: z.number().int(),
  correctsId: z.number().int().nullable(),
  correctionReason: z.string().nullable(),
  /** The newer version that superseded this one, if it was corrected. */
  supersededById: z.number().int().nullable(),
  status: z.enum(filingStatusValues),
  contractNo: z.string().nullable(),
  defaultMethod: z.enum(procurementMethodValues),
  completedValueFen: z.number().int().nullable(),
  progressPaidFen: z.number().int().nullable(),
  /** Paid ÷ completed in basis points (null when the completed value is not given or 0). */
  paymentRatioBp: z.number().int().nullable(),
  remarks: z.string().nullable(),
  returnReason: z.string().nullable(),
  dueOn: z.string(),
  daysLeft: z.number().int(),
  late: z.boolean(),
  firstSubmittedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  lockedAt: z.string().nullable(),
  amountFen: z.number().int(),
  greenAmountFen: z.number().int(),
  lines: z.array(filingLineView),
  checks: z.array(filingCheckView),
  history: z.array(filingHistoryView),
  role: z.enum(filingRoleValues),
  actions: z.array(z.enum(filingActionValues)),
});
export type FilingDetail = z.infer<typeof filingDetail>;

/** Whether a supplier is named enough: an organisation on the platform, or a name with a valid credit code. */
export const supplierNamed = (l: { supplierOrgId: number | null; supplierCreditCode: string | null }) =>
  l.supplierOrgId !== null || (l.supplierCreditCode !== null && isCreditCode(l.supplierCreditCode));
