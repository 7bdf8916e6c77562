import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium } from 'playwright-core';

/**
 * Debian's Chromium, not a browser Playwright downloads: CI installs it with apt-get (`.ci/run`), and this machine
 * cannot download browsers. Two of Debian's builds of it:
 * - `/usr/bin/chromium`, the browser people run: the benchmarks (bundle-size.ts, page-times.ts) measure it;
 * - `/usr/bin/chromium-headless-shell` (package chromium-headless-shell), the same engine without the browser's own
 *   user-interface processes, which Playwright itself uses for headless tests: the end-to-end tests (apps/web/e2e) run
 *   on it when it is installed, for about a quarter less CPU (docs/performance-notes.md, "The e2e project's browser").
 * CHROMIUM_PATH points both elsewhere (another distribution's path, a local Chrome).
 */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const headlessShellPath = '/usr/bin/chromium-headless-shell';
/** The end-to-end tests' browser: CHROMIUM_PATH, else the headless shell when installed, else Chromium. */
export const e2eChromiumPath =
  process.env.CHROMIUM_PATH || (existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);
export const missingChromiumNote = `e2e: Chromium not found at ${e2eChromiumPath}; install it with apt-get install chromium chromium-headless-shell fonts-wqy-microhei (or set CHROMIUM_PATH).`;

/** No sandbox (CI runs as root in a container), no GPU, and nothing that talks to Google in the background. */
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(executablePath = chromiumPath): Promise<Browser> {
  return chromium.launch({ executablePath, args, headless: true });
}

/**
 * One Chromium that several processes drive (`chromium.connect(server.wsEndpoint())`): the e2e project's global
 * setup starts it once for all the test files, instead of each file launching its own.
 */
export function launchChromiumServer(executablePath = chromiumPath): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath, args, headless: true });
}
