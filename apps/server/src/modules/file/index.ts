/**
 * The file module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { registerFileRoutes } from './file.routes.ts';
export { createFileService, type FileService } from './file.service.ts';
export { ownedUploads, storedUpload, uploadNames } from './file.uploads.ts';
