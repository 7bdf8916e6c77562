import { constructionEndpoints as api, OrgType, ResponseCode } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { AppError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/route.ts';
import type { DeliveryService } from './construction.delivery.service.ts';
import type { InspectionService } from './construction.inspection.service.ts';
import type { SiteStockService } from './construction.stock.service.ts';
import { workbookStream, XLSX_MIME } from './construction.xlsx.export.ts';
import type { XlsxService } from './construction.xlsx.service.ts';

const tags = ['施工现场 Site construction'];
const { DEVELOPER, SUPERVISION, CONSTRUCTION } = OrgType;
const reads =
  'The project’s developer, its member organisations and the city’s committee may read; anyone else (and an organisation only invited) gets 404.';

export interface ConstructionServices {
  deliveries: DeliveryService;
  inspections: InspectionService;
  stock: SiteStockService;
  xlsx: XlsxService;
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

  // Import and export (.xlsx)
  defineRoute(app, api.importTemplate, {
    summary: '导入模板 The stock import’s .xlsx template',
    description:
      'Answers the file itself: the sheet 到货明细 with the columns of an off-platform delivery row and an example row, and the sheet 材料分类代码 listing the product classes. The construction unit on the project.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: async ({ user, query, reply }) => {
      const t = await s.xlsx.template(user, query.projectId);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(t.fileName, { fallback: 'import-template.xlsx' }))
        .header('cache-control', 'no-store')
        .send(t.bytes);
    },
  });
  defineRoute(app, api.importPreview, {
    summary: '导入预览 Check an .xlsx of off-platform deliveries row by row',
    description:
      'Multipart, field "file", signed through the query. Every row checked with the external delivery’s rules; errors by row and column, the first 50 rows as read. Nothing is written but the upload, whose id the commit names. A file that is not an .xlsx workbook, an empty sheet or more than 10 000 rows: 400 on `file`. The construction unit on the project.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: async ({ user, query, request }) => {
      if (!request.isMultipart())
        throw new AppError(ResponseCode.UNSUPPORTED_MEDIA_TYPE, '请以 multipart/form-data 上传文件');
      const part = await request.file();
      if (!part)
        throw new AppError(ResponseCode.INVALID_INPUT, '请选择文件', {
          fields: [{ field: 'file', message: '请选择文件' }],
        });
      return s.xlsx.preview(user, query.projectId, { name: part.filename, bytes: await part.toBuffer() });
    },
  });
  defineRoute(app, api.importCommit, {
    summary: '确认导入 Record a previewed import in one transaction',
    description:
      'The upload (the caller’s organisation’s) is read and checked again; with any error nothing is written (400, a field `rows.<row>.<column>` per error). Rows with the same supplier, credit code, arrival date and delivery note number become one delivery; each line an external lot, quarantined, with its inspection. An upload is imported once (409 again). The construction unit on the project.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: ({ user, body }) => s.xlsx.commit(user, body),
  });
  defineRoute(app, api.exportXlsx, {
    summary: '导出 The project’s stock, deliveries, issues or green-material ledger as .xlsx',
    description: `Answers the file itself. kind: stock (the stock list), deliveries (every lot with its delivery), issues (issue orders and returns, by line), green_ledger (绿色建材进场专项台账: one row per green lot, its evidence on the delivery date, inspection, witnessed sample and a link to its public proof). ${reads}`,
    tags,
    handler: async ({ user, query, reply }) => {
      const sheet = await s.xlsx.exportSheet(user, query);
      reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(sheet.fileName, { fallback: sheet.fallback }))
        .header('cache-control', 'no-store');
      return reply.send(workbookStream(sheet));
    },
  });
}
