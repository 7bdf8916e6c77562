/**
 * The element module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */

export { isOpenedCity } from './element.repository.ts';
export { registerElementRoutes } from './element.routes.ts';
export { createElementService } from './element.service.ts';
export { type CityForm, loadApprovalForm, loadCityForm } from './element-form.ts';
