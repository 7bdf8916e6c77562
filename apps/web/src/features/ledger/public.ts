/** What other features may use of the ledger feature (components, hooks, calls); docs/architecture.md. */
export { LedgerKeyVerification } from './components/LedgerKeyVerification.tsx';
export { ledgerKeyQuery, publicLedgerApi } from './public-api.ts';
export { verifyEvidence } from './verify-evidence.ts';
