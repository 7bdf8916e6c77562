import { lazyPage } from '../../lib/route-types.ts';

/** The error feature's page for the route table, loaded on first visit or ahead of it (its own chunk). */
export const NotFoundPage = lazyPage(() => import('./NotFoundPage.tsx'));
