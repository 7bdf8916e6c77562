import { pages } from '@jcbb/contract/pages';
import { lazyPage, page } from '../../lib/route-types.ts';

// Part of the console shell (the route table imports it): the page paths only, and the pages lazily.
const Health = lazyPage(() => import('./pages/HealthPage.tsx'));
const Records = lazyPage(() => import('./pages/RecordsPage.tsx'));
const Detail = lazyPage(() => import('./pages/RecordDetailPage.tsx'));

/** Enterprise inspection's pages (docs/enterprise-inspection.md): relative paths under /enterpriseInspection. */
const under = (path: string) => path.replace('/enterpriseInspection/', '');

export const inspectionRoutes = {
  /** The manufacturer's health page (the spec's /enterpriseInspection/info). */
  health: page(under(pages.inspectionHealth.path), 'enterpriseInspectionInfo', Health),
  /** A certification body's or city committee's records. */
  records: page(under(pages.inspectionRecords.path), 'enterpriseInspectionRecords', Records),
  /** One record, under the console's inspection menu entry. */
  detail: (activeMenu: string) =>
    page(under(pages.inspectionRecord.path), 'enterpriseInspectionDetail', Detail, { hidden: true, activeMenu }),
};
