import { Role } from '@jcbb/contract/enums';
import { lazyPage, page, type RouteItem } from '../../app/route-types.ts';

// ---- stock import and export (.xlsx) ----

const StockImportPage = lazyPage(() =>
  import('./pages/StockImportPage.tsx').then((m) => ({ default: m.StockImportPage })),
);
const StockExportPage = lazyPage(() =>
  import('./pages/StockExportPage.tsx').then((m) => ({ default: m.StockExportPage })),
);

export const STOCK_IMPORT_PATH = '/project/stockImport';
export const STOCK_EXPORT_PATH = '/project/stockExport';

/**
 * The project's Excel pages (docs/construction.md, "Import and export"), under /project, reached from the project's
 * detail: the construction unit's import of off-platform deliveries, and the exports for everyone who may read the
 * site — the project consoles' (construction, supervision), the developer's and the city committee's.
 */
export const stockXlsxRoutes = {
  stockImport: page('stockImport', 'stockImport', StockImportPage, {
    requiresProject: true,
    hidden: true,
    activeMenu: '/project/list',
  }),
  stockExport: page('stockExport', 'stockExport', StockExportPage, {
    requiresProject: true,
    hidden: true,
    activeMenu: '/project/list',
  }),
  /** The city committee's: it takes part in no project, and arrives from a project's detail. */
  cityStockExport: page(STOCK_EXPORT_PATH, 'stockExport', StockExportPage, {
    hidden: true,
    activeMenu: '/gov/projects',
    roles: [Role.CITY_COMMITTEE],
  }),
} satisfies Record<string, RouteItem>;
