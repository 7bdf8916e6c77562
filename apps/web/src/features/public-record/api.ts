import { publicRecordEndpoints as api } from '@jcbb/contract/public-record.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, keyOf } from '../../lib/api.ts';

export type { OrgSnapshotData, ProductSnapshotData, SitemapData } from '@jcbb/contract';

/** The public record's calls (docs/public-pages.md): signed, never with a session; the pages show failures themselves. */
export const publicRecordApi = {
  sitemap: () => call(api.sitemap, {}, { silent: true }),
  product: (productId: number, at?: string) => call(api.productSnapshot, { productId, at }, { silent: true }),
  org: (orgId: number, at?: string) => call(api.orgSnapshot, { orgId, at }, { silent: true }),
};

export const sitemapQuery = () =>
  queryOptions({ queryKey: keyOf(api.sitemap, {}), queryFn: () => publicRecordApi.sitemap() });

export const productSnapshotQuery = (productId: number, at?: string) =>
  queryOptions({
    queryKey: keyOf(api.productSnapshot, { productId, at }),
    queryFn: () => publicRecordApi.product(productId, at),
  });

export const orgSnapshotQuery = (orgId: number, at?: string) =>
  queryOptions({ queryKey: keyOf(api.orgSnapshot, { orgId, at }), queryFn: () => publicRecordApi.org(orgId, at) });
