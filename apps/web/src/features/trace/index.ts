// The traceability feature's routes (app/route-table.tsx; light: they load with the shell, the pages lazily).
export { inventoryDetailRoute, shipRoutes, TRACE_PATHS, traceMobileRoutes, traceRoutes } from './routes.tsx';
