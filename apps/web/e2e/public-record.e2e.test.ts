import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { screenshots } from './support/screenshots.ts';

const shot = screenshots('public-record');
const WIDE = { width: 1366, height: 900 };

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The public record signed out (issue 28 item 7): the site map lists Nanjing's listed products; one leads to its
 * public page, whose 打印快照 opens the product's snapshot with the ledger head verified in the browser; the snapshot
 * prints without the site's bar. Both pages fit 1366 px and a 390 px phone without sideways scrolling.
 */
describe.runIf(hasChromium)('the public record', () => {
  const browser = useBrowser();

  it('goes from the site map to a product’s public page and its snapshot, signed out', async () => {
    const page = await browser.newPage({ viewport: WIDE });
    await page.goto('/sitemaps');
    await page.getByRole('heading', { level: 1, name: '网站地图' }).waitFor();
    await page.getByRole('link', { name: '绿色建材认证证书查验' }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'sitemaps-1366');
    const nanjing = page.getByTestId('city-320100');
    await nanjing.locator('summary').click();
    const product = nanjing.locator('.jcbb-rec__products a').first();
    const name = (await product.textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    await product.click();
    await page.waitForURL('**/product/details/external?id=*');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('link', { name: /打印快照/ }).click();
    await page.waitForURL('**/snapshot?product=*');
    await page.getByRole('heading', { level: 1, name: /产品信息快照/ }).waitFor();
    await page.getByText(name, { exact: true }).first().waitFor();
    // The head's Ed25519 signature, checked in this browser against the platform's key.
    await page
      .getByTestId('ledger-head')
      .getByText(/签名有效/)
      .waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'snapshot-1366');

    // Printed: the record alone, no site bar, no date picker or buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header.jcbb-topbar').isVisible()).toBe(false);
    expect(await page.locator('.jcbb-snap__bar').isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1, name: /产品信息快照/ }).isVisible()).toBe(true);
    await shot(page, 'snapshot-print');
  });

  it('fits a phone: the site map and a snapshot at an earlier date, no sideways scrolling', async () => {
    // The early date's answer is a 404, which the browser logs as a failed request.
    const page = await browser.newPage({
      viewport: PHONE,
      allowConsoleErrors: [/status of 404.*\/open\/public\/snapshot\/product/],
    });
    await page.goto('/sitemaps');
    await page.getByRole('heading', { level: 1, name: '网站地图' }).waitFor();
    const nanjing = page.getByTestId('city-320100');
    await nanjing.locator('summary').click();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'sitemaps-390');
    const href = await nanjing.locator('.jcbb-rec__products a').first().getAttribute('href');
    const id = new URL(href ?? '', 'http://x').searchParams.get('id');
    await page.goto(`/snapshot?product=${id}`);
    await page.getByRole('heading', { level: 1, name: /产品信息快照/ }).waitFor();
    await page
      .getByTestId('ledger-head')
      .getByText(/签名有效/)
      .waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'snapshot-390');
    // A day long before the demo: nothing was public then, said plainly.
    await page.getByLabel('查看日期').fill('2001-01-01');
    await page.getByRole('button', { name: /^查\s?看$/ }).click();
    await page.waitForURL('**/snapshot?product=*&at=2001-01-01');
    await page.getByText('没有可公开的记录').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});
