/** The file module's public functions: other modules, app.ts, jobs, seed and bench import from here only (docs/architecture.md). */
export { registerFileRoutes } from './file.routes.ts';
export { createFileService, type FileService } from './file.service.ts';
