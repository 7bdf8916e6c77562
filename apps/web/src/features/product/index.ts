/** The product feature's routes and what the app shell uses (light: it loads with the shell). */
export { productRoutes } from './routes.tsx';
