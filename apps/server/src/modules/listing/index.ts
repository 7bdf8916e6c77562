/**
 * The listing module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */

export { listingReadingSubject } from './listing.reading.ts';
export { cityGovernmentOrgIds, cityNames, LISTING_ENTITY, listedOfOrg } from './listing.repository.ts';
export { registerListingRoutes } from './listing.routes.ts';
export { createListingService } from './listing.service.ts';
export { committeeCity } from './listing-access.ts';
export { recomputeCityStandard } from './listing-standard.ts';
export { transition } from './listing-transitions.ts';
