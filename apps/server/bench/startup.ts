/**
 * `npm run bench:startup`: how long the server takes from `node` to its first answer (GET /api/health 200) on the
 * embedded database: a fresh data folder (initdb, migrations, reference and demo data) and a reopen of that folder,
 * for the built server (`node apps/server/dist/main.js`, what `npm start` runs; build it first with
 * `npm run build -w apps/server`) and for the TypeScript sources through tsx (`npm run dev`'s way).
 * STARTUP_RUNS=n repeats each (default 3); the median and the range are printed, with the server process's CPU
 * time to its first answer (user + system, all its threads): on a shared, busy machine the wall time mostly says how
 * busy it was, the CPU time what the start-up costs. docs/performance.md has figures.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { busyShare, machineCpuTimes, machineInfo, processCpuSeconds } from './machine.ts';
import { repoRoot } from './server-process.ts';

const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const PORT = 18_000 + (process.pid % 1000);

const entries = {
  built: ['--enable-source-maps', 'apps/server/dist/main.js'],
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
} as const;

interface Measure {
  wallMs: number;
  cpuMs: number;
}

/** Start the server on `dataDir`, measure the time to the first 200 from /api/health, then stop it. */
async function timeToFirstAnswer(entry: keyof typeof entries, dataDir: string): Promise<Measure> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...entries[entry]], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) during start-up`);
      if (performance.now() - started > 180_000) throw new Error('no answer within 180 s');
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health`, { signal: AbortSignal.timeout(1_000) });
        if (res.ok) {
          const wallMs = performance.now() - started;
          const cpu = child.pid === undefined ? null : processCpuSeconds(child.pid);
          return { wallMs, cpuMs: cpu === null ? Number.NaN : cpu * 1000 };
        }
      } catch {
        // Not listening yet.
      }
      await sleep(10);
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

function summary(measures: Measure[]): string {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const of = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${s(sorted[Math.floor(sorted.length / 2)] ?? 0)} s (${sorted.map(s).join(', ')})`;
  };
  return `wall ${of(measures.map((m) => m.wallMs))}, CPU ${of(measures.map((m) => m.cpuMs))}`;
}

async function main() {
  const machine = machineInfo();
  console.log(`${machine.cpuModel}, ${machine.cores} cores, Node ${process.version}; ${RUNS} runs each`);
  const before = machineCpuTimes();
  const which = (process.env.STARTUP_ENTRIES ?? 'built,tsx').split(',') as (keyof typeof entries)[];
  if (which.includes('built') && !existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
    throw new Error('apps/server/dist/main.js is missing: npm run build -w apps/server');
  }
  for (const entry of which) {
    const fresh: Measure[] = [];
    const reopen: Measure[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const root = await mkdtemp(path.join(os.tmpdir(), 'jcbb-startup-'));
      try {
        fresh.push(await timeToFirstAnswer(entry, root));
        reopen.push(await timeToFirstAnswer(entry, root));
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    }
    console.log(`${entry.padEnd(5)} fresh database with demo data: ${summary(fresh)}`);
    console.log(`${entry.padEnd(5)} reopen of that database:        ${summary(reopen)}`);
  }
  const busy = busyShare(before, machineCpuTimes());
  if (busy !== null) console.log(`The machine was ${Math.round(busy * 100)}% busy over the runs (all processes).`);
}

await main();
