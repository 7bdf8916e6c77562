import { pageOf } from './envelope.ts';
import {
  alertStatusValues,
  alertSubjectKindValues,
  PERIOD_PATTERN,
  riskRuleCodeValues,
  severityValues,
  subscriptionKindValues,
} from './government.ts';
import {
  blankToUndefined,
  cityCodeField,
  flagFilter,
  optionalId,
  positiveId,
  requiredText,
  takeSkip,
} from './params.ts';
import { uploadIds } from './trace.ts';
import { z } from './zod.ts';

/**
 * Risk rules and alerts (docs/government.md, "Risk rules"): the rules as versioned data, the alerts they raise with
 * their workflow (open → acknowledged → explained → dismissed | confirmed → closed), the runs, and a committee
 * member's subscriptions. The code tables (AlertStatus, Severity, AlertSubjectKind, SubscriptionKind, RiskRuleCode)
 * are in government.ts.
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;

export const ALERT_PAGE_SIZE = 20;
export const EXPLANATION_MAX = 2000;
export const ALERT_REASON_MAX = 500;
export const EXPLANATION_ATTACHMENTS_MAX = 5;

/** What may be done to an alert (its transition table): the detail's buttons. */
export const AlertAction = {
  ACKNOWLEDGE: 'acknowledge',
  EXPLAIN: 'explain',
  DISMISS: 'dismiss',
  CONFIRM: 'confirm',
  CLOSE: 'close',
} as const;
export type AlertActionValue = (typeof AlertAction)[keyof typeof AlertAction];
export const alertActionValues = Object.values(AlertAction) as [AlertActionValue, ...AlertActionValue[]];
export const alertActionLabels = labels<AlertActionValue>({
  acknowledge: { zh: '受理', en: 'Acknowledge' },
  explain: { zh: '提交说明', en: 'Explain' },
  dismiss: { zh: '排除（非问题）', en: 'Dismiss' },
  confirm: { zh: '确认问题', en: 'Confirm the problem' },
  close: { zh: '关闭', en: 'Close' },
});

/** Who the caller is to an alert: the city's committee, the organisation asked to explain, or a reader. */
export const alertSideValues = ['committee', 'organisation', 'reader'] as const;
export type AlertSide = (typeof alertSideValues)[number];

/** What an evidence item names (the page links each to its record's page). */
export const EvidenceKind = {
  PROJECT: 'project',
  FILING: 'filing',
  FILING_LINE: 'filing_line',
  SHIPMENT: 'shipment',
  RECEIPT: 'receipt',
  SITE_DELIVERY: 'site_delivery',
  SITE_INSPECTION: 'site_inspection',
  SAMPLE: 'sample',
  CERTIFICATE: 'certificate',
  PRODUCT: 'product',
  ORGANIZATION: 'organization',
  AUTHORISATION: 'authorisation',
  TRACE_CODE: 'trace_code',
  REPORT: 'report',
} as const;
export type EvidenceKindValue = (typeof EvidenceKind)[keyof typeof EvidenceKind];
export const evidenceKindLabels = labels<EvidenceKindValue>({
  project: { zh: '项目', en: 'Project' },
  filing: { zh: '采购填报', en: 'Filing' },
  filing_line: { zh: '填报明细', en: 'Filing line' },
  shipment: { zh: '发货单', en: 'Shipment' },
  receipt: { zh: '收货单', en: 'Receipt' },
  site_delivery: { zh: '现场到货', en: 'Site delivery' },
  site_inspection: { zh: '进场验收', en: 'Incoming inspection' },
  sample: { zh: '见证取样', en: 'Witnessed sample' },
  certificate: { zh: '绿色建材证书', en: 'Certificate' },
  product: { zh: '产品', en: 'Product' },
  organization: { zh: '单位', en: 'Organisation' },
  authorisation: { zh: '授权书', en: 'Authorisation' },
  trace_code: { zh: '追溯码', en: 'Trace code' },
  report: { zh: '检测报告', en: 'Test report' },
});

// ---- rules ----

export const riskRuleView = z.object({
  code: z.enum(riskRuleCodeValues),
  version: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  legalBasis: z.string(),
  definition: z.string(),
  severity: z.enum(severityValues),
  params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  /** The version in force (one per code); earlier versions stay for the alerts they raised. */
  active: z.boolean(),
  effectiveFrom: z.string(),
});
export type RiskRuleView = z.infer<typeof riskRuleView>;
/** Every version of every rule, by code then newest version first. */
export const riskRulesData = z.object({ list: z.array(riskRuleView) });

// ---- alerts ----

const periodFilter = z.preprocess(
  blankToUndefined,
  z.string({ error: '季度应为文本' }).trim().regex(PERIOD_PATTERN, '季度应为 年-Q季度，如 2026-Q3').optional(),
);

export const alertListQuery = z.object({
  ...takeSkip(ALERT_PAGE_SIZE, 100),
  status: z.preprocess(blankToUndefined, z.enum(alertStatusValues, { error: '请选择正确的预警状态' }).optional()),
  severity: z.preprocess(blankToUndefined, z.enum(severityValues, { error: '请选择正确的风险等级' }).optional()),
  ruleCode: z.preprocess(blankToUndefined, z.enum(riskRuleCodeValues, { error: '预警规则不存在' }).optional()),
  projectId: optionalId('项目'),
  /** Raised in this quarter ('YYYY-Qn'). */
  period: periodFilter,
  /** 待说明: only the alerts the caller's organisation is asked to explain and has not yet (acknowledged ones). */
  awaitingMe: flagFilter('待说明'),
  /** 我的关注: only alerts on the projects, suppliers and products the caller follows. */
  followed: flagFilter('我的关注'),
  /** Also the alerts already closed (default: those not closed). */
  includeClosed: flagFilter('含已关闭'),
});
export type AlertListInput = z.input<typeof alertListQuery>;

