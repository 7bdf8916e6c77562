import { scopeCheckBody, scopeCheckData } from './distribution.ts';
import { endpoint } from './endpoint.ts';
/**
 * The distribution module's calls (docs/distribution.md), under /api/agent/… (module code jcbb-agent) and, for the
 * public verification of a letter, /open/…. Schemas in `./distribution.ts`.
 */
export const distributionEndpoints = {
  // ---- authorisations and letters ----
  // ---- the scope check ----
  /** Would the caller's letters cover these lines for a destination on a date (and within a contract)? */
  scopeCheck: endpoint({
    method: 'POST',
    path: '/api/agent/scope/check',
    body: scopeCheckBody,
    response: scopeCheckData,
  }),
  // ---- distributor products, licensed products and sales contracts ----
};
