import {
  governmentStatisticsEndpoints,
  publicRecordEndpoints,
  SITEMAP_CITY_PRODUCTS,
  SITEMAP_COMPANIES,
  type SitemapData,
} from '@jcbb/contract';
import { fillPath } from '@jcbb/contract/endpoint';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { shanghaiDate } from '@jcbb/contract/time';
import type { Db } from '../../db/client.ts';
import { type AnswerCache, catalogueGeneration, createAnswerCache } from '../catalogue/index.ts';
import { openedCities } from '../reference/index.ts';
import * as repo from './public-record.repository.ts';
import { type SitemapUrl, sitemapDocument } from './public-record.xml.ts';

/** The pages that stand alone, in the order the site map lists them (their titles are the web's). */
const STANDALONE = [
  { key: 'cities', href: pages.cityCatalogue.path },
  { key: 'certificate', href: pages.certificateVerify.path },
  { key: 'authorisation', href: pages.authorisationVerify.path },
  { key: 'scan', href: pages.scanIndex.path },
  { key: 'sitemaps', href: pages.sitemaps.path },
];

const dateOf = (v: Date | string | null) => (v === null ? null : shanghaiDate(new Date(v)));
const productHref = (id: number, city?: string) =>
  `${pageUrl(pages.productPublic, { id })}${city ? `&city=${encodeURIComponent(city)}` : ''}`;

/**
 * The site map (docs/public-pages.md, "Site map"): for people, every public page, each city's listed products and
 * the companies; for search engines, /sitemap.xml with absolute URLs from PUBLIC_BASE_URL. Both are read from the
 * catalogue's published listings and kept in the catalogue's answer cache, dropped at its next change.
 */
export function createSitemapService({
  db,
  baseUrl,
  maxUrls,
  cache = createAnswerCache({ generation: catalogueGeneration(db) }),
}: {
  db: Db;
  /** PUBLIC_BASE_URL, without a trailing slash. */
  baseUrl: string;
  /** URLs in one sitemap file before it splits into an index and parts (config.sitemapMaxUrls). */
  maxUrls: number;
  cache?: AnswerCache;
}) {
  async function data(): Promise<SitemapData> {
    const cities = await openedCities(db);
    const counts = new Map((await repo.cityListingDates(db)).map((c) => [c.cityCode, c.n]));
    const products = await repo.listedProductsByCity(db, SITEMAP_CITY_PRODUCTS);
    const companies = await repo.listedCompanies(db, SITEMAP_COMPANIES);
    return {
      pages: STANDALONE,
      cities: cities.map((c) => ({
        code: c.cityCode,
        name: c.cityName,
        provinceName: c.provinceName,
        productCount: counts.get(c.cityCode) ?? 0,
        catalogue: pageUrl(pages.cityCatalogue, { city: c.cityCode }),
        committee: pageUrl(pages.cityCommittee, { city: c.cityCode }),
        openStatistics: fillPath(governmentStatisticsEndpoints.openStatistics.path, { cityCode: c.cityCode }),
        products: products
          .filter((p) => p.cityCode === c.cityCode)
          .map((p) => ({
            id: p.productId,
            name: p.name,
            companyName: p.companyName,
            listedOn: dateOf(p.listedAt),
            href: productHref(p.productId, c.cityCode),
          })),
      })),
      companies: companies.map((c) => ({
        id: c.id,
        name: c.name,
        productCount: c.productCount,
        href: pageUrl(pages.orgSnapshot, { org: c.id }),
      })),
      companyCount: await repo.listedCompanyCount(db),
    };
  }

  /**
   * Every URL for search engines: the standalone pages, each opened city's catalogue and committee page (lastmod: its
   * latest approval), each listed product's page (lastmod: the approval of its latest listing, not a row's write).
   */
  async function urls(): Promise<SitemapUrl[]> {
    const cities = await openedCities(db);
    const latest = new Map((await repo.cityListingDates(db)).map((c) => [c.cityCode, dateOf(c.listedAt)]));
    const products = await repo.listedProductDates(db);
    const abs = (href: string) => `${baseUrl}${href}`;
    return [
      ...STANDALONE.map((p) => ({ loc: abs(p.href) })),
      ...cities.flatMap((c) => [
        { loc: abs(pageUrl(pages.cityCatalogue, { city: c.cityCode })), lastmod: latest.get(c.cityCode) ?? null },
        { loc: abs(pageUrl(pages.cityCommittee, { city: c.cityCode })), lastmod: latest.get(c.cityCode) ?? null },
      ]),
      ...products.map((p) => ({ loc: abs(productHref(p.productId)), lastmod: dateOf(p.listedAt) })),
    ];
  }

  return {
    data: () => cache.get('sitemap', data),
    /** /sitemap.xml's answer for `page`, or null for a part that does not exist. */
    async xml(page: number | undefined): Promise<string | null> {
      const all = await cache.get('sitemap.xml', urls);
      return sitemapDocument(all, maxUrls, page, (n) => `${baseUrl}${publicRecordEndpoints.sitemapXml.path}?page=${n}`);
    },
    robots(): string {
      return [
        '# 建材帮帮 robots.txt',
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /open/',
        'Allow: /',
        '',
        `Sitemap: ${baseUrl}${publicRecordEndpoints.sitemapXml.path}`,
        '',
      ].join('\n');
    },
  };
}
