import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../../../server/src/config.ts';
import { readBuiltSigning, signingFingerprint } from '../../../server/src/lib/web-signing.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const webDir = path.join(repoRoot, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

/** What the web build is made of: a change to any of these makes apps/web/dist stale. */
const inputs = [
  path.join(webDir, 'src'),
  path.join(webDir, 'public'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'public.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'vite-precompress.ts'),
  path.join(webDir, 'vite-chunk-groups.ts'),
  path.join(webDir, 'vite-antd-styles.ts'),
  path.join(webDir, 'write-signing-fingerprint.mjs'),
  path.join(webDir, 'package.json'),
  path.join(repoRoot, 'packages/contract/src'),
  path.join(repoRoot, 'package-lock.json'),
];

/**
 * Files under the inputs that the build never reads: component tests and their helpers (`*.test.ts(x)`, a `test/`
 * folder, a feature's `testing.tsx`, `test-*.ts`). Editing one does not make the build stale.
 */
export function isTestSource(file: string): boolean {
  return /(\.test\.tsx?|[\\/]test[\\/].*|[\\/]testing\.tsx?|[\\/]test-[^\\/]*\.tsx?)$/.test(file);
}

function newestChange(file: string): number {
  if (!existsSync(file) || isTestSource(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce((newest, name) => Math.max(newest, newestChange(path.join(file, name))), 0);
}

/**
 * The key the e2e server signs with: the development key, whatever the shell says (bench/server-process.ts sets
 * APP_CODE, AUTH_KEY and AUTH_SECRET for it). The console must be built with the same, or every sign-in is refused.
 */
export const e2eSigningKey = { appCode: 'jcbb', authKey: DEV_AUTH_KEY, secret: DEV_AUTH_SECRET };

/** What decides whether apps/web/dist can be reused. */
export interface WebBuildState {
  /** apps/web/dist/index.html exists. */
  built: boolean;
  /** When it was written (ms). */
  builtAtMs: number;
  /** The newest change among the build's inputs (ms). */
  newestInputMs: number;
  /** The build's recorded signing fingerprint (dist/.signing-fingerprint), null when it has none. */
  builtFingerprint: string | null;
}

/**
 * Why apps/web/dist must be built again, or null when it can be reused: it signs with the e2e server's key and is
 * newer than everything it is built from. A build made under other keys (`AUTH_KEY=… npm start`) is newer than the
 * sources too; reused, every e2e test timed out on a refused sign-in (issue 23, item 5).
 */
export function rebuildReason(state: WebBuildState, expectedFingerprint: string): string | null {
  if (!state.built) return 'apps/web/dist does not exist';
  if (state.builtFingerprint === null) return 'the build does not record its signing key (dist/.signing-fingerprint)';
  if (state.builtFingerprint !== expectedFingerprint)
    return "it was built to sign with another key than the e2e server's";
  return state.newestInputMs > state.builtAtMs ? 'its sources changed since the last build' : null;
}

/** Why apps/web/dist must be built again, or null when it is newer than everything it is built from. */
export function staleReason(): string | null {
  const built = existsSync(builtIndex);
  return rebuildReason(
    {
      built,
      builtAtMs: built ? statSync(builtIndex).mtimeMs : 0,
      newestInputMs: built ? Math.max(...inputs.map(newestChange)) : 0,
      builtFingerprint: readBuiltSigning(path.join(webDir, 'dist'))?.fingerprint ?? null,
    },
    signingFingerprint(e2eSigningKey),
  );
}

/** `npm run build -w apps/web` when the build is stale; the tests run against what users get. */
export function ensureWebBuild(): void {
  const reason = process.env.E2E_REBUILD === '1' ? 'E2E_REBUILD=1' : staleReason();
  if (!reason) return;
  console.log(`e2e: building the web app (${reason})…`);
  // A production build whatever runs this: Vitest sets NODE_ENV=test, which Vite would pass on to React, building its
  // development version (about 200 KB more) — not what users receive, nor what the wire budget must weigh.
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_CODE: e2eSigningKey.appCode,
      AUTH_KEY: e2eSigningKey.authKey,
      AUTH_SECRET: e2eSigningKey.secret,
    },
  });
}
