import type { RiskRuleCodeValue } from '@jcbb/contract';
import type { RuleCheck } from './government.risk.finding.ts';
import {
  mandatoryNotGreen,
  optionalCoverageLow,
  progressPaymentLow,
  typedLineContradicts,
} from './government.risk.rules.filing.ts';
import { filingOverdue, witnessShareLow } from './government.risk.rules.project.ts';
import {
  certificateInvalidAtDelivery,
  codeAtTwoSites,
  outsideAuthorisation,
  reportReused,
} from './government.risk.rules.supply.ts';

/**
 * The risk rules' checks (docs/government.md, "Risk rules"): one function per code, each answering what it finds in
 * a scope. A check only reads; the engine (government.risk.engine.ts) turns findings into alerts. A rule's text,
 * severity and parameters are data (`risk_rules`): the check receives the active version's `params`.
 */

/**
 * Every rule's check by code. `projectBound`: the rule's findings belong to a project, so a project's run (after a
 * filing changed) asks it; the others (a supplier's test report) run on the schedule and by hand only.
 */
export const ruleChecks: Record<RiskRuleCodeValue, { check: RuleCheck; projectBound: boolean }> = {
  'GBM-01': { check: certificateInvalidAtDelivery, projectBound: true },
  'GBM-02': { check: outsideAuthorisation, projectBound: true },
  'GBM-03': { check: reportReused, projectBound: false },
  'GBM-04': { check: codeAtTwoSites, projectBound: true },
  'GBM-06A': { check: mandatoryNotGreen, projectBound: true },
  'GBM-06B': { check: optionalCoverageLow, projectBound: true },
  'GBM-08': { check: witnessShareLow, projectBound: true },
  'GBM-11': { check: progressPaymentLow, projectBound: true },
  'GBM-12': { check: filingOverdue, projectBound: true },
  'GBM-16': { check: typedLineContradicts, projectBound: true },
};
