/** The home module's public functions (docs/architecture.md, "Module boundaries"). */
export { registerHomeRoutes } from './home.routes.ts';
export { createHomeService } from './home.service.ts';
