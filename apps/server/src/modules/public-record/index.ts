/**
 * The public-record module's public functions (docs/public-pages.md): app.ts imports from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { registerPublicRecordRoutes } from './public-record.routes.ts';
