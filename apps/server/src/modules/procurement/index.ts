/**
 * The procurement module's public functions (docs/architecture.md, "Module boundaries"; docs/procurement.md).
 *
 *   registerProcurementRoutes(app, { db })   every procurement call: policy data, material lists, summaries,
 *                                            sourcing, purchase orders and alternates, the public region calls
 *   procurementShipmentGate                  traceability's ShipmentGate for shipments drafted against a purchase
 *                                            order: the order's lines drawn down under lock when it ships, given back
 *                                            on a void or close (app.ts combines it with distribution's)
 *   createPurchaseOrderService({ db })       orders after creation: send, confirm, decline, cancel, close, ship
 *                                            against (the demo seed acts through it)
 *   createAlternateService({ db })           alternate suppliers of list lines: add, from an inquiry, re-rank,
 *                                            dismiss, switch (the demo seed acts through it)
 *   createMaterialListService({ db })       material lists: save, import, copy, confirm, reopen (the demo seed)
 *   policyOf(tx, edition), placeLine(policy, classifyCode)
 *                                            the demand standard a project follows and where a classification
 *                                            falls in it (the government filing places its lines with them)
 *   createProcurementSourcingServices({ db })   selection (choose, direct purchase), inquiries and quotes as
 *                                            services (a demo seed records through them)
 *   procurementMemberRemovalCheck, PURCHASES_NAME_ORG
 *                                            the project's removal rule (MemberRemovalCheck): the buyer of a published
 *                                            inquiry or a sent order stays; its one refusal
 */
export { createAlternateService } from './procurement.alternate.service.ts';
export { procurementShipmentGate } from './procurement.gate.ts';
export { createMaterialListService } from './procurement.list.service.ts';
export { createPurchaseOrderService } from './procurement.order.service.ts';
export { placeLine, policyOf } from './procurement.policy.ts';
export { PURCHASES_NAME_ORG, procurementMemberRemovalCheck } from './procurement.removal.ts';
export { registerProcurementRoutes } from './procurement.routes.ts';
export { createProcurementSourcingServices } from './procurement.sourcing.routes.ts';
