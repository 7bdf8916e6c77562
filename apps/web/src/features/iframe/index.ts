import { lazy } from 'react';

/** The iframe feature's public face for the route table: its page, loaded on first visit (its own chunk). */
export const IframePage = lazy(() => import('./IframePage.tsx'));
