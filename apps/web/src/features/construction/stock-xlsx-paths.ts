/** The project's Excel pages (under /project), for links between them and from the project's pages. */
export const STOCK_IMPORT_PATH = '/project/stockImport';
export const STOCK_EXPORT_PATH = '/project/stockExport';
