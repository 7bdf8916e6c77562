/** The iframe feature's public face for the route table (light: it loads with the shell). */
export { IframePage } from './routes.tsx';
