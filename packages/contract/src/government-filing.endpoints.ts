import { type EndpointDef, endpoint } from './endpoint.ts';
import {
  filingClosedData,
  filingClosePeriodBody,
  filingDetail,
  filingDone,
  filingIdBody,
  filingIdQuery,
  filingListData,
  filingListQuery,
  filingOpenBody,
  filingReasonBody,
  filingSaveBody,
} from './government-filing.ts';

const FILINGS = '/api/gov/filings';

/** The quarterly procurement filing (docs/government.md, "Filing"); government.endpoints.ts joins them. */
export const governmentFilingEndpoints = {
  /** A filer's projects in the policy with each quarter's filing; the committee's city's filings and overdue projects. */
  filingList: endpoint({ method: 'GET', path: `${FILINGS}/list`, query: filingListQuery, response: filingListData }),
  /** One filing: lines with their sources and checks, payment, deadline, history, the caller's actions. */
  filingDetail: endpoint({ method: 'GET', path: `${FILINGS}/detail`, query: filingIdQuery, response: filingDetail }),
  /** The quarter's filing of a project: the existing one, or a new draft prefilled from the platform's records. */
  filingOpen: endpoint({ method: 'POST', path: `${FILINGS}/open`, body: filingOpenBody, response: filingDone }),
  /** The grid and the filing's fields, in one transaction (draft or returned). */
  filingSave: endpoint({ method: 'POST', path: `${FILINGS}/save`, body: filingSaveBody, response: filingDone }),
  /** Add system lines for the platform's records of the quarter not yet in the filing. */
  filingPrefill: endpoint({ method: 'POST', path: `${FILINGS}/prefill`, body: filingIdBody, response: filingDone }),
  /** draft → submitted, returned → resubmitted: refused (400, line and field) while a check fails. */
  filingSubmit: endpoint({ method: 'POST', path: `${FILINGS}/submit`, body: filingIdBody, response: filingDone }),
  /** The committee returns a submitted filing with a reason. */
  filingReturn: endpoint({ method: 'POST', path: `${FILINGS}/return`, body: filingReasonBody, response: filingDone }),
  /** The committee confirms a submitted filing. */
  filingConfirm: endpoint({ method: 'POST', path: `${FILINGS}/confirm`, body: filingIdBody, response: filingDone }),
  /** The committee closes a quarter of its city: every confirmed filing of it is locked. */
  filingClosePeriod: endpoint({
    method: 'POST',
    path: `${FILINGS}/close-period`,
    body: filingClosePeriodBody,
    response: filingClosedData,
  }),
  /** A correction of a locked filing, with a reason: a new version (draft) with its lines; the old one superseded. */
  filingCorrect: endpoint({ method: 'POST', path: `${FILINGS}/correct`, body: filingReasonBody, response: filingDone }),
} satisfies Record<string, EndpointDef>;
