import { endpoint } from './endpoint.ts';
import {
  materialListConfirmBody,
  materialListCopyBody,
  materialListCopySourcesData,
  materialListData,
  materialListImportCommitBody,
  materialListImportPreviewData,
  materialListImportQuery,
  materialListQuery,
  materialListReopenBody,
  materialListSaveBody,
  materialListVersionData,
  materialListVersionQuery,
} from './procurement-list.ts';

const L = '/api/procurement/materials-list';

/**
 * Procurement's list calls (docs/procurement.md, "Material lists"): a project's material list for its developer and
 * the construction units that joined it; procurement.endpoints.ts joins them.
 */
export const materialListEndpoints = {
  /** The list with each line's kind and green-as-planned, the compliance, versions (an empty draft before any save). */
  materialList: endpoint({ method: 'GET', path: L, query: materialListQuery, response: materialListData }),
  materialListSave: endpoint({
    method: 'POST',
    path: `${L}/save`,
    body: materialListSaveBody,
    response: materialListData,
  }),
  materialListConfirm: endpoint({
    method: 'POST',
    path: `${L}/confirm`,
    body: materialListConfirmBody,
    response: materialListData,
  }),
  materialListReopen: endpoint({
    method: 'POST',
    path: `${L}/reopen`,
    body: materialListReopenBody,
    response: materialListData,
  }),
  materialListVersion: endpoint({
    method: 'GET',
    path: `${L}/version`,
    query: materialListVersionQuery,
    response: materialListVersionData,
  }),
  /** The import's .xlsx template (answers the file). */
  materialListImportTemplate: endpoint({ method: 'GET', path: `${L}/import/template`, query: materialListImportQuery }),
  materialListImportPreview: endpoint({
    method: 'POST',
    path: `${L}/import/preview`,
    query: materialListImportQuery,
    upload: true,
    response: materialListImportPreviewData,
  }),
  materialListImportCommit: endpoint({
    method: 'POST',
    path: `${L}/import/commit`,
    body: materialListImportCommitBody,
    response: materialListData,
  }),
  materialListCopySources: endpoint({
    method: 'GET',
    path: `${L}/copy/sources`,
    query: materialListQuery,
    response: materialListCopySourcesData,
  }),
  materialListCopy: endpoint({
    method: 'POST',
    path: `${L}/copy`,
    body: materialListCopyBody,
    response: materialListData,
  }),
};
