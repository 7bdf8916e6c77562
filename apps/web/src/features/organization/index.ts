/** The organization feature's routes and what the app shell uses (light: it loads with the shell). */
export { organizationCentreRoute, organizationRoutes } from './routes.tsx';
