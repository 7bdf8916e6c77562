import { pageOf } from './envelope.ts';
import { blankToUndefined, optionalText, positiveId, requiredText, takeSkip } from './params.ts';
import { dateField, optionalDate, uploadIds } from './trace.ts';
import { z } from './zod.ts';

/**
 * Enterprise inspection (docs/enterprise-inspection.md): an organisation's compliance health, computed when read
 * from the platform's own records, its calendar of expiries, and the inspection records that certification bodies
 * and city committees enter for the organisations they oversee, with their rectification workflow
 * (open → submitted → closed, or back to open).
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;

/** The kind of inspection. */
export const InspectionRecordKind = {
  SURVEILLANCE: 'surveillance',
  SPOT_CHECK: 'spot_check',
  RANDOM: 'random',
} as const;
export type InspectionRecordKindValue = (typeof InspectionRecordKind)[keyof typeof InspectionRecordKind];
export const inspectionRecordKindValues = Object.values(InspectionRecordKind) as [
  InspectionRecordKindValue,
  ...InspectionRecordKindValue[],
];
export const inspectionRecordKindLabels = labels<InspectionRecordKindValue>({
  surveillance: { zh: '认证监督检查', en: 'Certification surveillance' },
  spot_check: { zh: '监管抽查', en: 'Regulator spot check' },
  random: { zh: '随机检查', en: 'Random inspection' },
});

/** What the inspection found. */
export const InspectionRecordResult = { PASS: 'pass', FAIL: 'fail', RECTIFY: 'rectify' } as const;
export type InspectionRecordResultValue = (typeof InspectionRecordResult)[keyof typeof InspectionRecordResult];
export const inspectionRecordResultValues = Object.values(InspectionRecordResult) as [
  InspectionRecordResultValue,
  ...InspectionRecordResultValue[],
];
export const inspectionRecordResultLabels = labels<InspectionRecordResultValue>({
  pass: { zh: '合格', en: 'Pass' },
  fail: { zh: '不合格', en: 'Fail' },
  rectify: { zh: '限期整改', en: 'Rectify by a deadline' },
});

/**
 * A record's state: a 合格 record is closed when entered; any other opens, awaiting the subject's rectification
 * (submitted), which the inspecting organisation closes or reopens.
 */
export const InspectionRecordState = { OPEN: 'open', SUBMITTED: 'submitted', CLOSED: 'closed' } as const;
export type InspectionRecordStateValue = (typeof InspectionRecordState)[keyof typeof InspectionRecordState];
export const inspectionRecordStateValues = Object.values(InspectionRecordState) as [
  InspectionRecordStateValue,
  ...InspectionRecordStateValue[],
];
export const inspectionRecordStateLabels = labels<InspectionRecordStateValue>({
  open: { zh: '待整改', en: 'Awaiting rectification' },
  submitted: { zh: '整改已提交', en: 'Rectification submitted' },
  closed: { zh: '已关闭', en: 'Closed' },
});

export const InspectionRecordAction = { SUBMIT: 'submit', CLOSE: 'close', REOPEN: 'reopen' } as const;
export type InspectionRecordActionValue = (typeof InspectionRecordAction)[keyof typeof InspectionRecordAction];
export const inspectionRecordActionValues = Object.values(InspectionRecordAction) as [
  InspectionRecordActionValue,
  ...InspectionRecordActionValue[],
];
export const inspectionRecordActionLabels = labels<InspectionRecordActionValue>({
  submit: { zh: '提交整改', en: 'Submit rectification' },
  close: { zh: '关闭', en: 'Close' },
  reopen: { zh: '退回重新整改', en: 'Reopen' },
});

/** Who the caller is to a record: the organisation inspected, or the organisation that inspected it. */
export const inspectionRecordSideValues = ['subject', 'inspector'] as const;
export type InspectionRecordSide = (typeof inspectionRecordSideValues)[number];

export const FINDINGS_MAX = 2000;
export const RECTIFICATION_MAX = 2000;
export const INSPECTION_FILES_MAX = 10;
export const INSPECTION_PRODUCTS_MAX = 20;
const INSPECTOR_NAME_MAX = 50;
const REASON_MAX = 500;

const uniqueUploads = (label: string) =>
  uploadIds(label, INSPECTION_FILES_MAX)
    .refine((l) => new Set(l).size === l.length, `${label}有重复`)
    .default([]);

export const inspectionRecordCreateBody = z
  .object({
    subjectOrgId: positiveId('被检查单位'),
    kind: z.enum(inspectionRecordKindValues, { error: '请选择检查类型' }),
    inspectedOn: dateField('检查日期'),
    inspectorName: requiredText('检查人', INSPECTOR_NAME_MAX),
    productIds: z
      .array(positiveId('产品'), { error: '产品应为列表' })
      .max(INSPECTION_PRODUCTS_MAX, `产品最多 ${INSPECTION_PRODUCTS_MAX} 个`)
      .refine((l) => new Set(l).size === l.length, '产品有重复')
      .default([]),
    result: z.enum(inspectionRecordResultValues, { error: '请选择检查结果' }),
    findings: requiredText('检查发现', FINDINGS_MAX),
    rectificationDeadline: optionalDate('整改期限'),
    evidenceUploadIds: uniqueUploads('证据材料'),
  })
  .superRefine((v, ctx) => {
    if (v.result === InspectionRecordResult.RECTIFY && !v.rectificationDeadline) {
      ctx.addIssue({ code: 'custom', path: ['rectificationDeadline'], message: '限期整改须填写整改期限' });
    }
    if (v.rectificationDeadline && v.rectificationDeadline < v.inspectedOn) {
      ctx.addIssue({ code: 'custom', path: ['rectificationDeadline'], message: '整改期限不能早于检查日期' });
    }
  });
