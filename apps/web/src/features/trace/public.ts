/**
 * What other parts of the web app may use of the trace feature (docs/architecture.md): the public scan pages and
 * their zod-free signed fetch, for the light public entry (src/light) and the certificate page built on them.
 */
export { extractTraceCode } from './components/mobile/trace-code.ts';
export { ScanDetail } from './scan/ScanDetail.tsx';
export { ScanIndex } from './scan/ScanIndex.tsx';
export { type LedgerKey, openGet, ScanError, scanApi, signedUrl } from './scan/scan-api.ts';
