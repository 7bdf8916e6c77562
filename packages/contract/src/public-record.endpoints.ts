import { endpoint } from './endpoint.ts';
import {
  orgSnapshotData,
  orgSnapshotQuery,
  productSnapshotData,
  productSnapshotQuery,
  sitemapData,
  sitemapXmlQuery,
} from './public-record.ts';

/**
 * The public record (issue 28 item 7, docs/public-pages.md): the site map for people (/sitemaps) and for search
 * engines (/sitemap.xml, named by /robots.txt), and the snapshot of a product's or a company's public record at a
 * moment (/snapshot). No session; the /open/ calls are signed, the two files are plain.
 */
export const publicRecordEndpoints = {
  sitemap: endpoint({ method: 'GET', path: '/open/public/sitemap', response: sitemapData }),
  /** The sitemaps.org 0.9 file (application/xml), or its index and parts beyond the URL limit. */
  sitemapXml: endpoint({ method: 'GET', path: '/sitemap.xml', query: sitemapXmlQuery }),
  /** robots.txt (text/plain): everything may be crawled but the console and the API; where the site map is. */
  robotsTxt: endpoint({ method: 'GET', path: '/robots.txt' }),
  productSnapshot: endpoint({
    method: 'GET',
    path: '/open/public/snapshot/product',
    query: productSnapshotQuery,
    response: productSnapshotData,
  }),
  orgSnapshot: endpoint({
    method: 'GET',
    path: '/open/public/snapshot/org',
    query: orgSnapshotQuery,
    response: orgSnapshotData,
  }),
};
