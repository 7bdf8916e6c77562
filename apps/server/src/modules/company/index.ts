/**
 * The company module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { registerCompanyRoutes } from './company.routes.ts';
export { createCompanyService } from './company.service.ts';
