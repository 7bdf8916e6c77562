/** The element feature's routes and what the app shell uses (light: it loads with the shell). */
export { elementAdminRoutes } from './routes.tsx';
