/**
 * The enterprise disk's public functions (docs/architecture.md, "Module boundaries"; docs/disk.md).
 *
 *   registerDiskRoutes(app, deps)   every /api/disk/… call: folders, files, versions, the ledger click, share links
 *                                   and their landing calls
 *   createDiskService({ db })       folders and files as a service (the demo seed adds through it)
 *   createDiskShareService(deps)    share links (the demo seed makes its link through it)
 */
export { registerDiskRoutes } from './disk.routes.ts';
export { createDiskService } from './disk.service.ts';
export { createDiskShareService } from './disk.share.service.ts';
