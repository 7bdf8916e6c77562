/**
 * The government module's public functions (docs/architecture.md, "Module boundaries"; docs/government.md).
 *
 *   registerGovernmentRoutes(app, { db, files })   filings, statistics and open data, risk rules and alerts
 *   refreshFilingFacts(tx, filingId)               the statistics' facts of one filing, rewritten in its transaction
 *   rebuildFilingFacts(tx)                         every filing's facts, set-based (after a bulk load: the benchmark)
 *   createFilingService({ db })                    the quarterly filing as a service (the demo seed files through it)
 *   runFilingReminders(db, today?)                 the filing deadline's reminders (jobs/index.ts, hourly)
 *   runRiskSweep(db), RISK_SWEEP_INTERVAL_MS       the risk rules over every city (jobs/index.ts)
 *   runRules(tx, scope, trigger)                   the risk rules over a scope, in the caller's transaction (the demo seed)
 *   createRiskService({ db })                      alerts' workflow and subscriptions as a service (the demo seed acts through it)
 *   governmentMemberRemovalCheck, FILINGS_NAME_ORG the project's removal rule (MemberRemovalCheck): a filer of a sent
 *                                                  filing stays; its one refusal
 */

export { FILING_REMINDER_INTERVAL_MS, runFilingReminders } from './government.filing.reminders.ts';
export { createFilingService } from './government.filing.service.ts';
export { FILINGS_NAME_ORG, governmentMemberRemovalCheck } from './government.removal.ts';
export { RISK_SWEEP_INTERVAL_MS, runRiskSweep, runRules } from './government.risk.engine.ts';
export { createRiskService } from './government.risk.service.ts';
export { registerGovernmentRoutes } from './government.routes.ts';
export { rebuildFilingFacts, refreshFilingFacts } from './government.statistics.facts.ts';
