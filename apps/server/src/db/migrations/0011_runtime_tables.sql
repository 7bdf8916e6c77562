-- Tables of the running deployment rather than of the domain (docs/decisions.md, "Runtime tables"): the shared
-- store's counters, nonces and throttles when there is no Redis (lib/kv-store.ts), and the last start of each
-- background job (jobs/scheduler.ts), which several server processes claim atomically. IF NOT EXISTS: databases
-- started before this migration created them at start-up.
CREATE TABLE IF NOT EXISTS kv_entries (
  key text PRIMARY KEY,
  value bigint NOT NULL,
  expires_at timestamptz NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS kv_entries_expires_at ON kv_entries (expires_at);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS job_runs (
  name text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  runs bigint NOT NULL DEFAULT 1
);
