import { lazy } from 'react';

/** The placeholder feature's public face for the route table: its page, loaded on first visit (its own chunk). */
export const PlaceholderPage = lazy(() => import('./PlaceholderPage.tsx'));
