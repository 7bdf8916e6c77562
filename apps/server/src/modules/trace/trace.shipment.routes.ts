import { traceEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { TraceReceiptService } from './trace.receipt.service.ts';
import type { TraceShipmentService } from './trace.shipment.service.ts';

const tags = ['追溯 Traceability'];
const { MANUFACTURER, DISTRIBUTOR, CONSTRUCTION } = OrgType;
const certifiedOnly = 'A certified organisation only (403 企业认证通过后才能使用此功能).';
const visible =
  'A shipment is visible to its shipper and its receiver (the receiving organisation, or every organisation with an accepted membership of the receiving project); a draft to its shipper only. Anyone else gets 404.';

/** Shipments and receipts (docs/traceability.md, "Shipment states", "Receipts"). */
export function registerTraceShipmentRoutes(
  app: FastifyInstance,
  shipments: TraceShipmentService,
  receipts: TraceReceiptService,
) {
  defineRoute(app, api.receiverList, {
    summary: '收货单位 Organisations a shipment may go to',
    description: `Certified distributors and construction units by name, the caller’s own organisation excluded. ${certifiedOnly}`,
    tags,
    orgTypes: [MANUFACTURER, DISTRIBUTOR],
    certified: true,
    handler: ({ user, body }) => shipments.receiverList(user, body),
  });

  defineRoute(app, api.receiverAddresses, {
    summary: '收货地址 The enabled addresses of a receiving organisation',
    description: `Only for an organisation receiverList would offer; any other answers 404. ${certifiedOnly}`,
    tags,
    orgTypes: [MANUFACTURER, DISTRIBUTOR],
    certified: true,
    handler: ({ user, query }) => shipments.receiverAddresses(user, query.orgId),
  });

  defineRoute(app, api.shipmentList, {
    summary: '发货单列表 Shipments out of, or into, the caller’s organisation',
    description:
      'direction out: what the organisation shipped (drafts included); in: what was shipped to it or to a project it has an accepted membership of (never a draft). Newest first; filter by status, project, and a keyword (number, shipper, receiver).',
    tags,
    handler: ({ user, body }) => shipments.list(user, body),
  });

  defineRoute(app, api.shipmentSave, {
    summary: '保存发货单草稿 Save a draft shipment (new, or its lines replaced)',
    description: [
      'Manufacturers and distributors ship from their own usable stock; a construction unit only edits a return drafted by receipt/return.',
      'Lines: the shipper’s own specification and lot (a manufacturer), or a lot it holds stock of; codes of the lot, top level, held by the shipper and in no other open shipment, adding up to the line’s quantity.',
      'A project destination must be one POST /api/track/project/list offers, and each line’s product must be listed in the project’s city.',
      'No stock moves. Field errors answer 40000 with data.fields (lines.N.specId, lines.N.lotId, lines.N.quantity, lines.N.codes, destination.orgId, destination.projectId, fromAddressId, toAddressId).',
      `Anything but a return: ${certifiedOnly}`,
    ].join(' '),
    tags,
    orgTypes: [MANUFACTURER, DISTRIBUTOR, CONSTRUCTION],
    handler: ({ user, body }) => shipments.save(user, body),
  });

  defineRoute(app, api.shipmentDetail, {
    summary: '发货单详情 A shipment with its lines, receipts and ledger events',
    description: `side and actions say what the caller may do; blockers list what keeps a draft from shipping. ${visible}`,
    tags,
    handler: ({ user, params }) => shipments.detail(user, params.id),
  });

  defineRoute(app, api.shipmentShip, {
    summary: '发货 Ship a draft',
    description: `The shipper only; anything but a return: ${certifiedOnly} Takes the goods out of its stock (40000 on lines.N.quantity 库存不足 when short), snapshots each line’s evidence and the transport carbon, puts the codes in transit, records an EPCIS shipping event on the ledger and tells the receiver. A line without evidence is refused for a project in the policy scope. ${visible}`,
    tags,
    handler: ({ user, body }) => shipments.ship(user, body.id),
  });

  defineRoute(app, api.shipmentCancel, {
    summary: '取消草稿 Cancel a draft',
    description: `The shipper only; the draft’s codes are released. ${visible}`,
    tags,
    handler: ({ user, body }) => shipments.cancel(user, body.id, body.reason),
  });

  defineRoute(app, api.shipmentVoid, {
    summary: '作废发货单 Void a shipment nothing of which was received',
    description: `The shipper only, with a reason: the goods and codes go back into its stock, a void_shipping event goes on the ledger, the receiver is told. ${visible}`,
    tags,
    handler: ({ user, body }) => shipments.void(user, body.id, body.reason),
  });

  defineRoute(app, api.shipmentClose, {
    summary: '关闭发货单 Close a shipment with goods still outstanding',
    description: `The shipper or the receiver (a project’s construction unit), with a reason: what is outstanding is cancelled and goes back into the shipper’s stock with its codes; the other side is told. ${visible}`,
    tags,
    handler: ({ user, body }) => shipments.close(user, body.id, body.reason),
  });

  defineRoute(app, api.receiptCreate, {
    summary: '确认收货 Receive goods of a shipment',
    description: [
      'The receiver only (for a project: a construction unit with an accepted membership).',
      'Per line received = accepted + rejected > 0, within what is outstanding (40000 lines.N.received 超过未收数量); a rejection needs its reason.',
      'Coded lines name the codes that arrived (omitted = all still outstanding) and those turned away; quantities must equal the codes’ quantities.',
      'Accepted goods enter the receiver’s usable stock, rejected ones its rejected bucket; EPCIS receiving and inspecting events go on the ledger; the shipper is told at once.',
    ].join(' '),
    tags,
    handler: ({ user, body }) => receipts.create(user, body),
  });

  defineRoute(app, api.receiptDetail, {
    summary: '收货单详情 One receipt',
    description: `Visible to whoever sees its shipment. ${visible}`,
    tags,
    handler: ({ user, params }) => receipts.detail(user, params.id),
  });

  defineRoute(app, api.returnPrefill, {
    summary: '生成退货单 Draft the return of what a receipt rejected',
    description:
      'The receiver only: a draft shipment from its holder (the rejected bucket) back to the shipper, with the rejected quantities and codes. 409 when nothing was rejected or a return of the receipt already exists.',
    tags,
    handler: ({ user, body }) => receipts.returnPrefill(user, body.receiptId),
  });
}
