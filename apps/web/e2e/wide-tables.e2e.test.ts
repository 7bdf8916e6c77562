import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';

/** The office screen the consoles are laid out for (1366 × 768 is the commonest in government offices). */
const OFFICE = { width: 1366, height: 768 };

/**
 * The visible tables of a page, each as [its content's width, its box's width]. A table wider than its box scrolls
 * sideways, and with the actions column fixed on the right, columns then hide under it (as 推荐, 更新时间 and 说明
 * did): the lists below must show all their columns at once.
 */
async function tableWidths(page: Page, path: string): Promise<[number, number][]> {
  await page.goto(path);
  await page.locator('.ant-table-row:visible, .ant-table-placeholder:visible').first().waitFor();
  await page.locator('.ant-table .ant-spin-spinning:visible').waitFor({ state: 'detached' });
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => [el.scrollWidth, el.clientWidth] as [number, number]),
  );
}

describe.runIf(hasChromium)('console lists at office and phone width', () => {
  const browser = useBrowser();

  it.each([
    [
      ACCOUNTS.manufacturer,
      [
        '/product/list',
        '/product/spotCheck',
        '/productCenter/productManagement',
        '/specs/list',
        '/productManuals',
        '/blockchain/storage/index',
        '/blockchain/myApplys/index',
        '/blockchain/certificate/index',
      ],
    ],
    [ACCOUNTS.platform, ['/admin/listings', '/admin/elements', '/admin/organizations', '/admin/basic-materials']],
    [ACCOUNTS.government, ['/gov/listings']],
    [ACCOUNTS.certificationBody, ['/blockchain/approval/index']],
  ])('show %s every column without sideways scrolling', async (account, paths) => {
    await fitAll(OFFICE, account, paths);
  });

  // On a phone secondary facts move into the first column, so the key ones stay in view.
  it.each([
    [
      ACCOUNTS.manufacturer,
      [
        '/product/spotCheck',
        '/productManuals',
        '/organization/members',
        '/blockchain/storage/index',
        '/blockchain/myApplys/index',
        '/blockchain/certificate/index',
      ],
    ],
    [ACCOUNTS.platform, ['/admin/elements', '/admin/organizations', '/admin/certification']],
  ])('show %s its lists on a phone without sideways scrolling', async (account, paths) => {
    await fitAll(PHONE, account, paths);
  });

  async function fitAll(viewport: { width: number; height: number }, account: string, paths: string[]) {
    const page = await browser.newPage({ viewport });
    await signIn(page, account);
    for (const path of paths) {
      const widths = await tableWidths(page, path);
      expect(widths.length, path).toBeGreaterThan(0);
      for (const [content, box] of widths) expect(content, path).toBeLessThanOrEqual(box + 1);
    }
  }
});
