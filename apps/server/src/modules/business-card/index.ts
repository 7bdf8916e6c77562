/**
 * The business card's public functions (docs/architecture.md, "Module boundaries"; docs/business-card.md).
 *
 *   registerBusinessCardRoutes(app, deps)   every /api/card/… call: the editor's and the public page's
 *   createBusinessCardService({ db })       the editor's side as a service (the demo seed makes its cards through it)
 */
export { registerBusinessCardRoutes } from './business-card.routes.ts';
export { createBusinessCardService } from './business-card.service.ts';
