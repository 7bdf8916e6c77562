import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { e2eChromiumPath, launchChromium as launch } from '../../../server/bench/chromium.ts';

// The one Chromium launcher, shared with the benchmarks (they start the same server the same way); the tests run on
// Debian's headless shell of Chromium when it is installed (bench/chromium.ts).
export { missingChromiumNote } from '../../../server/bench/chromium.ts';
export const hasChromium = existsSync(e2eChromiumPath);
export const launchChromium = (): Promise<Browser> => launch(e2eChromiumPath);
