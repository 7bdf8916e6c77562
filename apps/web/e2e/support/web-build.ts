import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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
  path.join(webDir, 'package.json'),
  path.join(repoRoot, 'packages/contract/src'),
  path.join(repoRoot, 'package-lock.json'),
];

function newestChange(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce((newest, name) => Math.max(newest, newestChange(path.join(file, name))), 0);
}

/**
 * The bundle's signing key comes from these variables at build time (vite.config.ts): a dist built under other
 * values does not sign the way the server started by the tests checks.
 */
const signingVariables = ['APP_CODE', 'AUTH_KEY', 'AUTH_SECRET'];

/** Why apps/web/dist must be built again, or null when it is newer than everything it is built from. */
export function staleReason(): string | null {
  if (!existsSync(builtIndex)) return 'apps/web/dist does not exist';
  if (signingVariables.some((name) => process.env[name])) return 'signing variables are set';
  const built = statSync(builtIndex).mtimeMs;
  const changed = Math.max(...inputs.map(newestChange));
  return changed > built ? 'its sources changed since the last build' : null;
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
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
