/** The listing module's public functions: other modules, app.ts, jobs, seed and bench import from here only (docs/architecture.md). */

/** The listing rows the revision module applies an accepted change to, in the caller's transaction. */
export * as listingRepository from './listing.repository.ts';
export { LISTING_ENTITY } from './listing.repository.ts';
export { registerListingRoutes } from './listing.routes.ts';
export { createListingService } from './listing.service.ts';
export { committeeCity } from './listing-access.ts';
export { recomputeCityStandard } from './listing-standard.ts';
export { transition } from './listing-transitions.ts';
