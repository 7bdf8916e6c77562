import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { location, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';

/** Spec §2 and §4: unknown paths go to /404; signed-in users on /404 go home. */
describe.runIf(hasChromium)('/404', () => {
  const browser = useBrowser();

  it('shows the 404 page for an unknown path when signed out, with a way home (sign-in)', async () => {
    const page = await browser.newPage();
    await page.goto('/no/such/page?x=1');
    await page.waitForURL('**/404');
    await page.getByRole('heading', { level: 1, name: '页面不存在' }).waitFor();
    await page.getByText('您访问的页面不存在或已被移除，请检查地址是否正确。').waitFor();
    expect(await page.title()).toContain('建材帮帮');
    await page.getByRole('button', { name: '返回首页' }).click();
    // Home needs a sign-in.
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
  });

  it('sends a signed-in user on /404 home', async () => {
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.supervision);
    await page.goto('/404');
    await page.waitForURL('**/home');
    await page.getByRole('heading', { level: 1, name: /^您好，/ }).waitFor();
    expect(location(page)).toBe('/home');
    expect(await page.getByRole('heading', { name: '页面不存在' }).count()).toBe(0);
  });
});
