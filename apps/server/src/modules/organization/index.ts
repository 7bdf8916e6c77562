/** The organization module's public functions: other modules, app.ts, jobs, seed and bench import from here only (docs/architecture.md). */
export { registerOrganizationRoutes } from './organization.routes.ts';
export { createOrganizationService } from './organization.service.ts';
