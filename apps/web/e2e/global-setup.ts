import type { TestProject } from 'vitest/node';
import { hasChromium, missingChromiumNote, startBrowserServer } from './support/chromium.ts';
import { startE2eServer } from './support/server.ts';
import { ensureWebBuild } from './support/web-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e server's address, e.g. http://127.0.0.1:40123; empty when Chromium is missing. */
    baseUrl: string;
    /** Where the run's one Chromium listens for the test files (`chromium.connect`); empty when it is missing. */
    browserWsEndpoint: string;
  }
}

/**
 * Once for the e2e project: build the web app when its build is stale, start ONE real server on a fresh database
 * with the demo data (embedded PGlite; TEST_DATABASE_URL's PostgreSQL server when set) and ONE Chromium, and give
 * their addresses to the tests (each file connects to the browser and opens contexts of its own: launching a
 * browser per file cost about half a second each). Without Chromium nothing starts and the tests skip themselves (describe.runIf(hasChromium)): `npm test`
 * on a newcomer's machine still passes.
 */
export default async function setup(project: TestProject) {
  if (!hasChromium) {
    // CI installs Chromium (.ci/run): there a missing browser is a broken set-up, not a reason to skip.
    if (process.env.CI === 'true') throw new Error(`${missingChromiumNote} CI must run the end-to-end tests.`);
    console.warn(`${missingChromiumNote} The end-to-end tests are skipped.`);
    project.provide('baseUrl', '');
    project.provide('browserWsEndpoint', '');
    return;
  }
  ensureWebBuild();
  const [server, browser] = await Promise.all([startE2eServer(), startBrowserServer()]);
  project.provide('baseUrl', server.baseUrl);
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
  };
}
