#!/usr/bin/env node
// After `vite build` (apps/web's `build` script): write dist/.signing-fingerprint, which key the bundle signs with.
// The server compares it with its own key at start-up and the e2e set-up before reusing a build
// (apps/server/src/lib/web-signing.ts; docs/decisions.md, "Configuration through one schema"). The file holds the
// app code, the key id and a SHA-256 of the three, never the secret itself. Plain JavaScript so the build needs no
// TypeScript loader; apps/web/write-signing-fingerprint.test.ts holds it to the server's formula.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SIGNING_FINGERPRINT_FILE = '.signing-fingerprint';

/** The key vite.config.ts builds into the bundle: the same variables, the same development defaults. */
export function signingFromEnv(env) {
  return {
    appCode: env.APP_CODE ?? 'jcbb',
    authKey: env.AUTH_KEY ?? 'jcbb-web-dev',
    secret: env.AUTH_SECRET ?? 'jcbb-web-dev-secret-change-me',
  };
}

/** What dist/.signing-fingerprint holds for a key (JSON, one line). */
export function fingerprintFileText(key) {
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([key.appCode, key.authKey, key.secret]), 'utf8')
    .digest('hex');
  return `${JSON.stringify({ appCode: key.appCode, authKey: key.authKey, fingerprint })}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
  writeFileSync(path.join(dist, SIGNING_FINGERPRINT_FILE), fingerprintFileText(signingFromEnv(process.env)));
}
