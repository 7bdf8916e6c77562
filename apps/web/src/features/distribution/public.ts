import { lazy } from 'react';

/**
 * What other parts of the web app may use of the distribution feature (docs/architecture.md): the light public
 * entry's letter page (src/light: plain React, no antd), and the distributor's letters to accept, for the
 * distributor's pages to place — loaded lazily, so the light entry, which imports this file, never takes antd,
 * TanStack Query or the feature's locale with it.
 */
export { AuthorisationLookup } from './light/AuthorisationLookup.tsx';
export const PendingAuthorisations = lazy(() => import('./components/PendingAuthorisations.tsx'));
