/** The placeholder feature's public face for the route table (light: it loads with the shell). */
export { PlaceholderPage } from './routes.tsx';
