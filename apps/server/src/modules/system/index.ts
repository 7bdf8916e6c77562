/**
 * The system module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { registerSystemRoutes } from './system.routes.ts';
