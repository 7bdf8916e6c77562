/**
 * The distribution module's public functions (docs/architecture.md, "Module boundaries"; docs/distribution.md).
 *
 *   coverageOf(tx, question, { lock })   which authorisation covers each line of a distributor's shipment or
 *                                        contract (product, region, date, project, cap), else the first rule it fails
 *   createDistributorConsoleServices({ db })   the distributor's product records and sales contracts as services
 *                                        (the demo seed records through them; their routes: distribution.routes.ts)
 *
 *   Authorisations and letters (d-auth):
 *   registerDistributionRoutes(app, { db, files, config })   every /api/agent/… and /open/authorisation call
 *   createAuthorisationService({ db })   authorisations: drafts, issue (signed, on the ledger), acceptance, suspension,
 *                                        resumption, revocation, renewal (the demo seed issues through it)
 *   runAuthorisationReminders(db, today?)   the reminders job: both parties told 60, 30 and 7 days before the end
 *   distributionMemberRemovalCheck       the project's removal rule (MemberRemovalCheck): a contract past its draft
 *                                        names its buyer on the project
 */
export { createAuthorisationService } from './distribution.authorisation.service.ts';
// ---- the distributor's business card (docs/business-card.md) ----
export { authorisedProducts, distributorLetters } from './distribution.card.ts';
// ---- distributor products, licensed products and sales contracts (d-sales) ----
export { createDistributorConsoleServices } from './distribution.contract.routes.ts';
export { coverageOf } from './distribution.coverage.ts';
// ---- shipping under authorisation (d-gate) ----
/**
 *   distributionShipmentGate           traceability's ShipmentGate: a distributor's shipment covered line by line
 *                                      (coverageOf with lock), caps and contract lines drawn down, what each line
 *                                      relied on kept in shipment_line_authorisations; app.ts passes it to trace
 *   distributionDeliveryLetters        traceability's DeliveryLetters: the letters a delivery was shipped under, for
 *                                      the public scan page; app.ts passes it to trace
 *   (the coverage call POST /api/agent/scope/check is registered by registerDistributionRoutes)
 */
export { distributionShipmentGate } from './distribution.gate.ts';
export { distributionDeliveryLetters } from './distribution.letters.ts';
export { REMINDER_SWEEP_INTERVAL_MS, runAuthorisationReminders } from './distribution.reminders.ts';
export { distributionMemberRemovalCheck } from './distribution.removal.ts';
export { registerDistributionRoutes } from './distribution.routes.ts';
