/**
 * The trace module's public functions (docs/architecture.md, "Module boundaries"; docs/traceability.md).
 *
 *   registerTraceRoutes(app, { db })   every /api/track/… and /open/trace/… call
 *   createTraceShipmentService({ db })  shipments as the API makes them (the demo seed ships through it)
 *   createTraceReceiptService({ db })   receipts and returns, likewise
 *   ProjectIntake, ProjectReceipt      the hook a project's receipt calls in its transaction (trace.intake.ts); the
 *                                       construction module implements it, app.ts passes it to the receipt service
 *   ShipmentGate, GateShipment, LineScope
 *                                       the hook shipping calls (trace.shipment.gate.ts): a draft's check per line, the
 *                                       ship transaction, a void or close; distribution and procurement implement it
 *   combineGates(...gates)              several gates as one (app.ts passes distribution's and procurement's)
 *   DeliveryLetters                     the scan page's read of the letters a distributor's delivery was shipped under
 *                                       (trace.letters.ts); distribution implements it, app.ts passes it
 *   textList(values)                    a list of codes or ids as one SQL parameter (trace.sql.ts), for long lists
 *   moveStock(tx, moves)                the stock ledger's one writer (trace.stock.ts), one move or thousands
 *   setSiteCodes, siteCodes             trace codes at a project's site (trace.site.ts)
 *   scanUrl(baseUrl, code)              a code's public trace page, as labels print it (the site's green ledger links it)
 *   evidenceAsOf(tx, productId, date)   a product's evidence on a date (the delivery checklist's pre-check)
 *   traceMemberRemovalCheck(tx, projectId, orgId)
 *                                       the project module's removal check (MemberRemovalCheck): an organisation
 *                                       that traceability names on the project cannot be removed from it (app.ts
 *                                       passes it to createProjectService); MATERIAL_ON_PROJECT its one refusal
 *   regionFullNames(tx, codes)          GB/T 2260 codes to their full names (江苏省南京市鼓楼区), for any module's views
 *   channelOf(orgType)                  the message channel an organisation's console reads (spec §6)
 *   saveShipmentDraft(tx, user, body)   a draft shipment saved in the caller's transaction, as POST shipment/save does
 *                                       (distribution's contractSendProduct drafts one against a sales contract)
 */

// Addresses, lots and codes as users make them (the demo seed, db/seed/demo-trace.ts).
export { createAddressService } from './trace.address.service.ts';
export { createCodeService, scanUrl } from './trace.code.service.ts';
export { evidenceAsOf } from './trace.evidence.ts';
export type { ProjectIntake, ProjectReceipt } from './trace.intake.ts';
export type { DeliveryLetter, DeliveryLetters } from './trace.letters.ts';
export { createLotService } from './trace.lot.service.ts';
export { createTraceReceiptService, type TraceReceiptService } from './trace.receipt.service.ts';
export { traceMemberRemovalCheck } from './trace.removal.ts';
export { registerTraceRoutes } from './trace.routes.ts';
export { combineGates, type GateShipment, type LineScope, type ShipmentGate } from './trace.shipment.gate.ts';
// Distribution (sales contracts): a draft shipment in the caller's transaction; region names for its views; the
// message channel an organisation's console reads.
export { channelOf } from './trace.shipment.messages.ts';
export { regionFullNames } from './trace.shipment.repository.ts';
export { createTraceShipmentService, saveShipmentDraft } from './trace.shipment.service.ts';
export { setSiteCodes, siteCodes } from './trace.site.ts';
export { textList } from './trace.sql.ts';
export { moveStock } from './trace.stock.ts';
