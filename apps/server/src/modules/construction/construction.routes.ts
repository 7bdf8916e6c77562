import { constructionEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { DeliveryService } from './construction.delivery.service.ts';
import type { InspectionService } from './construction.inspection.service.ts';
import type { SiteStockService } from './construction.stock.service.ts';

const tags = ['施工现场 Site construction'];
const { DEVELOPER, SUPERVISION, CONSTRUCTION } = OrgType;
const reads =
  'The project’s developer, its member organisations and the city’s committee may read; anyone else (and an organisation only invited) gets 404.';

export interface ConstructionServices {
  deliveries: DeliveryService;
  inspections: InspectionService;
  stock: SiteStockService;
}

/** Site construction (docs/construction.md). */
export function registerConstructionRoutes(app: FastifyInstance, s: ConstructionServices) {
  // Deliveries
  defineRoute(app, api.expectedList, {
    summary: '待收货 Shipments on their way to the project',
    description: reads,
    tags,
    handler: ({ user, body }) => s.deliveries.expected(user, body),
  });
  defineRoute(app, api.deliveryList, {
    summary: '到货记录 The project’s deliveries',
    description: `Platform receipts and deliveries from suppliers off the platform, newest arrival first. ${reads}`,
    tags,
    handler: ({ user, body }) => s.deliveries.list(user, body),
  });
  defineRoute(app, api.deliveryDetail, {
    summary: '到货详情 A delivery with its papers and its lots’ inspections',
    description: reads,
    tags,
    handler: ({ user, query }) => s.deliveries.detail(user, query.id),
  });
  defineRoute(app, api.deliveryReceive, {
    summary: '现场收货 Receive a platform shipment at the site',
    description:
      'The traceability receipt of a shipment to the project, with the delivery note, invoice and where each lot is used and stored. The accepted goods enter the project’s quarantined stock, one inspection per lot. The construction unit on the project.',
    tags,
    orgTypes: [CONSTRUCTION],
    certified: true,
    handler: ({ user, body }) => s.deliveries.receive(user, body),
  });
  defineRoute(app, api.deliveryExternal, {
    summary: '平台外到货 Record a delivery from a supplier outside the platform',
    description:
      'Supplier name and unified social credit code, and each material described (classification, name, specification, unit, batch). Each line becomes an external lot in the project’s quarantined stock. The construction unit on the project.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: ({ user, body }) => s.deliveries.external(user, body),
  });
  defineRoute(app, api.deliveryPapers, {
    summary: '补充单据 Add or correct a delivery’s papers',
    description: 'Delivery note and invoice numbers and files. The construction unit that received.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: ({ user, body }) => s.deliveries.papers(user, body),
  });

  // Inspection
  defineRoute(app, api.inspectionList, {
    summary: '进场验收 The project’s delivered lots and their inspection',
    description: reads,
    tags,
    handler: ({ user, body }) => s.inspections.list(user, body),
  });
  defineRoute(app, api.inspectionDetail, {
    summary: '验收详情 A lot’s inspection, with its document checklist',
    description: `The documents the material’s category requires (reference data), what the platform knows of each (the certificate’s validity on the delivery date, the maker’s quality documents), the verdict and who gave it. ${reads}`,
    tags,
    handler: ({ user, query }) => s.inspections.detail(user, query.id),
  });
  defineRoute(app, api.inspectionDecide, {
    summary: '提交验收 The inspector’s checklist and verdict (材料进场报验)',
    description:
      'The construction unit’s inspector (or its project leader). A missing required document allows only a failure; a material that requires a witnessed retest cannot pass before it. The supervisor confirms.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: ({ user, body }) => s.inspections.submit(user, body),
  });
  defineRoute(app, api.inspectionConfirm, {
    summary: '监理确认 The supervisor approves the verdict, or sends it back',
    description:
      'The supervision unit on the project (the developer where there is none). Approval moves the stock: released or by concession into usable, failed into rejected, held for a retest stays quarantined.',
    tags,
    orgTypes: [SUPERVISION, DEVELOPER],
    handler: ({ user, body }) => s.inspections.confirm(user, body),
  });
  defineRoute(app, api.inspectionDispose, {
    summary: '不合格品处置 Rejected goods returned or destroyed',
    description: 'The construction unit that received. Takes the lot’s quantity out of the rejected stock.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: ({ user, body }) => s.inspections.dispose(user, body),
  });

  // Stock
  defineRoute(app, api.stockList, {
    summary: '项目库存 The project’s stock by lot, with each lot’s state at the site',
    description: `Quarantined, usable and rejected balances, what was issued (net of returns) and why a lot cannot be issued. ${reads}`,
    tags,
    handler: ({ user, body }) => s.stock.list(user, body),
  });
  defineRoute(app, api.stockPutDetail, {
    summary: '出入库明细 One lot’s moves in the project’s stock',
    description: reads,
    tags,
    handler: ({ user, body }) => s.stock.putDetail(user, body),
  });
}
