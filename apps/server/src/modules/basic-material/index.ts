/**
 * The basic-material module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here
 * only (docs/architecture.md, "Module boundaries").
 */

export { registerBasicMaterialRoutes } from './basic-material.routes.ts';
export { createBasicMaterialService } from './basic-material.service.ts';
export { registerBasicMaterialReviewRoutes } from './basic-material-review.routes.ts';
export { createBasicMaterialReviewService } from './basic-material-review.service.ts';
