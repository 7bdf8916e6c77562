/**
 * The distribution module's calls (docs/distribution.md), under /api/agent/… (module code jcbb-agent) and, for the
 * public verification of a letter, /open/…. Schemas in `./distribution.ts`.
 */
export const distributionEndpoints = {
  // ---- authorisations and letters ----
  // ---- the scope check ----
  // ---- distributor products, licensed products and sales contracts ----
};
