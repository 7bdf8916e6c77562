/** The product module's public functions: other modules, app.ts, jobs, seed and bench import from here only (docs/architecture.md). */
export { EXPIRY_SWEEP_INTERVAL_MS, runCertificateExpirySweep, sendExpiryNotice } from './certificate-expiry.ts';
/** The product, spec and document rows the revision module applies an accepted change to. */
export * as documentRepository from './document.repository.ts';
export { staleGreenProductIds } from './document.repository.ts';
export {
  changedFacts,
  type DocumentFacts,
  type FactChange,
  type FactGate,
  type NewSpec,
  type ProductFacts,
  type SpecFacts,
} from './product.facts.ts';
export * as productRepository from './product.repository.ts';
export { registerProductRoutes } from './product.routes.ts';
export { recomputeProductTags } from './product-tags.ts';
export * as specRepository from './spec.repository.ts';
