import { type RiskRuleCodeValue, riskRuleCodeValues } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { Db, Tx } from '../../db/client.ts';
import type { Finding, RuleScope } from './government.risk.finding.ts';
import { tellOpened } from './government.risk.messages.ts';
import * as repo from './government.risk.repository.ts';
import { ruleChecks } from './government.risk.rules.ts';

/**
 * The risk engine (docs/government.md, "Risk rules"): runs the active version of each rule over a scope — every
 * city, one city, or one project — in the caller's transaction, and keeps the alerts in step with what it finds:
 *
 * - a new finding opens an alert (`open`), and tells the organisation asked to explain, the city's committee and
 *   the committee members who follow the project, supplier or product;
 * - a finding still true updates the alert's `last_seen_at` (and its evidence); one that had been found gone and
 *   is back has its `resolved_at` cleared;
 * - an alert whose finding is gone gets `resolved_at` (shown as 问题已消除): it is not closed by the engine, the
 *   committee closes it.
 *
 * One alert not closed per fingerprint (a unique index). A closed alert whose finding still holds keeps that
 * fingerprint quiet (its `last_seen_at` moves on); once the finding is gone it is marked resolved, and a finding
 * that comes back after that opens a new alert. Each run leaves a `risk_runs` row with its counts.
 *
 * An alert's times are the database's transaction time, as its audit rows' are, so its history reads in order.
 */

/** How often the sweep runs over every city (jobs/index.ts). */
export const RISK_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export interface RunScope {
  cityCode?: string;
  projectId?: number;
  codes?: readonly RiskRuleCodeValue[];
}

export interface RunResult {
  runId: number;
  scope: string;
  opened: number;
  stillOpen: number;
  resolved: number;
}

const scopeText = (s: RunScope) =>
  s.projectId !== undefined ? `project:${s.projectId}` : s.cityCode !== undefined ? `city:${s.cityCode}` : 'all';

/** Run the active rules over the scope (a project's run asks only the rules bound to projects). */
export async function runRules(
  tx: Tx,
  scope: RunScope,
  trigger: string,
  options: { today?: string } = {},
): Promise<RunResult> {
  const startedAt = new Date();
  const ruleScope: RuleScope = {
    cityCode: scope.cityCode,
    projectId: scope.projectId,
    today: options.today ?? shanghaiToday(),
  };
  const wanted = (scope.codes ?? riskRuleCodeValues).filter(
    (code) => scope.projectId === undefined || ruleChecks[code].projectBound,
  );
  const rules = (await repo.activeRules(tx)).filter((r) => wanted.includes(r.code as RiskRuleCodeValue));
  const findings = new Map<string, { finding: Finding; rule: repo.ActiveRule }>();
  for (const rule of rules) {
    for (const finding of await ruleChecks[rule.code as RiskRuleCodeValue].check(tx, ruleScope, rule.params)) {
      if (scope.cityCode !== undefined && finding.cityCode !== scope.cityCode) continue;
      if (scope.projectId !== undefined && finding.projectId !== scope.projectId) continue;
      findings.set(finding.fingerprint, { finding, rule });
    }
  }
  const known = await repo.alertsInScope(tx, {
    cityCode: scope.cityCode,
    projectId: scope.projectId,
    codes: rules.map((r) => r.code),
  });
  const byFingerprint = new Map<string, repo.KnownAlert>();
  // A live alert wins over a closed one still holding the fingerprint quiet.
  for (const a of known) {
    const seen = byFingerprint.get(a.fingerprint);
    if (!seen || seen.status === 'closed') byFingerprint.set(a.fingerprint, a);
  }
  let opened = 0;
  let stillOpen = 0;
  for (const [fingerprint, { finding, rule }] of findings) {
    const alert = byFingerprint.get(fingerprint);
    if (alert) {
      await repo.touchAlert(tx, alert.id, finding);
      stillOpen += 1;
      continue;
    }
    const id = await repo.insertAlert(tx, finding, rule);
    if (id === null) continue; // another run opened it a moment ago
    opened += 1;
    await tellOpened(tx, id, finding, rule);
  }
  const gone = known.filter((a) => a.resolvedAt === null && !findings.has(a.fingerprint)).map((a) => a.id);
  await repo.markResolved(tx, gone);
  const result = { opened, stillOpen, resolved: gone.length };
  const runId = await repo.insertRun(tx, { trigger, scope: scopeText(scope), startedAt, ...result });
  return { runId, scope: scopeText(scope), ...result };
}

/**
 * The risk engine's entry on a change (docs/government.md, "Risk rules"): runs the rules that look at one project,
 * in the caller's transaction, after a filing changes.
 */
export async function runRulesForProject(tx: Tx, projectId: number, trigger: string): Promise<void> {
  await runRules(tx, { projectId }, trigger);
}

/** The scheduled sweep over every city (jobs/index.ts), in one transaction. */
export function runRiskSweep(db: Db): Promise<RunResult> {
  return db.transaction((tx) => runRules(tx, {}, 'schedule'));
}
