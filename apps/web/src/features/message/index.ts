/** The message feature's routes and what the app shell uses (light: it loads with the shell). */
export { messagePublicRoutes, messageRoutes } from './routes.tsx';
