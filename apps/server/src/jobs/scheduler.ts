import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Background work of the deployment: each job runs once per period, whichever process gets to it first. */
export interface Job {
  name: string;
  /** The period: a run starts at most once in it, across every process of the deployment. */
  everyMs: number;
  run(db: Db): Promise<unknown>;
}

interface Log {
  info(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/**
 * Claim this period's run of a job: one atomic upsert on job_runs (migration 0011) that succeeds for one
 * caller only when the last run started a period ago or never. Processes need no leader and no shared clock
 * beyond the database's; a restart does not re-run a job that ran within its period.
 */
export async function claimJobRun(db: Db, name: string, everyMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO job_runs (name, started_at) VALUES (${name}, now())
    ON CONFLICT (name) DO UPDATE SET started_at = now(), runs = job_runs.runs + 1
    WHERE job_runs.started_at <= now() - ${everyMs} * interval '1 millisecond'
    RETURNING name`);
  const rows = (result as unknown as { rows: unknown[] }).rows;
  return rows.length === 1;
}

/**
 * Check every `checkEveryMs` (and at once) which jobs are due, and run those this process claims. Timers are
 * unref'd (they never keep the process alive); the returned function stops them and waits for runs in progress,
 * so the database is not closed under a job.
 */
export function startJobs(db: Db, jobs: Job[], log: Log, checkEveryMs = 60_000): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const busy = new Set<string>();

  const tick = () => {
    for (const job of jobs) {
      if (stopped || busy.has(job.name)) continue;
      busy.add(job.name);
      const run = claimJobRun(db, job.name, job.everyMs)
        .then(async (claimed) => {
          if (!claimed || stopped) return;
          const result = await job.run(db);
          log.info({ job: job.name, result }, 'job done');
        })
        .catch((error: unknown) => log.error({ job: job.name, err: error }, 'job failed'))
        .finally(() => {
          busy.delete(job.name);
          running.delete(run);
        });
      running.add(run);
    }
  };
  tick();
  const timer = setInterval(tick, checkEveryMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all(running);
  };
}
