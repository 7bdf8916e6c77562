/**
 * The reference module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { divisionPath, findDivision, listClassifications, openedCities } from './reference.repository.ts';
export { registerReferenceRoutes } from './reference.routes.ts';
export { createReferenceService } from './reference.service.ts';
