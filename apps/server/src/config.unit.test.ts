import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEV_AUTH_KEY, DEV_AUTH_SECRET, loadConfig, PRODUCTION_SECRET_MIN_LENGTH } from './config.ts';

const production = {
  NODE_ENV: 'production',
  AUTH_KEY: 'jcbb-prod-2026',
  AUTH_SECRET: 'k7Qp2vX9mW4tZ8rB1nL6yH3sD5fG0aJc',
  PUBLIC_BASE_URL: 'https://jcbb.example.cn',
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'jcbb-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Issue 23, item 5: every variable through the schema, the Config type inferred from it. */
describe('configuration schema', () => {
  it('gives every variable its default when none is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      appCode: 'jcbb',
      authKey: DEV_AUTH_KEY,
      authSecret: DEV_AUTH_SECRET,
      kvPrefix: 'jcbb:',
      ledgerSigningKey: null,
      trustProxy: false,
      certificateFont: null,
      web: { joinInfo: '' },
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('reads the variables that were read raw before', () => {
    const font = path.join(dir, 'font.ttf');
    writeFileSync(font, '');
    const config = loadConfig({
      HOST: '0.0.0.0',
      DATA_DIR: 'some/where',
      APP_CODE: 'jcbb2',
      AUTH_KEY: 'k2',
      AUTH_SECRET: 's2',
      REDIS_PREFIX: 'site-a:',
      JOIN_INFO: '  请联系本市住建委  ',
      LEDGER_SIGNING_KEY: 'ab'.repeat(32),
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      CERTIFICATE_FONT: font,
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      dataDir: path.resolve('some/where'),
      appCode: 'jcbb2',
      authKey: 'k2',
      authSecret: 's2',
      kvPrefix: 'site-a:',
      ledgerSigningKey: 'ab'.repeat(32),
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      certificateFont: font,
      web: { joinInfo: '请联系本市住建委' },
    });
    expect(loadConfig({ LEDGER_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64') }).ledgerSigningKey).toBeTruthy();
  });

  it('refuses what those variables cannot hold, one line each, never repeating a secret', () => {
    const problems = problemsOf({
      HOST: 'my host',
      APP_CODE: 'a b',
      LEDGER_SIGNING_KEY: 'not-a-key',
      CERTIFICATE_FONT: path.join(dir, 'missing.ttf'),
      TRUST_PROXY: 'true',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'APP_CODE',
      'CERTIFICATE_FONT',
      'HOST',
      'LEDGER_SIGNING_KEY',
      'TRUST_PROXY',
    ]);
    expect(problems.find((p) => p.startsWith('LEDGER_SIGNING_KEY'))).not.toContain('not-a-key');
    expect(problems.find((p) => p.startsWith('HOST'))).toContain('(got "my host")');
  });

  it('counts an empty variable as unset', () => {
    expect(loadConfig({ HOST: '', AUTH_KEY: '', REDIS_PREFIX: '', CERTIFICATE_FONT: '' })).toMatchObject({
      host: '127.0.0.1',
      authKey: DEV_AUTH_KEY,
      kvPrefix: 'jcbb:',
      certificateFont: null,
    });
  });
});

describe('production', () => {
  it('accepts real keys and an AUTH_SECRET of 32 characters or more', () => {
    expect(loadConfig(production).production).toBe(true);
    expect(
      loadConfig({ ...production, AUTH_SECRET: 'x'.repeat(PRODUCTION_SECRET_MIN_LENGTH) }).authSecret,
    ).toHaveLength(32);
  });

  it('refuses a short AUTH_SECRET, without printing it', () => {
    const problems = problemsOf({ ...production, AUTH_SECRET: 's1-short-secret' });
    expect(problems).toEqual([expect.stringMatching(/^AUTH_SECRET: must be at least 32 characters/)]);
    expect(problems[0]).not.toContain('s1-short-secret');
    expect(problemsOf({ ...production, AUTH_SECRET: 'x'.repeat(31) })).toHaveLength(1);
    // Outside production a development secret of any length is fine.
    expect(loadConfig({ AUTH_SECRET: 'short' }).authSecret).toBe('short');
  });

  it('refuses the development key and secret, and names each', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PUBLIC_BASE_URL: production.PUBLIC_BASE_URL });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['AUTH_KEY', 'AUTH_SECRET']);
  });
});
