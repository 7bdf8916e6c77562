import { Worker } from 'node:worker_threads';

/**
 * How long the event loop may go without turning before the process ends itself, by default (docs/decisions.md,
 * "Nothing holds the server"; EVENT_LOOP_STALL_LIMIT_S sets another). A stopped loop answers nothing, runs no timer and no signal handler: SIGTERM's graceful stop and its
 * forced exit (main.ts) never run. It stops when code never yields: an endless chain of promises that resolve
 * without I/O (an embedded-database query is such a promise: issue 22, item 12) or a synchronous loop. Nothing the
 * server does on purpose holds the loop for more than a few seconds (the largest label sheet, an embedded-database
 * query); migrations and seeds run before the watchdog starts.
 */
export const EVENT_LOOP_STALL_LIMIT_MS = 30_000;

/**
 * The watchdog: a worker thread (its own event loop) reads the time the main loop last turned, which a timer of the
 * main thread writes into shared memory each `tickMs`. Past `limitMs` it writes one line to stderr and ends the
 * whole process with SIGKILL: from a worker, `process.exit` would end only the worker, and a SIGTERM handler is the
 * very thing that cannot run. A supervisor (systemd, the container runtime) then restarts it.
 */
export function startEventLoopWatchdog(limitMs = EVENT_LOOP_STALL_LIMIT_MS, tickMs = 1_000): { stop(): void } {
  const shared = new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT);
  const beat = new BigInt64Array(shared);
  const turn = () => Atomics.store(beat, 0, BigInt(Date.now()));
  turn();
  const timer = setInterval(turn, tickMs);
  timer.unref();
  // Plain JavaScript evaluated as the worker's script: no file of its own to find beside the bundle.
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const beat = new BigInt64Array(workerData.shared);
setInterval(() => {
  const stalled = Date.now() - Number(Atomics.load(beat, 0));
  if (stalled <= workerData.limitMs) return;
  writeSync(2, '建材帮帮: the event loop has not turned for ' + Math.round(stalled / 1000) + ' s; ending the process\\n');
  process.kill(process.pid, 'SIGKILL');
}, workerData.tickMs);`,
    { eval: true, workerData: { shared, limitMs, tickMs } },
  );
  // Neither keeps the process alive on its own.
  worker.unref();
  return {
    stop() {
      clearInterval(timer);
      void worker.terminate();
    },
  };
}
