// The one Chromium launcher, shared with the benchmarks (they start the same server the same way).
export { chromiumPath, hasChromium, launchChromium, missingChromiumNote } from '../../../server/bench/chromium.ts';
