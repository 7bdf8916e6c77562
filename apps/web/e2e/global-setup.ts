import type { TestProject } from 'vitest/node';
import { hasChromium, missingChromiumNote } from './support/chromium.ts';
import { startE2eServer } from './support/server.ts';
import { ensureWebBuild } from './support/web-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e server's address, e.g. http://127.0.0.1:40123; empty when Chromium is missing. */
    baseUrl: string;
  }
}

/**
 * Once for the e2e project: build the web app when its build is stale, start ONE real server on a fresh database
 * with the demo data (embedded PGlite; TEST_DATABASE_URL's PostgreSQL server when set), and give its address to
 * the tests. Without Chromium nothing starts and the tests skip themselves (describe.runIf(hasChromium)): `npm test`
 * on a newcomer's machine still passes.
 */
export default async function setup(project: TestProject) {
  if (!hasChromium) {
    // CI installs Chromium (.ci/run): there a missing browser is a broken set-up, not a reason to skip.
    if (process.env.CI === 'true') throw new Error(`${missingChromiumNote} CI must run the end-to-end tests.`);
    console.warn(`${missingChromiumNote} The end-to-end tests are skipped.`);
    project.provide('baseUrl', '');
    return;
  }
  ensureWebBuild();
  const server = await startE2eServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
