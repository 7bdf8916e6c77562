import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBuiltSigning, signingFingerprint } from '../../../server/src/lib/web-signing.ts';
import { fingerprintFileText, signingFromEnv } from '../../write-signing-fingerprint.mjs';
import { e2eSigningKey, isTestSource, rebuildReason, type WebBuildState } from './web-build.ts';

const expected = signingFingerprint(e2eSigningKey);
const fresh: WebBuildState = { built: true, builtAtMs: 2_000, newestInputMs: 1_000, builtFingerprint: expected };

/** Issue 23, item 5: the e2e set-up reused a console built under other keys, and every test timed out on a 401. */
describe('whether the e2e set-up builds the console again', () => {
  it('reuses a build newer than its sources that signs with the e2e server’s key', () => {
    expect(rebuildReason(fresh, expected)).toBeNull();
  });

  it('rebuilds one made under other keys, however new', () => {
    const other = signingFingerprint({ ...e2eSigningKey, authKey: 'jcbb-prod' });
    expect(rebuildReason({ ...fresh, builtFingerprint: other }, expected)).toMatch(/another key/);
  });

  it('rebuilds one that records no key, one older than its sources, and a missing one', () => {
    expect(rebuildReason({ ...fresh, builtFingerprint: null }, expected)).toMatch(/does not record/);
    expect(rebuildReason({ ...fresh, newestInputMs: 3_000 }, expected)).toMatch(/sources changed/);
    expect(rebuildReason({ ...fresh, built: false }, expected)).toMatch(/does not exist/);
  });
});

describe('what counts as a source of the build', () => {
  it('is every file the app may import, not the component tests and their helpers', () => {
    for (const file of ['src/lib/api.ts', 'src/features/trace/pages/SendProductPage.tsx', 'src/testimonials.tsx']) {
      expect(isTestSource(path.join('/repo/apps/web', file)), file).toBe(false);
    }
    for (const file of [
      'src/lib/api.test.ts',
      'src/layout/ConsoleLayout.test.tsx',
      'src/test/fake-server.ts',
      'src/features/message/test/fake-inbox.ts',
      'src/features/certificate/testing.tsx',
      'src/features/trace/test-fixtures.ts',
    ]) {
      expect(isTestSource(path.join('/repo/apps/web', file)), file).toBe(true);
    }
  });
});

describe('the web build’s fingerprint file (apps/web/write-signing-fingerprint.mjs)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jcbb-fp-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the variables and development defaults vite.config.ts builds in', () => {
    expect(signingFromEnv({})).toEqual(e2eSigningKey);
    expect(signingFromEnv({ APP_CODE: 'a', AUTH_KEY: 'k', AUTH_SECRET: 's' })).toEqual({
      appCode: 'a',
      authKey: 'k',
      secret: 's',
    });
  });

  it('is what the server reads, and holds no secret', () => {
    const key = { appCode: 'jcbb', authKey: 'jcbb-prod', secret: 'the-secret-of-this-build-0123456789' };
    writeFileSync(path.join(dir, '.signing-fingerprint'), fingerprintFileText(key));
    expect(readBuiltSigning(dir)).toEqual({
      appCode: 'jcbb',
      authKey: 'jcbb-prod',
      fingerprint: signingFingerprint(key),
    });
    expect(readFileSync(path.join(dir, '.signing-fingerprint'), 'utf8')).not.toContain(key.secret);
  });
});
