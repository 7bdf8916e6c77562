import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium } from 'playwright-core';
import { e2eChromiumPath, launchChromiumServer } from '../../../server/bench/chromium.ts';

// The one Chromium launcher, shared with the benchmarks (they start the same server the same way); the tests run on
// Debian's headless shell of Chromium when it is installed (bench/chromium.ts).
export { missingChromiumNote } from '../../../server/bench/chromium.ts';
export const hasChromium = existsSync(e2eChromiumPath);
/** The run's one browser, started by the global setup; each test file connects to it (support/browser.ts). */
export const startBrowserServer = (): Promise<BrowserServer> => launchChromiumServer(e2eChromiumPath);
export const connectChromium = (wsEndpoint: string): Promise<Browser> => chromium.connect(wsEndpoint);
