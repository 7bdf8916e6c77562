/** What other features may use of the ledger feature (components, hooks, calls); docs/architecture.md. */
export { LedgerKeyVerification } from './components/LedgerKeyVerification.tsx';
export { publicLedgerApi } from './public-api.ts';
