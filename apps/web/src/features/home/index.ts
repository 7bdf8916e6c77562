import { lazy } from 'react';

/** The home feature's public face for the route table: its page, loaded on first visit (its own chunk). */
export const HomePage = lazy(() => import('./HomePage.tsx'));
