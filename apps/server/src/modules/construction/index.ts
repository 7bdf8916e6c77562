/**
 * The construction module's public functions (docs/architecture.md, "Module boundaries"; docs/construction.md).
 *
 *   registerConstructionRoutes(app, services)   every /api/material/… call of the site
 *   createConstructionServices({ db, receipts, files, baseUrl })
 *                                               the site's services (the demo seed receives and inspects through them);
 *                                               files: the import's upload storage, baseUrl: PUBLIC_BASE_URL (the
 *                                               green ledger's links)
 *   constructionIntake                          traceability's ProjectIntake: a project's receipt becomes a site
 *                                               delivery with its lots quarantined (app.ts passes it to the receipt
 *                                               service)
 *   constructionMemberRemovalCheck             the project's removal rule (MemberRemovalCheck)
 *   failedLotsOnSite(tx, projectId, lotIds)    which lots failed on the site (rejected at inspection, or a failed
 *                                               witnessed retest): procurement's alternate flags
 *   inspectionReadingSubject                    the evidence reader's subject `inspection` (app.ts wires it): a
 *                                               lot's checklist files as read, for the site's readers
 *   inspectionReadingUploads                    the reader's queue source: those files (jobs/reading-sources.ts)
 */
import type { Db } from '../../db/client.ts';
import type { FileService } from '../file/index.ts';
import type { TraceReceiptService } from '../trace/index.ts';
import { createDeliveryService } from './construction.delivery.service.ts';
import { createInspectionService } from './construction.inspection.service.ts';
import { createIssueService } from './construction.issue.service.ts';
import type { ConstructionServices } from './construction.routes.ts';
import { createSampleService } from './construction.sample.service.ts';
import { createSpotCheckService } from './construction.spot-check.service.ts';
import { createSiteStockService } from './construction.stock.service.ts';
import { createXlsxService } from './construction.xlsx.service.ts';

export { failedLotsOnSite } from './construction.failures.ts';
export { constructionIntake } from './construction.intake.ts';
export { inspectionReadingSubject } from './construction.reading.ts';
export { constructionMemberRemovalCheck } from './construction.removal.ts';
export { inspectionReadingUploads } from './construction.repository.ts';
export { registerConstructionRoutes } from './construction.routes.ts';

/** The site's services of record (the demo seed acts through them); the .xlsx exchange is added by the app. */
export function createSiteServices({ db, receipts }: { db: Db; receipts: TraceReceiptService }) {
  return {
    deliveries: createDeliveryService({ db, receipts }),
    inspections: createInspectionService({ db, receipts }),
    stock: createSiteStockService({ db }),
    issues: createIssueService({ db }),
    samples: createSampleService({ db }),
    spotChecks: createSpotCheckService({ db }),
  };
}

export function createConstructionServices({
  db,
  receipts,
  files,
  baseUrl,
}: {
  db: Db;
  receipts: TraceReceiptService;
  files: FileService;
  baseUrl: string;
}): ConstructionServices {
  return { ...createSiteServices({ db, receipts }), xlsx: createXlsxService({ db, files, baseUrl }) };
}
