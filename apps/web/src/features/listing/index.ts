/** The listing feature's routes and what the app shell uses (light: it loads with the shell). */
export { cityListingAuditRoutes, listingRoutes, platformListingAuditRoutes } from './routes.tsx';
