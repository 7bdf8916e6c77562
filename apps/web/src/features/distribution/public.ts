/**
 * What other parts of the web app may use of the distribution feature (docs/architecture.md): the light public
 * entry's letter page (src/light: plain React, no antd).
 */
export { AuthorisationLookup } from './light/AuthorisationLookup.tsx';
