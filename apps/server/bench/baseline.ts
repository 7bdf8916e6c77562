/**
 * `node --import tsx apps/server/bench/baseline.ts`: what plain Fastify does on this machine for a GET without a
 * body and for a POST with a signed-size JSON body and a Bearer header, measured like `npm run bench`. It shows
 * how much of the gap between our bare and signed routes is HTTP and Node themselves (docs/performance.md).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { signParams } from '@jcbb/contract';
import autocannon, { type RequestSpec } from 'autocannon';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';
import { processCpuSeconds } from './machine.ts';
import { repoRoot } from './server-process.ts';

const port = 20_000 + Math.floor(Math.random() * 20_000);
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/baseline-server.ts'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});

async function main() {
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  if (!chunk.toString().includes('ready') || child.pid === undefined) throw new Error('baseline server did not start');
  const key = { appCode: 'jcbb', authKey: DEV_AUTH_KEY, secret: DEV_AUTH_SECRET };
  // A token of the real length: 32 random bytes in base64url.
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${'x'.repeat(43)}` };
  const body = JSON.stringify(signParams('POST', '/post', {}, key));
  const specs: [string, RequestSpec][] = [
    ['GET, no body', { method: 'GET', path: '/get' }],
    // One body for all: this server checks no signature, and signing each request would load the client instead.
    ['POST, signed-size JSON body + Bearer', { method: 'POST', path: '/post', headers, body }],
  ];
  let getRate = 0;
  for (const [name, spec] of specs) {
    const options = { url: `http://127.0.0.1:${port}`, connections: 50, requests: [spec] };
    await autocannon({ ...options, duration: 2 });
    const before = processCpuSeconds(child.pid);
    const result = await autocannon({ ...options, duration: 10 });
    const after = processCpuSeconds(child.pid);
    const cpu = before === null || after === null ? '–' : (((after - before) / result.requests.total) * 1e6).toFixed(0);
    getRate ||= result.requests.average;
    const share = Math.round((100 * result.requests.average) / getRate);
    console.log(
      `${name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p99 ${result.latency.p99} ms  ` +
        `${cpu} µs server CPU/req  ${share}% of the GET  (${result.non2xx} non-2xx)`,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => child.kill('SIGTERM'));
