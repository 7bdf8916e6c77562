/** The procurement feature's routes (light: they load with the shell). */
export { PROCUREMENT_PATHS, type ProcurementPage, procurementRoutes } from './routes.tsx';
