import { constructionEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { DeliveryService } from './construction.delivery.service.ts';
import type { InspectionService } from './construction.inspection.service.ts';
import type { IssueService } from './construction.issue.service.ts';
import type { SiteStockService } from './construction.stock.service.ts';

const tags = ['施工现场 Site construction'];
const { DEVELOPER, SUPERVISION, CONSTRUCTION } = OrgType;
const reads =
  'The project’s developer, its member organisations and the city’s committee may read; anyone else (and an organisation only invited) gets 404.';

export interface ConstructionServices {
  deliveries: DeliveryService;
  inspections: InspectionService;
  stock: SiteStockService;
  issues: IssueService;
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

  // Issue to the works (出库领用) and returns to stock (退库)
  defineRoute(app, api.retrievalCreate, {
    summary: '出库领用 Issue released stock to a team for a use location',
    description:
      'Only the usable (released) stock of each lot: a quarantined or rejected lot is refused per line with the reason, a shortfall on the line’s quantity. Coded stock names its top-level codes (received at the site, their quantities making the line’s), which become installed: the public scan page then warns when one is scanned again. The date may not be in the future. Numbered LY…; never edited or deleted. The construction unit on the project.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: ({ user, body }) => s.issues.create(user, body),
  });
  defineRoute(app, api.retrievalReturn, {
    summary: '退库 Return issued material to stock',
    description:
      'A return document (TK…) against an issue order’s lines, each at most what was issued less what was returned before; coded lines name the codes returned (installed → received again). Back into the usable stock. The construction unit that issued.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: ({ user, body }) => s.issues.returnToStock(user, body),
  });
  defineRoute(app, api.retrievalList, {
    summary: '出库单 The project’s issue orders and returns',
    description: `Newest date first; the keyword matches the number, team, receiver, use location, material, specification or batch. ${reads}`,
    tags,
    handler: ({ user, query }) => s.issues.list(user, query),
  });
  defineRoute(app, api.retrievalDetail, {
    summary: '出库单详情 An issue order with its lines and returns (or a return document)',
    description: `Each line with the inspection that released its lot, what may still be returned and its codes. ${reads}`,
    tags,
    handler: ({ user, query }) => s.issues.detail(user, query.id),
  });
  defineRoute(app, api.retrievalCodes, {
    summary: '可领用追溯码 The codes of a lot the project may issue',
    description: `Top-level codes the project holds as received, less those of a delivery still in quarantine. ${reads}`,
    tags,
    handler: ({ user, query }) => s.issues.codes(user, query),
  });
  defineRoute(app, api.retrievalSearch, {
    summary: '领用记录 Issued lines by material, specification, batch, use location and date',
    description: `Issue lines (returns counted in netQuantity), newest first. location matches building, floor or part. ${reads}`,
    tags,
    handler: ({ user, query }) => s.issues.search(user, query),
  });
  defineRoute(app, api.retrievalSearchAll, {
    summary: '领用汇总 Net quantities issued per material for the same search',
    description: `Issued less returned, per material, specification and unit; no paging. ${reads}`,
    tags,
    handler: ({ user, query }) => s.issues.searchAll(user, query),
  });
}
