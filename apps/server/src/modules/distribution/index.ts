/**
 * The distribution module's public functions (docs/architecture.md, "Module boundaries"; docs/distribution.md).
 *
 *   coverageOf(tx, question, { lock })   which authorisation covers each line of a distributor's shipment or
 *                                        contract (product, region, date, project, cap), else the first rule it fails
 *                                        (the gate draws caps down itself, distribution.gate.ts)
 */
export { coverageOf } from './distribution.coverage.ts';

// ---- shipping under authorisation (d-gate) ----
/**
 *   distributionShipmentGate           traceability's ShipmentGate: a distributor's shipment covered line by line
 *                                      (coverageOf with lock), caps and contract lines drawn down, what each line
 *                                      relied on kept in shipment_line_authorisations; app.ts passes it to trace
 *   distributionDeliveryLetters        traceability's DeliveryLetters: the letters a delivery was shipped under, for
 *                                      the public scan page; app.ts passes it to trace
 *   registerDistributionScopeRoutes(app, createScopeService({ db }))   the coverage call POST /api/agent/scope/check
 */
export { distributionShipmentGate } from './distribution.gate.ts';
export { distributionDeliveryLetters } from './distribution.letters.ts';
export { registerDistributionScopeRoutes } from './distribution.scope.routes.ts';
export { createScopeService } from './distribution.scope.service.ts';
