import type { CatalogueProbe } from './catalogue.ts';
import { type RouteResult, TOLERATED_FAILURES } from './load.ts';
import type { MachineInfo } from './machine.ts';

/** Issue 2's goal: a signed, signed-in call with no database work keeps this share of the bare route's rate. */
export const GOAL_RATIO = 0.6;
export const GOAL_ROUTE = 'signed+session';
const BARE_ROUTE = 'bare';

export interface DatabaseRun {
  database: string;
  version: string;
  /** The share of the bare route this run's signed+session route should keep (default GOAL_RATIO). */
  goalRatio?: number;
  results: RouteResult[];
  /** The catalogue search's latency probe (bench/catalogue.ts), when that route ran. */
  catalogue?: CatalogueProbe | null;
  /** Set when the run could not finish (the server did not start, a route failed). */
  error: string | null;
}

export interface Goal {
  ratio: number | null;
  met: boolean | null;
}

export interface BenchReport {
  date: string;
  machine: MachineInfo;
  settings: { connections: number; durationSec: number; warmupSec: number; logLevel: string };
  /** Share of the machine busy just before the run, when nothing of the benchmark was running yet. */
  busyBefore: number | null;
  runs: (DatabaseRun & { goal: Goal })[];
}

function rateOf(run: DatabaseRun, route: string): number | null {
  const result = run.results.find((r) => r.route === route);
  return result && result.failed <= TOLERATED_FAILURES ? result.requestsPerSec : null;
}

export function goalOf(run: DatabaseRun): Goal {
  const bare = rateOf(run, BARE_ROUTE);
  const signed = rateOf(run, GOAL_ROUTE);
  if (!bare || signed === null) return { ratio: null, met: null };
  const ratio = signed / bare;
  return { ratio, met: ratio >= (run.goalRatio ?? GOAL_RATIO) };
}

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

function pad(cells: string[][]): string {
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0))) ?? [];
  return cells
    .map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))))
    .map((row) => `  ${row.join('  ')}`)
    .join('\n');
}

export function formatRun(run: DatabaseRun): string {
  const bare = rateOf(run, BARE_ROUTE);
  const rows = [
    [
      'route',
      'req/s',
      'p50 ms',
      'p99 ms',
      'vs bare',
      'server CPU',
      'CPU µs/req',
      'bench CPU',
      'machine busy',
      'failed',
    ],
  ];
  for (const r of run.results) {
    rows.push([
      `${r.route} (${r.path})`,
      r.requestsPerSec.toFixed(0),
      r.latencyP50Ms.toFixed(0),
      r.latencyP99Ms.toFixed(0),
      bare ? percent(r.requestsPerSec / bare) : '–',
      percent(r.serverCpu),
      r.serverCpuPerRequestUs === null ? '–' : r.serverCpuPerRequestUs.toFixed(0),
      percent(r.clientCpu),
      percent(r.machineBusy),
      String(r.failed),
    ]);
  }
  const goal = goalOf(run);
  const verdict =
    goal.met === null
      ? 'goal not measured'
      : `goal (signed+session ≥ ${(run.goalRatio ?? GOAL_RATIO) * 100}% of bare): ${goal.met ? 'MET' : 'NOT MET'} at ${percent(goal.ratio)}`;
  const failures = run.results
    .filter((r) => r.failed > 0)
    .map((r) => `  ! ${r.route}: ${r.failed} failed requests, e.g. ${r.failureSample}`);
  const rss = run.results.map((r) => r.serverRssMiB).filter((m): m is number => m !== null);
  return [
    `${run.database} — ${run.version}`,
    pad(rows),
    ...(rss.length > 0 ? [`  server memory (RSS) after each route: ${rss.join(', ')} MiB`] : []),
    ...failures,
    run.error ? `  ! ${run.error}` : `  ${verdict}`,
  ].join('\n');
}

export function formatMachine(machine: MachineInfo): string {
  return `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}`;
}
