import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The event-loop watchdog (src/lib/watchdog.ts, started by main.ts; issue 22, item 12): a process whose event loop
 * no longer turns runs no SIGTERM handler and no timer, so only a thread of its own can end it. Each case is a
 * process of its own with a short limit (the server's is EVENT_LOOP_STALL_LIMIT_MS).
 */

const watchdog = pathToFileURL(path.resolve(import.meta.dirname, '../src/lib/watchdog.ts')).href;
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'jcbb-watchdog-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Run a script after starting the watchdog (limit 500 ms) and a SIGTERM handler like main.ts's; SIGTERM once ready. */
async function run(name: string, body: string) {
  const file = path.join(dir, `${name}.mts`);
  await writeFile(
    file,
    `import { startEventLoopWatchdog } from ${JSON.stringify(watchdog)};
startEventLoopWatchdog(500, 50);
// Exit code 42: the handler ran (stdout may not be flushed before an exit).
process.on('SIGTERM', () => process.exit(42));
// A server: something keeps it running until it is stopped.
setInterval(() => {}, 60_000);
${body}
process.stdout.write('ready\\n');
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: import.meta.dirname });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stdout.on('data', (d) => {
    stdout += d;
    if (stdout.includes('ready') && !child.killed) child.kill('SIGTERM');
  });
  const result = await exited;
  return { ...result, stdout, stderr };
}

describe('a process whose event loop stops', () => {
  it('ends itself although its SIGTERM handler cannot run (an endless chain of promises)', async () => {
    const r = await run(
      'promises',
      // Starts once 'ready' is written: the SIGTERM sent then is never handled.
      'setImmediate(() => { const spin = (): Promise<void> => Promise.resolve().then(spin); void spin(); });',
    );
    expect(r.signal).toBe('SIGKILL');
    expect(r.code).toBeNull();
    expect(r.stderr).toMatch(/the event loop has not turned for \d+ s; ending the process/);
  }, 30_000);

  it('ends itself in a synchronous loop too', async () => {
    const r = await run('sync', 'setImmediate(() => { for (;;) {} });');
    expect(r.signal).toBe('SIGKILL');
  }, 30_000);
});

describe('a process whose event loop turns', () => {
  it('stops gracefully on SIGTERM, and the watchdog leaves a busy but turning loop alone', async () => {
    // Busy for three times the limit in slices of 100 ms, each a task of its own: the loop turns between them.
    const r = await run(
      'busy',
      `await new Promise<void>((done) => {
  const until = Date.now() + 1_500;
  const slice = () => { const end = Date.now() + 100; while (Date.now() < end) {} if (Date.now() < until) setImmediate(slice); else done(); };
  slice();
});`,
    );
    expect(r.signal).toBeNull();
    expect(r.code).toBe(42);
  }, 30_000);
});
