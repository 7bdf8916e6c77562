/**
 * The procurement module's public functions (docs/architecture.md, "Module boundaries"; docs/procurement.md).
 *
 *   registerProcurementRoutes(app, { db })   every procurement call: policy data, material lists, summaries,
 *                                            sourcing, purchase orders and alternates, the public region calls
 */
export { registerProcurementRoutes } from './procurement.routes.ts';