export const alertRow = z.object({
  id: z.number().int(),
  ruleCode: z.enum(riskRuleCodeValues),
  ruleVersion: z.number().int(),
  ruleName: z.string(),
  severity: z.enum(severityValues),
  status: z.enum(alertStatusValues),
  subjectKind: z.enum(alertSubjectKindValues),
  subjectLabel: z.string(),
  summary: z.string(),
  cityCode: z.string(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  detectedAt: z.string(),
  lastSeenAt: z.string(),
  /** When a run found the condition gone ("问题已消除"); the alert stays until the committee closes it. */
  resolvedAt: z.string().nullable(),
  /** The caller's organisation is asked to explain it, and may now. */
  awaitingMe: z.boolean(),
});
export type AlertRow = z.infer<typeof alertRow>;
export const alertListData = pageOf(alertRow).extend({
  /** Not closed, by severity, over the same filters (the list's tags). */
  openBySeverity: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
});

export const alertIdQuery = z.object({ id: positiveId('预警编号') });

export const alertEvidenceView = z.object({
  kind: z.string(),
  id: z.string(),
  label: z.string(),
  /** The evidence ledger's leaf where the record has one (a certificate, an event, a sample's report). */
  leafIndex: z.number().int().nullable(),
  detail: z.string().nullable(),
});
export type AlertEvidenceView = z.infer<typeof alertEvidenceView>;

export const alertHistoryItem = z.object({
  action: z.string(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  reason: z.string().nullable(),
  actorName: z.string().nullable(),
  time: z.string(),
});

/** Which of the alert's subjects the caller (a committee member) may follow, and whether it does. */
export const alertFollowView = z.object({
  subjectKind: z.enum(subscriptionKindValues),
  subjectId: z.number().int(),
  label: z.string(),
  /** The caller's subscription, when it follows it. */
  subscriptionId: z.number().int().nullable(),
});

export const alertDetail = alertRow.extend({
  subjectId: z.string(),
  rule: riskRuleView,
  evidence: z.array(alertEvidenceView),
  explanation: z.string().nullable(),
  explainedAt: z.string().nullable(),
  explainedBy: z.string().nullable(),
  attachments: z.array(z.object({ uploadId: z.number().int(), name: z.string() })),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  history: z.array(alertHistoryItem),
  side: z.enum(alertSideValues),
  actions: z.array(z.enum(alertActionValues)),
  follows: z.array(alertFollowView),
});
export type AlertDetail = z.infer<typeof alertDetail>;

export const alertAcknowledgeBody = z.object({
  id: positiveId('预警编号'),
  /** A remark for the organisation (optional). */
  reason: z.preprocess(
    blankToUndefined,
    z
      .string({ error: '备注应为文本' })
      .trim()
      .max(ALERT_REASON_MAX, `备注不能超过 ${ALERT_REASON_MAX} 个字`)
      .optional(),
  ),
});
export const alertExplainBody = z.object({
  id: positiveId('预警编号'),
  explanation: requiredText('情况说明', EXPLANATION_MAX),
  /** Uploads of the organisation's own (photos, reports, letters). */
  attachmentIds: uploadIds('附件', EXPLANATION_ATTACHMENTS_MAX)
    .refine((l) => new Set(l).size === l.length, '附件有重复')
    .default([]),
});
export type AlertExplainInput = z.input<typeof alertExplainBody>;
export const alertReasonBody = z.object({
  id: positiveId('预警编号'),
  reason: requiredText('原因', ALERT_REASON_MAX),
});
export const alertDone = z.object({ id: z.number().int(), status: z.enum(alertStatusValues) });

/** One of an alert's explanation attachments. */
export const alertAttachmentQuery = z.object({ id: positiveId('预警编号'), uploadId: positiveId('附件编号') });

// ---- runs ----

export const riskRunBody = z.object({
  /** The platform operator: one city (empty = every city). A committee always runs its own. */
  cityCode: z.preprocess(blankToUndefined, cityCodeField.optional()),
});
export const riskRunData = z.object({
  runId: z.number().int(),
  scope: z.string(),
  /** New alerts, alerts seen again, alerts whose finding is gone. */
  opened: z.number().int(),
  stillOpen: z.number().int(),
  resolved: z.number().int(),
});
export type RiskRunData = z.infer<typeof riskRunData>;

// ---- subscriptions ----

export const subscriptionView = z.object({
  id: z.number().int(),
  subjectKind: z.enum(subscriptionKindValues),
  subjectId: z.number().int(),
  label: z.string(),
  /** Alerts on the subject not yet closed. */
  openAlerts: z.number().int(),
  createdAt: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;
export const subscriptionListData = z.object({ list: z.array(subscriptionView) });
export const subscriptionSaveBody = z.object({
  subjectKind: z.preprocess(
    blankToUndefined,
    z.enum(subscriptionKindValues, { error: (i) => (i.input === undefined ? '请选择关注对象' : '关注对象不存在') }),
  ),
  subjectId: positiveId('关注对象'),
});
export type SubscriptionSaveInput = z.input<typeof subscriptionSaveBody>;
export const subscriptionIdBody = z.object({ id: positiveId('关注编号') });
