-- The shared store's short-lived keys on PostgreSQL without Redis (lib/kv-store.ts SHORT_LIVED_PREFIXES): the
-- nonce of every signed request and the /open/ rate limit's per-minute counters, a write per request each.
-- UNLOGGED: no write-ahead log, so a commit that only writes here waits for no disk flush (the nonce's write cost
-- most of the signed+session route on PostgreSQL alone: docs/performance.md). A crash of PostgreSQL empties the
-- table (a clean restart keeps it): nonces of the last ten minutes are then forgotten, as Redis may forget its
-- last second (docs/decisions.md, "The shared store on PostgreSQL alone"). A BRIN index on expires_at (rows come
-- in time order) finds the expired rows for the sweep at almost no cost per insert; kv_entries keeps the rest.
CREATE UNLOGGED TABLE IF NOT EXISTS kv_short (
  key text PRIMARY KEY,
  value bigint NOT NULL,
  expires_at timestamptz NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS kv_short_expires_at ON kv_short USING brin (expires_at);--> statement-breakpoint
-- Live nonces and /open/ counters already in kv_entries move over, so a replay across this upgrade is still seen
-- (keys are `<REDIS_PREFIX>nonce:…` and `<REDIS_PREFIX>open:rl:…`; no other key of the store holds those words).
WITH moved AS (
  DELETE FROM kv_entries
  WHERE (position('nonce:' in key) > 0 OR position('open:rl:' in key) > 0) AND expires_at > now()
  RETURNING key, value, expires_at
)
INSERT INTO kv_short (key, value, expires_at) SELECT key, value, expires_at FROM moved ON CONFLICT (key) DO NOTHING;
