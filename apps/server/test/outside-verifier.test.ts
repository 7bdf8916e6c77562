import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRACE_CODE } from '../src/db/seed/demo-trace.ts';
import { startTestServer, type TestServer } from './harness.ts';

/*
 * The outsider's check (docs/traceability.md, "Verifying a code from outside"): scripts/verify-trace-code.py, which
 * shares no code with the platform (Python's hashlib, hmac and the cryptography package), verifies the demo code
 * against a real listening server, and refuses a key whose fingerprint is not the one printed. It needs Debian's
 * python3 with python3-cryptography (.ci/run installs it); without them it is skipped outside CI.
 */

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../../scripts/verify-trace-code.py');
const python = '/usr/bin/python3';

async function pythonReady(): Promise<boolean> {
  try {
    await run(python, ['-c', 'import cryptography']);
    return true;
  } catch {
    return false;
  }
}

const ready = await pythonReady();
if (!ready && process.env.CI === 'true') throw new Error('CI needs python3 with python3-cryptography for this test');

describe.runIf(ready)('verifying a trace code from outside, in another language', () => {
  let server: TestServer;
  let base: string;
  const env = () => ({
    ...process.env,
    APP_CODE: server.config.appCode,
    AUTH_KEY: server.config.authKey,
    AUTH_SECRET: server.config.authSecret,
  });

  beforeAll(async () => {
    server = await startTestServer();
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => server?.stop());

  it('checks every event of the demo code and prints who shipped and received how much, when', async () => {
    const key = JSON.parse((await server.call('GET', '/.well-known/jcbb-ledger-key.json')).raw);
    const { stdout } = await run(python, [script, base, DEMO_TRACE_CODE, '--key-fingerprint', key.fingerprint], {
      env: env(),
    });
    expect(stdout).toContain('signature holds');
    expect(stdout).toMatch(/ok {3}#\d+ .*赋码 issued/);
    expect(stdout).toMatch(
      /ok {3}#\d+ .*发货 shipped .*南京绿筑新型建材有限公司 → 南京恒通建材贸易有限公司 .*600 平方米 \(60 码\)/,
    );
    expect(stdout).toMatch(/ok {3}#\d+ .*收货 received/);
    expect(stdout).toContain('every record checks');
  });

  it('refuses when the key is not the one whose fingerprint was printed', async () => {
    const wrong = 'ffff ffff ffff ffff ffff ffff ffff ffff';
    const failed = await run(python, [script, base, DEMO_TRACE_CODE, '--key-fingerprint', wrong], { env: env() }).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain("FAIL: the key's fingerprint is not the one expected");
  });
});
