import { governmentStatisticsEndpoints as api, STATISTICS_DEFINITION_VERSION } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { findCjkFont } from '../../lib/cjk-font.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { defineRoute } from '../../lib/route.ts';
import type { GovernmentDeps } from './government.routes.ts';
import {
  DOCX_MIME,
  reportName,
  statisticsDocx,
  statisticsPdf,
  statisticsWorkbook,
  XLSX_MIME,
} from './government.statistics.export.ts';
import { createStatisticsService } from './government.statistics.service.ts';

const tags = ['政府采购统计 Government procurement statistics'];
const scope = `Scope: the platform operator any city (cityCode) or every city; a city committee (住建委) its own city (another city’s cityCode: 404); a developer its own projects; a construction or supervision unit the projects it has joined; anyone else 403. Only projects in the policy scope. Figures from the filings in force that are submitted or later (confirmedOnly: confirmed or locked), definitions ${STATISTICS_DEFINITION_VERSION} (docs/government.md, "Definitions").`;

/** The statistics' calls and the open data (docs/government.md, "Statistics", "Open data"). */
export function registerStatisticsRoutes(app: FastifyInstance, deps: GovernmentDeps): void {
  const statistics = createStatisticsService({ db: deps.db });
  /** Looked up once: a Debian CJK font (the certificates' choice), else none (an English-only layout). */
  const font = findCjkFont(null);

  defineRoute(app, api.statistics, {
    summary:
      '采购统计 The dashboard: KPIs, districts, categories, stars, trend with the year to date, suppliers, carbon',
    description: `The quarter (default: the current one, China time) with its year-to-date trend; filters district, project type, batch, category (the spend figures), confirmedOnly. ${scope} Money in fen, shares in basis points.`,
    tags,
    handler: ({ user, query }) => statistics.dashboard(user, query),
  });
  defineRoute(app, api.statisticsProjects, {
    summary: '统计下钻：项目 The projects behind a figure, paged',
    description: `slice: all, filed, overdue, mandatory_failing, optional_failing, payment_below, with_alerts. Each row: the quarter's filing in force (any status), late, spend, compliance, open alerts. ${scope}`,
    tags,
    handler: ({ user, query }) => statistics.projects(user, query),
  });
  defineRoute(app, api.statisticsLines, {
    summary: '统计下钻：明细 The counted filings’ lines behind a figure, paged',
    description: `By project (one outside the caller’s scope: 404), category ('outside' for lines outside the standard), star bucket, supplier organisation, green only. ${scope}`,
    tags,
    handler: ({ user, query }) => statistics.lines(user, query),
  });
  defineRoute(app, api.statisticsExport, {
    summary: '导出统计（Excel） The dashboard as an .xlsx workbook',
    description: `Sheets 指标, 区县, 品类, 星级, 趋势, 项目, 供应商, 口径 (with the definitions’ version). Answers the file itself. ${scope}`,
    tags,
    handler: async ({ user, query, reply }) => {
      const { data, projects } = await statistics.exportData(user, query);
      const file = await statisticsWorkbook(data, projects);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition(reportName(data, 'xlsx'), { fallback: 'statistics.xlsx' }))
        .header('cache-control', 'no-store')
        .send(file);
    },
  });
  defineRoute(app, api.statisticsReport, {
    summary: '统计报告 The printable report (PDF, or .docx to edit)',
    description: `Title with the city and quarter, the KPI, category and trend tables, the definitions and their version, the time generated. Answers the file itself. ${scope}`,
    tags,
    handler: async ({ user, query, reply }) => {
      const { data } = await statistics.exportData(user, query);
      const docx = query.format === 'docx';
      const file = docx ? await statisticsDocx(data) : await statisticsPdf(data, font);
      return reply
        .header('content-type', docx ? DOCX_MIME : 'application/pdf')
        .header(
          'content-disposition',
          contentDisposition(reportName(data, docx ? 'docx' : 'pdf'), {
            fallback: docx ? 'statistics.docx' : 'statistics.pdf',
          }),
        )
        .header('cache-control', 'no-store')
        .send(file);
    },
  });
  defineRoute(app, api.openStatistics, {
    summary: '统计开放数据 A city’s aggregated figures as open data (JSON, no envelope)',
    description:
      'Public, signed like every /open/ call, no session. An OCDS-like document of its own: uri, version, publishedDate, publisher, license, definitionVersion, city, period, periods, figures, districts, categories, trend, definitions. Aggregated only: no person, no project, no unit price, suppliers only counted. The counted filings, no filter; computed at most once a minute per city and quarter. A city the platform does not run: 404 (in the envelope).',
    tags,
    handler: async ({ params, query, reply }) => {
      const doc = await statistics.openData(params.cityCode, query.period);
      reply.header('cache-control', 'public, max-age=60');
      return doc;
    },
  });
}
