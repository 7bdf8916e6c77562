/** The distribution feature's routes (light: they load with the shell). Components for other parts: public.ts. */
export { agentRoutes, contractRoutes, distributorRoutes, freeAuthorisationRoute } from './routes.tsx';
