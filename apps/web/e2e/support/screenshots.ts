import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './web-build.ts';

/**
 * Pictures of a flow's screens for a person to look at, in test-results/<folder>/ (git-ignored), taken only when
 * E2E_SCREENSHOTS=1 is set: `E2E_SCREENSHOTS=1 npx vitest run --project e2e e2e/trace.e2e.test.ts`. They assert
 * nothing, and each costs the suite most of a second, so a plain `npm test` skips them. (A failed test always keeps
 * pictures of its pages: support/browser.ts.)
 */
export function screenshots(folder: string): (page: Page, name: string) => Promise<void> {
  const dir = path.join(repoRoot, 'test-results', folder);
  return async (page, name) => {
    if (process.env.E2E_SCREENSHOTS !== '1') return;
    mkdirSync(dir, { recursive: true });
    // Let antd's transitions settle (headless screenshots catch antd mid-animation).
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  };
}
