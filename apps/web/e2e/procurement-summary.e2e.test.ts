import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { PHONE, sideMenu, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { screenshots } from './support/screenshots.ts';

/**
 * The developer's procurement summaries in the browser (docs/procurement.md, "Summaries" and "Region"): 13800000005
 * opens 建材采购 › 材料汇总 from the side menu, sees the demo projects' figures and the hospital's failing
 * lines (the demo's lists: demo-procurement.ts), drills down to one and back; then 建材采购 ›
 * 采购区域: Nanjing's districts ranked, the district map drawn (its boundaries fetched on that page only), a
 * district's suppliers. The same pages on a phone show no sideways scrolling. Screenshots at 1366 px and 390 px go
 * to test-results/procurement-summary/ (with E2E_SCREENSHOTS=1). It changes nothing.
 */

const WIDE = { width: 1366, height: 900 };
const LONG = 150_000;
const shot = screenshots('procurement-summary');

/** Click through the side menu: the group opened (unless it is), then the entry. */
async function openMenu(page: Page, group: string, name: string): Promise<void> {
  const menu = sideMenu(page);
  const entry = (text: string) => menu.getByRole('menuitem', { name: new RegExp(`(^|\\s)${text}$`) });
  if (!(await entry(name).isVisible())) {
    await entry(group).click();
    await entry(name).waitFor();
  }
  await entry(name).click();
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe.runIf(hasChromium)('procurement summaries', () => {
  const browser = useBrowser();

  it(
    'opens 材料汇总 from the menu, drills down to a failing line and back, then ranks and maps the districts',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      const fetched: string[] = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await signIn(page, ACCOUNTS.developer);
      await openMenu(page, '建材采购', '材料汇总');
      await page.waitForURL('**/buildMaterialProcurement/materialsSummary');
      const failures = page.getByRole('region', { name: '未达标的材料行' });
      const failing = failures.getByRole('link', { name: '第 6 行 光伏组件' });
      await failing.waitFor();
      // Its own reason (other lines fail for the same reason: prepare-data's rock wool, other files' lists).
      await failures.getByText(/天妃宫小学新建工程 · 光伏组件 · 尚未选定产品/).waitFor();
      await page
        .getByRole('link', { name: /天妃宫小学.*：查看明细$/ })
        .first()
        .waitFor();
      await shot(page, 'summary-1366');

      await failing.click();
      await page.waitForURL('**/buildMaterialProcurement/materialsSummaryDetail?projectId=*&categoryKey=*');
      const row = page.locator('tr', { hasText: '光伏组件' });
      await row.getByText('尚未选定产品').waitFor();
      await row.getByText('按选定产品判定').waitFor();
      await shot(page, 'detail-1366');
      await page.getByRole('link', { name: '返回材料汇总' }).click();
      await page.waitForURL(/materialsSummary\?projectId=\d+$/);
      await failures.getByRole('link', { name: '第 6 行 光伏组件' }).waitFor();
      // The district boundaries are not fetched by the summary pages.
      expect(fetched.filter((p) => p.includes('320100'))).toEqual([]);

      await openMenu(page, '建材采购', '采购区域');
      await page.waitForURL('**/buildMaterialProcurement/region');
      const ranked = page.getByRole('region', { name: '区县排行' });
      await ranked.getByRole('button').first().waitFor();
      expect(await ranked.getByRole('button').count()).toBe(11);
      // The map: Nanjing's eleven districts drawn as SVG areas, from the boundaries fetched for this page.
      const map = page.getByRole('img', { name: '南京市区县地图：按合格产品数着色' });
      await map.locator('svg path').nth(10).waitFor();
      expect(fetched.some((p) => p.includes('320100'))).toBe(true);
      const first = ranked.getByRole('button').first();
      const district = ((await first.textContent()) ?? '').match(/\d+(\S+?区)/)?.[1] ?? '';
      await first.click();
      await page.getByText(`${district}的供应企业`).waitFor();
      await shot(page, 'region-1366');
    },
    LONG,
  );

  it(
    'shows the summary, a line and the regions on a phone without sideways scrolling',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await signIn(page, ACCOUNTS.developer);
      await page.goto('/buildMaterialProcurement/materialsSummary');
      await page.getByRole('link', { name: '第 6 行 光伏组件' }).waitFor();
      await noSidewaysScroll(page);
      await shot(page, 'summary-390');
      await page.getByRole('link', { name: '第 6 行 光伏组件' }).click();
      await page.getByText('第 6 行 光伏组件').waitFor();
      await noSidewaysScroll(page);
      await shot(page, 'detail-390');
      await page.goto('/buildMaterialProcurement/region');
      await page.getByRole('region', { name: '区县排行' }).getByRole('button').first().waitFor();
      await page
        .getByRole('img', { name: /区县地图/ })
        .locator('svg path')
        .nth(10)
        .waitFor();
      await noSidewaysScroll(page);
      await shot(page, 'region-390');
    },
    LONG,
  );
});
