import { lazyPage } from '../../lib/route-types.ts';

/** The home feature's page for the route table, loaded on first visit or ahead of it (its own chunk). */
export const HomePage = lazyPage(() => import('./HomePage.tsx'));
