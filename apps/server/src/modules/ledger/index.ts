/**
 * The ledger module's public functions: other modules, app.ts, jobs, seed, bench and tests import from here only
 * (docs/architecture.md, "Module boundaries").
 */
export { appendLedgerEntry } from './ledger.append.ts';
export { evidenceAt, evidenceOfLeaves } from './ledger.evidence.ts';
export {
  installLedgerSigner,
  LEDGER_KEY_FILE,
  type LedgerSigner,
  ledgerSigner,
  loadLedgerSigner,
} from './ledger.key.ts';
export { storeFileRecord } from './ledger.record.ts';
export { registerLedger, setupLedgerSigner } from './ledger.routes.ts';
export { consistencyProofHex, inclusionProofHex, rootHashAt, subtreeQuery } from './ledger.tree.ts';
export { verifyLedger } from './ledger.verify.ts';
