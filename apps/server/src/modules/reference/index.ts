/** The reference module's public functions: other modules, app.ts, jobs, seed and bench import from here only (docs/architecture.md). */
export { divisionPath, findDivision, listClassifications, openedCities } from './reference.repository.ts';
export { registerReferenceRoutes } from './reference.routes.ts';
export { createReferenceService } from './reference.service.ts';
