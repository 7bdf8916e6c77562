// The site construction feature's routes (app/route-table.tsx; light: they load with the shell).
export { stockXlsxRoutes } from './routes.tsx';
