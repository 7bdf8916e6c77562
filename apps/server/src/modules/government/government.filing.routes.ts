import { governmentFilingEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { FILING_ORG_TYPES, PROJECT_SIDE_ORG_TYPES } from './government.filing.access.ts';
import { createFilingService } from './government.filing.service.ts';
import type { GovernmentDeps } from './government.routes.ts';

const tags = ['采购信息填报 Procurement filing'];
const filerOnly =
  "One of the project's filers (its developer, or a construction unit accepted on it); a supervision unit 403 (reads only), another organisation 404. Not allowed from the filing's state: 409.";
const committeeOnly =
  "The committee (住建委) of the project's city; a filer 403, another city's committee 404. Not allowed from the filing's state: 409.";

/** The filing's calls (docs/government.md, "Filing"). */
export function registerFilingRoutes(app: FastifyInstance, deps: GovernmentDeps): void {
  const filings = createFilingService(deps);
  const government = [OrgType.GOVERNMENT] as const;

  defineRoute(app, api.filingList, {
    summary: '填报列表 A filer’s projects × quarters; the committee’s city’s filings and overdue projects',
    description:
      'A filer (developer, construction unit) or a supervision unit: its in-scope projects with this quarter and the three before, each with its deadline, days left, late and its filing. The committee: its city’s filings of `period` (default: the previous quarter; drafts are the filer’s own), filtered by status, district, late, keyword, paged; the in-scope projects with nothing submitted once the deadline passed; whether the quarter is closed. The platform operator: 403 (it reads the statistics).',
    tags,
    orgTypes: FILING_ORG_TYPES,
    handler: ({ user, query }) => filings.list(user, query),
  });

  defineRoute(app, api.filingDetail, {
    summary: '填报详情 One filing: lines with their sources and checks, payment, deadline, history, actions',
    description:
      'Its filers and supervision unit, or its city’s committee (not a draft); anyone else 404. checks: per line and field, error (refuses the submission), warning or note.',
    tags,
    orgTypes: FILING_ORG_TYPES,
    handler: ({ user, query }) => filings.detail(user, query.id),
  });

  defineRoute(app, api.filingOpen, {
    summary: '开始填报 The quarter’s filing: the one in force, or a new draft prefilled from the platform’s records',
    description: `Every lot the site accepted in the quarter becomes a system line. A quarter not yet begun, or a project outside the policy: 400. ${filerOnly}`,
    tags,
    orgTypes: PROJECT_SIDE_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => filings.open(user, body),
  });

  defineRoute(app, api.filingSave, {
    summary: '保存 The grid and the filing’s fields, in one transaction (draft or returned)',
    description: `lines with id change (a system line’s changed fields are recorded), without id are added as typed; removedLineIds go. An id not of this filing, or a platform certificate number the platform does not know: 400 on the line’s field. ${filerOnly}`,
    tags,
    orgTypes: PROJECT_SIDE_ORG_TYPES,
    handler: ({ user, body }) => filings.save(user, body),
  });

  defineRoute(app, api.filingPrefill, {
    summary: '重新带入 System lines for the quarter’s platform records not yet in the filing',
    description: filerOnly,
    tags,
    orgTypes: PROJECT_SIDE_ORG_TYPES,
    handler: ({ user, body }) => filings.prefill(user, body.id),
  });

  defineRoute(app, api.filingSubmit, {
    summary: '报送 draft → submitted, returned → resubmitted: the committee is told',
    description: `Refused (400, lines.N.field “第 N 行：…”) while a check fails. ${filerOnly}`,
    tags,
    orgTypes: PROJECT_SIDE_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => filings.submit(user, body.id),
  });

  defineRoute(app, api.filingReturn, {
    summary: '退回 submitted | resubmitted → returned, with a reason: the filer is told',
    description: committeeOnly,
    tags,
    orgTypes: FILING_ORG_TYPES,
    handler: ({ user, body }) => filings.returnFiling(user, body.id, body.reason),
  });

  defineRoute(app, api.filingConfirm, {
    summary: '确认 submitted | resubmitted → confirmed: the filer is told',
    description: committeeOnly,
    tags,
    orgTypes: FILING_ORG_TYPES,
    handler: ({ user, body }) => filings.confirm(user, body.id),
  });

  defineRoute(app, api.filingClosePeriod, {
    summary: '关闭季度 Lock every confirmed filing of the committee’s city and quarter',
    description:
      'The quarter must have ended (400 on period). Filings not yet confirmed stay as they are; closing again later locks those confirmed since. Committees only (403).',
    tags,
    orgTypes: government,
    handler: ({ user, body }) => filings.closePeriod(user, body.period),
  });

  defineRoute(app, api.filingCorrect, {
    summary: '更正 A locked filing: a new version (draft) with its lines, with a reason; this one superseded',
    description: filerOnly,
    tags,
    orgTypes: PROJECT_SIDE_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => filings.correct(user, body.id, body.reason),
  });
}
