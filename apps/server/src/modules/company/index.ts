/** The company module's public functions: other modules, app.ts, jobs, seed and bench import from here only (docs/architecture.md). */
export { registerCompanyRoutes } from './company.routes.ts';
export { createCompanyService } from './company.service.ts';
