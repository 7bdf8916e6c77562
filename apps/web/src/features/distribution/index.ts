/** The distribution feature's routes (light: they load with the shell). */
export { contractRoutes, distributorRoutes } from './routes.tsx';
