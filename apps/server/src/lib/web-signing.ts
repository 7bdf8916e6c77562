import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which key the built console signs with. The web build embeds APP_CODE, AUTH_KEY and AUTH_SECRET as they were at
 * build time (apps/web/vite.config.ts) and writes this file beside its index.html
 * (apps/web/write-signing-fingerprint.mjs): the app code, the key id and a SHA-256 of the three, never the secret.
 * A server started with other keys refuses every request of that console (10002, 401 at sign-in); comparing the
 * file with the server's own keys says so at start-up instead (docs/decisions.md, "Configuration through one
 * schema"). The e2e set-up compares it before reusing a build (apps/web/e2e/support/web-build.ts).
 */
export const SIGNING_FINGERPRINT_FILE = '.signing-fingerprint';

export interface SigningKeyValues {
  appCode: string;
  authKey: string;
  secret: string;
}

/** SHA-256 (hex) of the three values, as apps/web/write-signing-fingerprint.mjs computes it. */
export function signingFingerprint(key: SigningKeyValues): string {
  return createHash('sha256')
    .update(JSON.stringify([key.appCode, key.authKey, key.secret]), 'utf8')
    .digest('hex');
}

export interface BuiltSigning {
  appCode: string;
  authKey: string;
  fingerprint: string;
}

/** The fingerprint file of a built console, or null when there is none (no build, or one made before the file). */
export function readBuiltSigning(webDist: string): BuiltSigning | null {
  const file = path.join(webDist, SIGNING_FINGERPRINT_FILE);
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuiltSigning>;
    if (typeof value.fingerprint !== 'string') return null;
    return {
      appCode: String(value.appCode ?? ''),
      authKey: String(value.authKey ?? ''),
      fingerprint: value.fingerprint,
    };
  } catch {
    return null;
  }
}

/**
 * Why the console built in `webDist` cannot sign in to a server with `key`, or null when it can or cannot be told
 * (no console built there, or a build without the fingerprint file).
 */
export function webSigningMismatch(webDist: string, key: SigningKeyValues): string | null {
  if (!existsSync(path.join(webDist, 'index.html'))) return null;
  const built = readBuiltSigning(webDist);
  if (!built || built.fingerprint === signingFingerprint(key)) return null;
  const differs =
    built.appCode !== key.appCode || built.authKey !== key.authKey
      ? `APP_CODE=${built.appCode} AUTH_KEY=${built.authKey}, this server APP_CODE=${key.appCode} AUTH_KEY=${key.authKey}`
      : `the same APP_CODE and AUTH_KEY (${key.authKey}) but another AUTH_SECRET`;
  return (
    `the web console in ${webDist} was built to sign with another key than this server's (${differs}): ` +
    'the server will refuse every sign-in from it. Rebuild it under the same APP_CODE, AUTH_KEY and AUTH_SECRET ' +
    'as the server: `npm run build` (or `npm run build -w apps/web`) with those variables set.'
  );
}
