import { ledgerEndpoints as api } from '@jcbb/contract/ledger.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, keyOf } from '../../lib/api.ts';

/** The ledger's public calls, kept apart from api.ts so the public certificate page loads no console code. */
export const publicLedgerApi = {
  /** The ledger's Ed25519 public key (hex), needed by every in-browser verification. */
  key: () => call(api.key, {}, { silent: true }),
};

/** The key, cached for the visit. */
export const ledgerKeyQuery = () =>
  queryOptions({
    queryKey: keyOf(api.key),
    queryFn: () => publicLedgerApi.key(),
    staleTime: Number.POSITIVE_INFINITY,
  });
