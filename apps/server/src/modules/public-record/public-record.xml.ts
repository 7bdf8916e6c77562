/**
 * The sitemaps.org 0.9 files (https://www.sitemaps.org/protocol.html), pure: a `urlset` of at most `maxUrls` URLs, or,
 * beyond that, a `sitemapindex` naming its parts (`/sitemap.xml?page=n`). UTF-8, entity-escaped, absolute URLs.
 */

/** The protocol's limit of URLs in one file. */
export const SITEMAP_PROTOCOL_MAX_URLS = 50_000;

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  /** W3C date (YYYY-MM-DD) the page's record last changed; absent when unknown. */
  lastmod?: string | null;
}

/** The five characters XML requires escaped (the protocol asks for all five in URLs). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

function entry(tag: 'url' | 'sitemap', u: SitemapUrl): string {
  const lastmod = u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(u.loc)}</loc>${lastmod}</${tag}>`;
}

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  return `${HEAD}<urlset xmlns="${NS}">\n${urls.map((u) => entry('url', u)).join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(parts: readonly SitemapUrl[]): string {
  return `${HEAD}<sitemapindex xmlns="${NS}">\n${parts.map((u) => entry('sitemap', u)).join('\n')}\n</sitemapindex>\n`;
}

/** The latest of some W3C dates (they compare as text), or null. */
function latest(dates: readonly (string | null | undefined)[]): string | null {
  return dates.reduce<string | null>((a, d) => (d && (!a || d > a) ? d : a), null);
}

/**
 * The file /sitemap.xml answers: all URLs when they fit in one; else without `page` the index of the parts (each part's
 * lastmod the latest of its URLs'), with `page` that part. A part that does not exist: null (404).
 */
export function sitemapDocument(
  urls: readonly SitemapUrl[],
  maxUrls: number,
  page: number | undefined,
  partLoc: (page: number) => string,
): string | null {
  const size = Math.max(1, Math.min(maxUrls, SITEMAP_PROTOCOL_MAX_URLS));
  if (urls.length <= size) return page === undefined || page === 1 ? urlsetXml(urls) : null;
  const parts = Math.ceil(urls.length / size);
  if (page === undefined) {
    return sitemapIndexXml(
      Array.from({ length: parts }, (_, i) => ({
        loc: partLoc(i + 1),
        lastmod: latest(urls.slice(i * size, (i + 1) * size).map((u) => u.lastmod)),
      })),
    );
  }
  if (page > parts) return null;
  return urlsetXml(urls.slice((page - 1) * size, page * size));
}
