/** What other parts of the web app may use of the certificate feature: the light public entry's lookup page. */
export { CertificateLookup } from './light/CertificateLookup.tsx';