export type InspectionRecordCreateInput = z.input<typeof inspectionRecordCreateBody>;

export const inspectionRecordIdParams = z.object({ id: positiveId('检查记录编号') });
export const inspectionRecordSubmitBody = z.object({
  rectification: requiredText('整改说明', RECTIFICATION_MAX),
  attachmentIds: uniqueUploads('整改材料'),
});
export type InspectionRecordSubmitInput = z.input<typeof inspectionRecordSubmitBody>;
export const inspectionRecordCloseBody = z.object({ remark: optionalText('备注', REASON_MAX) });
export const inspectionRecordReopenBody = z.object({ reason: requiredText('退回原因', REASON_MAX) });
export const inspectionRecordFileQuery = z.object({ id: positiveId('检查记录编号'), uploadId: positiveId('文件编号') });

export const inspectionRecordListQuery = z.object({
  ...takeSkip(20, 100),
  subjectOrgId: z.preprocess(blankToUndefined, positiveId('被检查单位').optional()),
  state: z.preprocess(blankToUndefined, z.enum(inspectionRecordStateValues, { error: '状态不正确' }).optional()),
});
export type InspectionRecordListInput = z.input<typeof inspectionRecordListQuery>;

const fileRef = z.object({ uploadId: z.number().int(), name: z.string() });

export const inspectionRecordRow = z.object({
  id: z.number().int(),
  subjectOrgId: z.number().int(),
  subjectOrgName: z.string(),
  inspectorOrgName: z.string(),
  inspectorName: z.string(),
  kind: z.enum(inspectionRecordKindValues),
  inspectedOn: z.string(),
  result: z.enum(inspectionRecordResultValues),
  rectificationDeadline: z.string().nullable(),
  state: z.enum(inspectionRecordStateValues),
  /** Open past its deadline (Asia/Shanghai). */
  overdue: z.boolean(),
});
export type InspectionRecordRow = z.infer<typeof inspectionRecordRow>;
export const inspectionRecordListData = pageOf(inspectionRecordRow);

export const inspectionRecordDetail = inspectionRecordRow.extend({
  findings: z.string(),
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  evidence: z.array(fileRef),
  rectification: z.string().nullable(),
  rectificationFiles: z.array(fileRef),
  rectifiedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The last reopening's reason, or the closing remark. */
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  side: z.enum(inspectionRecordSideValues),
  actions: z.array(z.enum(inspectionRecordActionValues)),
});
export type InspectionRecordDetail = z.infer<typeof inspectionRecordDetail>;
export const inspectionRecordDone = z.object({ id: z.number().int(), state: z.enum(inspectionRecordStateValues) });

/** The organisations the caller may inspect, with their products (the entry form's pickers). */
export const inspectionSubjectsData = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      products: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type InspectionSubjects = z.infer<typeof inspectionSubjectsData>['list'];

// ---- health ----

/** One figure of the health page: its count and the page where it can be fixed. */
const figure = z.object({ count: z.number().int(), link: z.string() });
export type HealthFigure = z.infer<typeof figure>;

export const CalendarKind = {
  CERTIFICATE: 'certificate',
  AUTHORISATION: 'authorisation',
  LISTING: 'listing',
  RECTIFICATION: 'rectification',
} as const;
export type CalendarKindValue = (typeof CalendarKind)[keyof typeof CalendarKind];
export const calendarKindValues = Object.values(CalendarKind) as [CalendarKindValue, ...CalendarKindValue[]];
export const calendarKindLabels = labels<CalendarKindValue>({
  certificate: { zh: '证书到期', en: 'Certificate expires' },
  authorisation: { zh: '授权到期', en: 'Authorisation expires' },
  listing: { zh: '入库有效期', en: 'Listing validity ends' },
  rectification: { zh: '整改期限', en: 'Rectification deadline' },
});

export const calendarEntry = z.object({
  date: z.string(),
  kind: z.enum(calendarKindValues),
  title: z.string(),
  link: z.string(),
});
export type CalendarEntry = z.infer<typeof calendarEntry>;

export const inspectionHealthData = z.object({
  /** The day the figures are for (Asia/Shanghai). */
  today: z.string(),
  certificates: z.object({
    valid: figure,
    within30: figure,
    within60: figure,
    within90: figure,
    expired: figure,
    revoked: figure,
  }),
  listings: z.object({
    active: figure,
    rejected: figure,
    byCity: z.array(
      z.object({ cityCode: z.string(), cityName: z.string(), active: z.number().int(), rejected: z.number().int() }),
    ),
  }),
  authorisationsExpiring: figure,
  failedSamplings: figure,
  failedSpotChecks: figure,
  openRectifications: figure,
  overdueRectifications: figure,
  productsMissingDocuments: figure,
  productsMissingMass: figure,
  calendar: z.array(calendarEntry),
});
export type InspectionHealth = z.infer<typeof inspectionHealthData>;
