import { publicRecordEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { defineRoute } from '../../lib/route.ts';
import { createSitemapService } from './public-record.sitemap.ts';
import { createSnapshotService } from './public-record.snapshot.ts';

const tags = ['公开页面 Public record'];
const AT =
  'at: a date (YYYY-MM-DD: the end of that day, Asia/Shanghai) or an ISO 8601 time (with Z or an offset; without one, Asia/Shanghai); absent: now; later than now or malformed 400 with fields.at.';
const HISTORY =
  'As it stood at that moment, from dated history: listings from their audit trail (else the approval date), enable state from its history, certificates by their dates and revocations, tags from the documents on record then; a field without history (name, brand, class, the government-procurement tag) is today’s value with current: true (当前值（平台未保存历史）). The ledger: the latest signed tree head at or before the moment and the record’s entries in that tree, each with its inclusion proof against it.';

/** The public record (docs/public-pages.md): the site map, /sitemap.xml, /robots.txt and the snapshots. */
export function registerPublicRecordRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Pick<Config, 'publicBaseUrl' | 'sitemapMaxUrls'> },
) {
  const { db, config } = deps;
  const sitemap = createSitemapService({ db, baseUrl: config.publicBaseUrl, maxUrls: config.sitemapMaxUrls });
  const snapshot = createSnapshotService({ db });

  defineRoute(app, api.sitemap, {
    summary: '网站地图 Every public page, each city’s listed products, the companies',
    description:
      'Signed, no session. The standalone public pages; per opened city its catalogue, committee page and open statistics (paths), its product count and its most recently approved listed products (at most 100: the rest in its catalogue); the makers with a listed product (at most 500, by name) and their count. Only LISTED listings of enabled products.',
    tags,
    handler: () => sitemap.data(),
  });

  defineRoute(app, api.sitemapXml, {
    summary: 'sitemap.xml 搜索引擎站点地图 The sitemaps.org 0.9 file',
    description:
      'Neither signed nor in a session (search engines). application/xml. Absolute URLs from PUBLIC_BASE_URL: the standalone pages, each opened city’s catalogue and committee page, each listed product’s public page; lastmod is the approval date of the latest listing. Beyond the URL limit (50 000) the file is a sitemap index of ?page=1…n; a part that does not exist 404.',
    tags,
    access: 'bare',
    handler: async ({ query, reply }) => {
      const xml = await sitemap.xml(query.page);
      if (xml === null) throw notFound('站点地图分页不存在');
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(xml);
    },
  });

  defineRoute(app, api.robotsTxt, {
    summary: 'robots.txt',
    description:
      'Neither signed nor in a session. Everything but the API (/api/, /open/) may be crawled; names /sitemap.xml.',
    tags,
    access: 'bare',
    handler: async ({ reply }) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(sitemap.robots()),
  });

  defineRoute(app, api.productSnapshot, {
    summary: '产品信息快照 A product’s public record at a moment',
    description: `Signed, no session. productId: the product's id. ${AT} A product that does not exist, or was not listed in any city (or was disabled) at that moment, 404 — a moment before it existed too. ${HISTORY}`,
    tags,
    handler: ({ query }) => snapshot.product(query.productId, query.at),
  });

  defineRoute(app, api.orgSnapshot, {
    summary: '企业信息快照 A company’s public record at a moment',
    description: `Signed, no session. orgId: the organisation's id. ${AT} Only a company with a product listed at that moment (its public record): anything else 404. Its name, type, region and certification, its listed products with their cities, their certificates valid then, and the ledger. ${HISTORY}`,
    tags,
    handler: ({ query }) => snapshot.org(query.orgId, query.at),
  });
}
