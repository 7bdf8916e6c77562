/** The government feature's routes (light: they load with the shell). */
export { GOVERNMENT_PATHS, type GovernmentPage, governmentRoutes } from './routes.tsx';
