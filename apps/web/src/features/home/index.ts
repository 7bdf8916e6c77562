/** The home feature's public face for the route table (light: it loads with the shell). */
export { HomePage } from './routes.tsx';
