import type {
  AlertDetail,
  AlertRow,
  AlertSide,
  AlertStatusValue,
  AlertSubjectKindValue,
  RiskRuleCodeValue,
  RiskRuleView,
  SeverityValue,
} from '@jcbb/contract';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import type { riskRules } from '../../db/schema/index.ts';
import type { AuditRow } from '../../lib/audit.ts';
import type { ListedAlert } from './government.risk.repository.ts';
import { alertActions } from './government.risk.transitions.ts';

/** Rows into the contract's answers (docs/government.md, "Risk rules"). */

export function ruleView(r: typeof riskRules.$inferSelect): RiskRuleView {
  return {
    code: r.code as RiskRuleCodeValue,
    version: r.version,
    name: r.name,
    nameEn: r.nameEn,
    legalBasis: r.legalBasis,
    definition: r.definition,
    severity: r.severity as SeverityValue,
    params: r.params,
    active: r.active,
    effectiveFrom: r.effectiveFrom,
  };
}

export function alertRowView(row: ListedAlert, callerOrgId: number | null): AlertRow {
  const a = row.alert;
  return {
    id: a.id,
    ruleCode: a.ruleCode as RiskRuleCodeValue,
    ruleVersion: a.ruleVersion,
    ruleName: row.ruleName ?? a.ruleCode,
    severity: a.severity as SeverityValue,
    status: a.status as AlertStatusValue,
    subjectKind: a.subjectKind as AlertSubjectKindValue,
    subjectLabel: a.subjectLabel,
    summary: a.summary,
    cityCode: a.cityCode,
    projectId: a.projectId,
    projectName: row.projectName,
    orgId: a.orgId,
    orgName: row.orgName,
    detectedAt: formatShanghaiTime(a.detectedAt),
    lastSeenAt: formatShanghaiTime(a.lastSeenAt),
    resolvedAt: formatOptionalShanghaiTime(a.resolvedAt),
    awaitingMe: callerOrgId !== null && a.orgId === callerOrgId && a.status === 'acknowledged',
  };
}

/** The alert's history: its detection, each audited step, and the run that found the condition gone. */
function historyOf(a: ListedAlert['alert'], audit: AuditRow[]): AlertDetail['history'] {
  const steps = audit.map(({ log, actorName }) => ({
    action: log.action,
    fromState: log.fromState,
    toState: log.toState,
    // An explanation is shown in full on its own: its step names it without repeating it.
    reason: log.action === 'explain' ? null : log.reason,
    actorName,
    time: formatShanghaiTime(log.createdAt),
    at: log.createdAt.getTime(),
  }));
  const system = (action: string, at: Date, toState: string | null) => ({
    action,
    fromState: null,
    toState,
    reason: null,
    actorName: null,
    time: formatShanghaiTime(at),
    at: at.getTime(),
  });
  // Detection first (a step recorded in the same transaction as the run may carry an earlier clock), then the rest
  // in time order.
  return [
    system('detect', a.detectedAt, 'open'),
    ...[...steps, ...(a.resolvedAt ? [system('resolve', a.resolvedAt, null)] : [])].sort((x, y) => x.at - y.at),
  ].map(({ at: _, ...h }) => h);
}

export interface DetailParts {
  row: ListedAlert;
  rule: RiskRuleView;
  side: AlertSide;
  callerOrgId: number | null;
  audit: AuditRow[];
  names: Map<number, string>;
  attachments: AlertDetail['attachments'];
  follows: AlertDetail['follows'];
}

export function alertDetailView(p: DetailParts): AlertDetail {
  const a = p.row.alert;
  const name = (id: number | null) => (id === null ? null : (p.names.get(id) ?? null));
  return {
    ...alertRowView(p.row, p.callerOrgId),
    subjectId: a.subjectId,
    rule: p.rule,
    evidence: a.evidence.map((e) => ({
      kind: e.kind,
      id: e.id,
      label: e.label,
      leafIndex: e.leafIndex ?? null,
      detail: e.detail ?? null,
    })),
    explanation: a.explanation,
    explainedAt: formatOptionalShanghaiTime(a.explainedAt),
    explainedBy: name(a.explainedBy),
    attachments: p.attachments,
    decisionReason: a.decisionReason,
    decidedAt: formatOptionalShanghaiTime(a.decidedAt),
    decidedBy: name(a.decidedBy),
    history: historyOf(a, p.audit),
    side: p.side,
    actions: alertActions(p.side, a.status as AlertStatusValue),
    follows: p.follows,
  };
}
