/**
 * The organization module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { registerOrganizationRoutes } from './organization.routes.ts';
export { createOrganizationService } from './organization.service.ts';
