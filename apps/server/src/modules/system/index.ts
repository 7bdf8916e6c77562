/** The system module's public functions: other modules, app.ts, jobs, seed and bench import from here only (docs/architecture.md). */
export { registerSystemRoutes } from './system.routes.ts';
