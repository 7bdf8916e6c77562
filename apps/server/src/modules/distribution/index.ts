/**
 * The distribution module's public functions (docs/architecture.md, "Module boundaries"; docs/distribution.md).
 *
 *   coverageOf(tx, question, { lock })   which authorisation covers each line of a distributor's shipment or
 *                                        contract (product, region, date, project, cap), else the first rule it fails
 *   drawDownItem(tx, itemId, quantity)   adds a shipped quantity to an authorisation item (CHECK: never past its cap)
 *   registerDistributorConsoleRoutes(app, { db })   the distributor's product records, licensed products, sales
 *                                        contracts and shipping against them
 *   createDistributorConsoleServices({ db })        the same as services (the demo seed records through them)
 */

// ---- distributor products, licensed products and sales contracts ----
export {
  createDistributorConsoleServices,
  registerDistributorConsoleRoutes,
} from './distribution.contract.routes.ts';
export {
  type CoverageLine,
  type CoverageQuestion,
  coverageOf,
  drawDownItem,
  type LineCoverage,
} from './distribution.coverage.ts';
