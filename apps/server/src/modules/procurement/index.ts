/**
 * The procurement module's public functions (docs/architecture.md, "Module boundaries"; docs/procurement.md).
 *
 *   registerProcurementRoutes(app, { db })   every procurement call: policy data, material lists, summaries,
 *                                            sourcing, purchase orders and alternates, the public region calls
 *   createProcurementSourcingServices({ db })   selection (choose, direct purchase), inquiries and quotes as
 *                                            services (a demo seed records through them)
 */
export { registerProcurementRoutes } from './procurement.routes.ts';
export { createProcurementSourcingServices } from './procurement.sourcing.routes.ts';
