/**
 * Enterprise inspection's public functions (docs/architecture.md, "Module boundaries"; docs/enterprise-inspection.md).
 *
 *   registerEnterpriseInspectionRoutes(app, { db, files })   every /api/enterpriseInspection/… call
 *   createInspectionService({ db })   health and records as a service (the demo seed enters its records through it)
 */
export { registerEnterpriseInspectionRoutes } from './enterprise-inspection.routes.ts';
export { createInspectionService } from './enterprise-inspection.service.ts';
