/**
 * The distribution module's public functions (docs/architecture.md, "Module boundaries"; docs/distribution.md).
 *
 *   coverageOf(tx, question, { lock })   which authorisation covers each line of a distributor's shipment or
 *                                        contract (product, region, date, project, cap), else the first rule it fails
 *   drawDownItem(tx, itemId, quantity)   adds a shipped quantity to an authorisation item (CHECK: never past its cap)
 *   createDistributorConsoleServices({ db })   the distributor's product records and sales contracts as services
 *                                        (the demo seed records through them; their routes: distribution.routes.ts)
 *
 *   Authorisations and letters (d-auth):
 *   registerDistributionRoutes(app, { db, files, config })   every /api/agent/… and /open/authorisation call
 *   createAuthorisationService({ db })   authorisations: drafts, issue (signed, on the ledger), acceptance, suspension,
 *                                        resumption, revocation, renewal (the demo seed issues through it)
 *   runAuthorisationReminders(db, today?)   the reminders job: both parties told 60, 30 and 7 days before the end
 */

// ---- authorisations and letters (d-auth) ----
export { type AuthorisationService, createAuthorisationService } from './distribution.authorisation.service.ts';
// ---- distributor products, licensed products and sales contracts (d-sales) ----
export { createDistributorConsoleServices } from './distribution.contract.routes.ts';
export {
  type CoverageLine,
  type CoverageQuestion,
  coverageOf,
  drawDownItem,
  type LineCoverage,
} from './distribution.coverage.ts';
export { REMINDER_SWEEP_INTERVAL_MS, runAuthorisationReminders } from './distribution.reminders.ts';
export { registerDistributionRoutes } from './distribution.routes.ts';
