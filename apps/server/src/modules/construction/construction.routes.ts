import { constructionEndpoints as api, OrgType, ResponseCode } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { AppError } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import type { FileService } from '../file/index.ts';
import type { DeliveryService } from './construction.delivery.service.ts';
import type { InspectionService } from './construction.inspection.service.ts';
import type { IssueService } from './construction.issue.service.ts';
import type { SampleService } from './construction.sample.service.ts';
import type { SpotCheckService } from './construction.spot-check.service.ts';
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
  issues: IssueService;
  samples: SampleService;
  spotChecks: SpotCheckService;
  xlsx: XlsxService;
}

/**
 * Site construction (docs/construction.md). `files` opens the stored uploads the site's readers may see (a delivery's
 * papers, a sample's report, a spot check's report), whichever organisation uploaded them.
 */
export function registerConstructionRoutes(
  app: FastifyInstance,
  s: ConstructionServices,
  { files }: { files: Pick<FileService, 'open'> },
) {
  const open = (sha256: string) => files.open(sha256);
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

  defineRoute(app, api.deliveryFile, {
    summary: '到货单据文件 A delivery’s file: delivery note, invoice, a checklist scan or photo',
    description: `One of the delivery’s papers or of its lots’ inspection files, whichever organisation uploaded it (404 for any other). ${reads}`,
    tags,
    handler: async ({ user, query, reply }) =>
      sendStoredFile(reply, await s.deliveries.file(user, query.id, query.uploadId), open),
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
  defineRoute(app, api.inspectionChecks, {
    summary: '保存清单 The inspector saves the checklist before the verdict',
    description:
      'The construction unit’s inspector (or its project leader), where it may submit (409 otherwise): the documents found and their scans (the unit’s uploads) are kept, the state does not move. The scans are then read (docs/evidence-reading.md, subject inspection), so the inspector sees what they say before deciding.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: ({ user, body }) => s.inspections.saveChecks(user, body),
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

  registerSampleRoutes(app, s.samples, open);
  registerSpotCheckRoutes(app, s.spotChecks, open);
}

type FileOpener = (sha256: string) => ReturnType<FileService['open']>;

const witnessing =
  'A witness: a person of the developer or the supervision unit named witness (见证人) or leader on the project (403 for anyone else on it, and for a witness of another organisation than the one that recorded the sample).';

/** Witness sampling (见证取样). */
function registerSampleRoutes(app: FastifyInstance, samples: SampleService, open: FileOpener) {
  defineRoute(app, api.sampleList, {
    summary: '见证取样 The project’s witnessed samples',
    description: `Newest sampling date first, optionally by state. ${reads}`,
    tags,
    handler: ({ user, body }) => samples.list(user, body),
  });
  defineRoute(app, api.sampleDetail, {
    summary: '样品详情 A witnessed sample, its report and what the caller may do',
    description: `The report’s file is on the evidence ledger (reportLeafIndex). ${reads}`,
    tags,
    handler: ({ user, query }) => samples.detail(user, query.id),
  });
  defineRoute(app, api.sampleCreate, {
    summary: '见证取样记录 Record a sample taken in the witness’s presence',
    description: `Of a lot whose incoming inspection the supervisor confirmed: held for its retest, or released (a later retest); a lot awaiting inspection or confirmation answers 409. The quantity represented is at most the lot’s; the date neither in the future nor before the delivery. ${witnessing}`,
    tags,
    orgTypes: [DEVELOPER, SUPERVISION],
    handler: ({ user, body }) => samples.create(user, body),
  });
  defineRoute(app, api.sampleSend, {
    summary: '送检 The sealed sample went to the laboratory',
    description: `From sampled only (409 otherwise); not before the sampling date. ${witnessing}`,
    tags,
    orgTypes: [DEVELOPER, SUPERVISION],
    handler: ({ user, body }) => samples.send(user, body),
  });
  defineRoute(app, api.sampleReport, {
    summary: '检测报告 The laboratory’s report: the lot is released or rejected',
    description: `From sent only (409 otherwise); not before the sending date. The report file (an upload of the witness’s organisation) goes on the evidence ledger. When every sample of a lot held for its retest has passed, the lot is released (quarantined → usable); a failure rejects it and tells the construction unit, the maker, the certification body of a platform certificate and the city’s committee. ${witnessing}`,
    tags,
    orgTypes: [DEVELOPER, SUPERVISION],
    certified: true,
    handler: ({ user, body }) => samples.report(user, body),
  });
  defineRoute(app, api.witnessRatio, {
    summary: '见证比例 Per material: lots due for a witnessed retest, lots witnessed, the share (goal 30 %)',
    description: `Lots of materials whose category requires a witnessed retest, past their incoming inspection, not turned away without a sample. ${reads}`,
    tags,
    handler: ({ user, query }) => samples.ratio(user, query.projectId),
  });
  defineRoute(app, api.sampleFile, {
    summary: '样品文件 A sample’s report or sealing photo',
    description: `One of the sample’s files (404 for any other). ${reads}`,
    tags,
    handler: async ({ user, query, reply }) =>
      sendStoredFile(reply, await samples.file(user, query.id, query.uploadId), open),
  });
}

/** Spot checks (平行检验, 巡视抽检, 监督抽检). */
function registerSpotCheckRoutes(app: FastifyInstance, checks: SpotCheckService, open: FileOpener) {
  defineRoute(app, api.spotCheckList, {
    summary: '监理抽检 The project’s spot checks',
    description: `Newest check first, optionally by state; overdue = past the rectification deadline and not closed. ${reads}`,
    tags,
    handler: ({ user, body }) => checks.list(user, body),
  });
  defineRoute(app, api.spotCheckDetail, {
    summary: '抽检详情 A spot check, its items, report, rectification and what the caller may do',
    description: reads,
    tags,
    handler: ({ user, query }) => checks.detail(user, query.id),
  });
  defineRoute(app, api.spotCheckCreate, {
    summary: '记录抽检 The supervisor records a spot check',
    description:
      'The supervision unit on the project (the developer where there is none). A failed item makes the check fail: a rectification deadline is required and the construction unit is told. A check of a platform lot is also the maker’s sampling record (产品抽检), and the maker is told of a failure.',
    tags,
    orgTypes: [SUPERVISION, DEVELOPER],
    certified: true,
    handler: ({ user, body }) => checks.create(user, body),
  });
  defineRoute(app, api.spotCheckRectify, {
    summary: '报告整改 The construction unit reports its rectification',
    description:
      'The construction unit on the project (the one that received the lot checked). Under rectification only (409 otherwise); may be reported again. The supervisor is told.',
    tags,
    orgTypes: [CONSTRUCTION],
    handler: ({ user, body }) => checks.rectify(user, body),
  });
  defineRoute(app, api.spotCheckClose, {
    summary: '闭合 The supervisor closes a rectified check',
    description:
      'The organisation that recorded the check. Under rectification with the rectification reported only (409 otherwise). The construction unit is told.',
    tags,
    orgTypes: [SUPERVISION, DEVELOPER],
    handler: ({ user, body }) => checks.close(user, body),
  });
  defineRoute(app, api.spotCheckFile, {
    summary: '抽检报告 A spot check’s report file',
    description: `404 when the check has none. ${reads}`,
    tags,
    handler: async ({ user, query, reply }) => sendStoredFile(reply, await checks.file(user, query.id), open),
  });
}
