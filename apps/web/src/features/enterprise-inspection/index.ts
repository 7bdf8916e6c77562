/** Enterprise inspection's routes (light: they load with the shell). */
export { inspectionRoutes } from './routes.tsx';
