import { lazyPage } from '../../lib/route-types.ts';

/** The placeholder feature's page for the route table, loaded on first visit or ahead of it (its own chunk). */
export const PlaceholderPage = lazyPage(() => import('./PlaceholderPage.tsx'));
