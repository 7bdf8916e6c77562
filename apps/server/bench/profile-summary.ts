/**
 * Where a server's CPU time went, from a `node --cpu-prof` profile (BENCH_CPU_PROF=1 writes one):
 *
 *   node --import tsx apps/server/bench/profile-summary.ts <file.cpuprofile> [fromEndSec] [toEndSec]
 *
 * Only samples between `fromEndSec` and `toEndSec` seconds before the profile's end are counted, so one route's
 * measured run can be picked out of a whole benchmark (default: the last 10 s but the final 0.5 s of shutdown).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A node_modules package, a node: module, a file of this repository or a V8 pseudo-frame. */
function origin(node: ProfileNode): string {
  const url = node.callFrame.url.replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/');
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  return url || `(${node.callFrame.functionName || 'native'})`;
}

function top(counts: Map<string, number>, total: number, n: number): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `${((100 * count) / total).toFixed(1).padStart(6)}%  ${name}`)
    .join('\n');
}

function add(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function main() {
  const [file, fromEnd = '10', toEnd = '0.5'] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [fromEndSec] [toEndSec]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

  const from = profile.endTime - Number(fromEnd) * 1e6;
  const to = profile.endTime - Number(toEnd) * 1e6;
  const selfByOrigin = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let time = profile.startTime;
  let counted = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node || time < from || time > to) return;
    counted += 1;
    if (node.callFrame.functionName === '(idle)') {
      idle += 1;
      return;
    }
    add(selfByOrigin, origin(node));
    // Each function once per sample, however deep the recursion.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at);
      if (!frame) break;
      const name = `${frame.callFrame.functionName || '(anonymous)'}  [${origin(frame)}]`;
      if (!seen.has(name)) {
        seen.add(name);
        add(inclusive, name);
      }
    }
  });
  if (counted === 0) throw new Error('no samples in that window');
  console.log(`${counted} samples, ${((100 * idle) / counted).toFixed(1)}% idle\n`);
  console.log(`Self time by origin:\n${top(selfByOrigin, counted, 25)}\n`);
  console.log(`Inclusive time by function:\n${top(inclusive, counted, 60)}`);
}

main();
