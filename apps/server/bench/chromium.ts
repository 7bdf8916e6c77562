import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/**
 * The browser of the end-to-end tests (apps/web/e2e) and the benchmarks (bundle-size.ts, page-times.ts).
 * Debian's Chromium, not a browser Playwright downloads: CI installs it with apt-get (`.ci/run`), and this machine
 * cannot download browsers. CHROMIUM_PATH points elsewhere (another distribution's path, a local Chrome).
 */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);
export const missingChromiumNote = `e2e: Chromium not found at ${chromiumPath}; install it with apt-get install chromium fonts-wqy-microhei (or set CHROMIUM_PATH).`;

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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args, headless: true });
}
