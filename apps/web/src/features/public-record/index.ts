/** The public-record feature's routes (light: it loads with the shell). */
export { publicRecordRoutes } from './routes.tsx';
