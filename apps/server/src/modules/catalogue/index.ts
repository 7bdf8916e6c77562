/**
 * The catalogue module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { type AnswerCache, catalogueGeneration, createAnswerCache } from './catalogue.cache.ts';
export { greenInCity, publishedIn } from './catalogue.repository.ts';
export { registerCatalogueRoutes } from './catalogue.routes.ts';
export { createCatalogueService } from './catalogue.service.ts';
