/**
 * The product module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { EXPIRY_SWEEP_INTERVAL_MS, runCertificateExpirySweep, sendExpiryNotice } from './certificate-expiry.ts';
// The rows an accepted revision changes (the revision module applies it in its transaction).
export {
  deleteDocument,
  documentsOfProduct,
  findOwnDocument,
  insertDocument,
  staleGreenProductIds,
} from './document.repository.ts';
export {
  changedFacts,
  type DocumentFacts,
  type FactChange,
  type FactGate,
  type NewSpec,
  type ProductFacts,
  type SpecFacts,
} from './product.facts.ts';
export { findOwnProduct, updateProduct } from './product.repository.ts';
export { registerProductRoutes } from './product.routes.ts';
export { deriveProductTags, isValidGreenCertificate, recomputeProductTags } from './product-tags.ts';
export { deleteSpec, findOwnSpec, insertSpec, updateSpec } from './spec.repository.ts';
