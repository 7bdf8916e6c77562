import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { claimJobRun, startJobs } from './scheduler.ts';

/** The claim on the embedded database; two processes on one PostgreSQL server: test/multi-process.test.ts. */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { info() {}, error() {} };

describe('job runs', () => {
  it('a period is claimed once, and again once it has passed', async () => {
    expect(await claimJobRun(database.db, 'a', 300)).toBe(true);
    expect(await claimJobRun(database.db, 'a', 300)).toBe(false);
    expect(await claimJobRun(database.db, 'b', 300)).toBe(true);
    await sleep(350);
    expect(await claimJobRun(database.db, 'a', 300)).toBe(true);
  });

  it('concurrent claims of one period: exactly one wins', async () => {
    const wins = await Promise.all(Array.from({ length: 10 }, () => claimJobRun(database.db, 'race', 60_000)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it('two schedulers run a due job once; a failing job is logged and does not stop the others', async () => {
    let runs = 0;
    const errors: unknown[] = [];
    const log = { info() {}, error: (obj: unknown) => errors.push(obj) };
    const jobs = [
      { name: 'counted', everyMs: 3600_000, run: async () => (runs += 1) },
      { name: 'broken', everyMs: 3600_000, run: async () => Promise.reject(new Error('boom')) },
    ];
    const stops = [startJobs(database.db, jobs, log, 20), startJobs(database.db, jobs, quiet, 20)];
    await sleep(200);
    await Promise.all(stops.map((stop) => stop()));
    expect(runs).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it('stopping waits for a run in progress', async () => {
    let started = false;
    let finished = false;
    const stop = startJobs(
      database.db,
      [
        {
          name: 'slow',
          everyMs: 3600_000,
          run: async () => {
            started = true;
            await sleep(150);
            finished = true;
          },
        },
      ],
      quiet,
    );
    await expect.poll(() => started).toBe(true);
    await stop();
    expect(finished).toBe(true);
  });
});
