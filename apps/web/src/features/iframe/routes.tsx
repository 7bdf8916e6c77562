import { lazyPage } from '../../lib/route-types.ts';

/** The iframe feature's page for the route table, loaded on first visit or ahead of it (its own chunk). */
export const IframePage = lazyPage(() => import('./IframePage.tsx'));
