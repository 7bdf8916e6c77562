/** The element module's public functions: other modules, app.ts, jobs, seed and bench import from here only (docs/architecture.md). */

export { isOpenedCity } from './element.repository.ts';
export { registerElementRoutes } from './element.routes.ts';
export { createElementService } from './element.service.ts';
export { type CityForm, loadApprovalForm, loadCityForm } from './element-form.ts';
