import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { bell, location, messagePanel, PHONE, sideMenu, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';

/** Spec §2: below 992 px the side menu is a drawer that closes when the route changes. */
describe.runIf(hasChromium)('phone-width console', () => {
  const browser = useBrowser();

  it('opens the menu as a drawer from the menu button and closes it on navigating', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.manufacturer);
    await page.getByRole('heading', { level: 1, name: /^您好，/ }).waitFor();
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await sideMenu(page).count()).toBe(0);

    const open = page.getByRole('button', { name: '打开菜单' });
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await open.click();
    const drawer = page.locator('.ant-drawer').filter({ has: sideMenu(page) });
    await sideMenu(page).waitFor();
    const close = page.getByRole('button', { name: '关闭菜单' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    const width = (await drawer.locator('.ant-drawer-content-wrapper').boundingBox())?.width;
    expect(width).toBeCloseTo(210, 0);

    await sideMenu(page).getByRole('link', { name: '企业认证' }).click();
    await page.waitForURL('**/organization/orgnizationVerification');
    await sideMenu(page).waitFor({ state: 'hidden' });
    await page.getByText('认证状态').waitFor();
    expect(await page.getByRole('button', { name: '打开菜单' }).getAttribute('aria-expanded')).toBe('false');

    // A page inside a group: open the group in the drawer, pick the page; the drawer closes again.
    await page.getByRole('button', { name: '打开菜单' }).click();
    await sideMenu(page).waitFor();
    await sideMenu(page).getByRole('menuitem', { name: '产品中心' }).click();
    await sideMenu(page).getByRole('link', { name: '产品列表' }).click();
    await page.waitForURL('**/product/list');
    await sideMenu(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /新增产品/ }).waitFor();
    expect(location(page)).toBe('/product/list');
  });

  it('fits the message popover into the phone’s width', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, ACCOUNTS.manufacturer);
    await bell(page).click();
    const panel = messagePanel(page);
    await panel.getByRole('listitem').first().waitFor();
    const box = await panel.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  });
});
