import { lazy } from 'react';

/** The error feature's public face for the route table: its page, loaded on first visit (its own chunk). */
export const NotFoundPage = lazy(() => import('./NotFoundPage.tsx'));
