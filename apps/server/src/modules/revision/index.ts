/** The revision module's public face: other modules and app.ts import from here only. */

export { revisionReadingUploads } from './revision.repository.ts';
export { registerRevisionRoutes } from './revision.routes.ts';
export { createRevisionService } from './revision.service.ts';
