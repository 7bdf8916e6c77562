import { endpoint } from './endpoint.ts';
import {
  inspectionHealthData,
  inspectionRecordCloseBody,
  inspectionRecordCreateBody,
  inspectionRecordDetail,
  inspectionRecordDone,
  inspectionRecordFileQuery,
  inspectionRecordIdParams,
  inspectionRecordListData,
  inspectionRecordListQuery,
  inspectionRecordReopenBody,
  inspectionRecordSubmitBody,
  inspectionSubjectsData,
} from './enterprise-inspection.ts';

const BASE = '/api/enterpriseInspection';

/**
 * Enterprise inspection (spec §2 names the screen /enterpriseInspection/info only, so the paths are ours): the
 * caller's health and calendar, and the inspection records with their rectification steps.
 */
export const enterpriseInspectionEndpoints = {
  /** The caller's organisation's compliance health and calendar of expiries, computed now. */
  health: endpoint({ method: 'GET', path: `${BASE}/health`, response: inspectionHealthData }),
  /** The organisations the caller may inspect (a certification body's holders, a committee's city's suppliers). */
  subjects: endpoint({ method: 'GET', path: `${BASE}/subjects`, response: inspectionSubjectsData }),
  /** Records the caller may see: its own organisation's, or those it entered. */
  list: endpoint({
    method: 'GET',
    path: `${BASE}/records`,
    query: inspectionRecordListQuery,
    response: inspectionRecordListData,
  }),
  create: endpoint({
    method: 'POST',
    path: `${BASE}/records`,
    body: inspectionRecordCreateBody,
    response: inspectionRecordDone,
  }),
  detail: endpoint({
    method: 'GET',
    path: `${BASE}/records/{id}`,
    params: inspectionRecordIdParams,
    response: inspectionRecordDetail,
  }),
  /** One of a record's files (evidence or rectification material). */
  file: endpoint({ method: 'GET', path: `${BASE}/file`, query: inspectionRecordFileQuery }),
  submit: endpoint({
    method: 'POST',
    path: `${BASE}/records/{id}/rectification`,
    params: inspectionRecordIdParams,
    body: inspectionRecordSubmitBody,
    response: inspectionRecordDone,
  }),
  close: endpoint({
    method: 'POST',
    path: `${BASE}/records/{id}/close`,
    params: inspectionRecordIdParams,
    body: inspectionRecordCloseBody,
    response: inspectionRecordDone,
  }),
  reopen: endpoint({
    method: 'POST',
    path: `${BASE}/records/{id}/reopen`,
    params: inspectionRecordIdParams,
    body: inspectionRecordReopenBody,
    response: inspectionRecordDone,
  }),
};
