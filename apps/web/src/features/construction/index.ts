// The site construction feature's routes (app/route-table.tsx; light: they load with the shell, the pages lazily).
export { outboundRoutes, receiveProjectRoutes, receiveRoutes, spotCheckRoutes, stockXlsxRoutes } from './routes.tsx';
