/** The organization feature's routes and what the app shell uses (light: it loads with the shell). */
export { organizationRoutes } from './routes.tsx';
