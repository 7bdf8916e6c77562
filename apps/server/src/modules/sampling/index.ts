/**
 * The sampling module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { registerSamplingRoutes } from './sampling.routes.ts';
export { createSamplingService } from './sampling.service.ts';
