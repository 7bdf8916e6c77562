/**
 * What the console layout and other features may use of the organization feature: it loads with the (lazy) console
 * layout, not with the route table.
 */
export { CertBanner } from './components/CertBanner.tsx';
export { CertRequired, useCertified } from './components/CertRequired.tsx';
