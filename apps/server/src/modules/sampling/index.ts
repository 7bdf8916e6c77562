/** The sampling module's public functions: other modules, app.ts, jobs, seed and bench import from here only (docs/architecture.md). */
export { registerSamplingRoutes } from './sampling.routes.ts';
export { createSamplingService } from './sampling.service.ts';
