import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBuiltSigning, SIGNING_FINGERPRINT_FILE, signingFingerprint, webSigningMismatch } from './web-signing.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'jcbb-web-signing-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dev = { appCode: 'jcbb', authKey: 'jcbb-web-dev', secret: 'jcbb-web-dev-secret-change-me' };

/** A built console in a folder of its own: index.html and, unless null, the fingerprint file of `key`. */
function build(name: string, key: typeof dev | null): string {
  const dist = path.join(root, name);
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  if (key) {
    const file = { appCode: key.appCode, authKey: key.authKey, fingerprint: signingFingerprint(key) };
    writeFileSync(path.join(dist, SIGNING_FINGERPRINT_FILE), `${JSON.stringify(file)}\n`);
  }
  return dist;
}

describe('the built console’s signing key', () => {
  it('is a SHA-256 of the three values, never the secret itself', () => {
    expect(signingFingerprint(dev)).toMatch(/^[0-9a-f]{64}$/);
    expect(signingFingerprint({ ...dev, secret: 'other' })).not.toBe(signingFingerprint(dev));
    const dist = build('written', dev);
    expect(readBuiltSigning(dist)).toEqual({
      appCode: 'jcbb',
      authKey: 'jcbb-web-dev',
      fingerprint: signingFingerprint(dev),
    });
  });

  it('matches: nothing to say', () => {
    expect(webSigningMismatch(build('same', dev), dev)).toBeNull();
  });

  it('names another key id and says how to rebuild', () => {
    const message = webSigningMismatch(build('other-key', { ...dev, authKey: 'jcbb-prod' }), dev);
    expect(message).toContain('AUTH_KEY=jcbb-prod, this server APP_CODE=jcbb AUTH_KEY=jcbb-web-dev');
    expect(message).toContain('npm run build');
  });

  it('tells another secret under the same key id, without printing either secret', () => {
    const message = webSigningMismatch(build('other-secret', { ...dev, secret: 'a-secret-of-the-build' }), dev);
    expect(message).toContain('another AUTH_SECRET');
    expect(message).not.toContain('a-secret-of-the-build');
    expect(message).not.toContain(dev.secret);
  });

  it('cannot tell without a build or without the file (a build made before it)', () => {
    expect(webSigningMismatch(path.join(root, 'nothing'), dev)).toBeNull();
    expect(webSigningMismatch(build('old', null), dev)).toBeNull();
  });
});
