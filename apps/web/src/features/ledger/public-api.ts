import { http } from '../../lib/http.ts';

/** GET /open/ledger/key: the ledger's Ed25519 public key (hex), needed by every in-browser verification. */
export interface LedgerKeyData {
  algorithm: string;
  publicKey: string;
}

/** The ledger's public calls, kept apart from api.ts so the public certificate page loads no console types. */
export const publicLedgerApi = {
  key: () => http.get<LedgerKeyData>('/open/ledger/key', {}, { silent: true }),
};

export const ledgerKeys = {
  all: ['ledger'] as const,
  publicKey: ['ledger', 'key'] as const,
};
