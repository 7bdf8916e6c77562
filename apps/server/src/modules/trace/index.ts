/**
 * The trace module's public functions (docs/architecture.md, "Module boundaries"; docs/traceability.md).
 *
 *   registerTraceRoutes(app, { db })   every /api/track/… and /open/trace/… call
 *   createTraceShipmentService({ db })  shipments as the API makes them (the demo seed ships through it)
 *   createTraceReceiptService({ db })   receipts and returns, likewise
 */

// Addresses, lots and codes as users make them (the demo seed, db/seed/demo-trace.ts).
export { createAddressService } from './trace.address.service.ts';
export { createCodeService } from './trace.code.service.ts';
export { createLotService } from './trace.lot.service.ts';
export { createTraceReceiptService } from './trace.receipt.service.ts';
export { registerTraceRoutes } from './trace.routes.ts';
export { createTraceShipmentService } from './trace.shipment.service.ts';
