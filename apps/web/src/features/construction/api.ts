import { constructionEndpoints as api } from '@jcbb/contract/construction.endpoints';
import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { download, mutationOf, upload } from '../../lib/api.ts';

/**
 * The site construction calls (docs/construction.md), on the contract's endpoints (`lib/api.ts`): no URL and no answer
 * type is written here.
 */

// ---- stock import and export (.xlsx): /project/stockImport, /project/stockExport ----

export type ImportPreview = EndpointData<typeof api.importPreview>;
export type ImportRowError = ImportPreview['errors'][number];
export type ImportSampleRow = ImportPreview['sample'][number];
export type ExportKind = EndpointInput<typeof api.exportXlsx>['kind'];

export const stockXlsxApi = {
  /** The import template (.xlsx). */
  template: (projectId: number) => download(api.importTemplate, { projectId }),
  /** Upload a workbook and check it row by row (nothing is written but the upload). */
  preview: (projectId: number, file: File) => upload(api.importPreview, file, { input: { projectId }, silent: true }),
  /** Import a previewed upload: every delivery in one transaction, or nothing. */
  commit: mutationOf(api.importCommit, { silent: true }),
  /** One of the project's exports (.xlsx). */
  exportFile: (projectId: number, kind: ExportKind) => download(api.exportXlsx, { projectId, kind }),
};
