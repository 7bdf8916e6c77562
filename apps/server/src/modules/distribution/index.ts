/**
 * The distribution module's public functions (docs/architecture.md, "Module boundaries"; docs/distribution.md).
 *
 *   coverageOf(tx, question, { lock })   which authorisation covers each line of a distributor's shipment or
 *                                        contract (product, region, date, project, cap), else the first rule it fails
 *   drawDownItem(tx, itemId, quantity)   adds a shipped quantity to an authorisation item (CHECK: never past its cap)
 */
export {
  type CoverageLine,
  type CoverageQuestion,
  coverageOf,
  drawDownItem,
  type LineCoverage,
} from './distribution.coverage.ts';
