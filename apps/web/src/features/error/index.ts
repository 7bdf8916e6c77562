/** The error feature's public face for the route table (light: it loads with the shell). */
export { NotFoundPage } from './routes.tsx';
