/** The ledger feature's routes and what the app shell uses (light: it loads with the shell). */
export { ledgerRoutes } from './routes.tsx';
