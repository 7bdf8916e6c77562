/** The catalogue feature's routes and what the app shell uses (light: it loads with the shell). */
export { catalogueRoutes } from './routes.tsx';
