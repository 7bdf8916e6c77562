/** The admin feature's routes and what the app shell uses (light: it loads with the shell). */
export { adminRoutes } from './routes.tsx';
