import { describe, expect, it } from 'vitest';
import { REMOTE_LOGIN_MOBILE } from './support/accounts.ts';
import { location, menuEntry, signIn, submitSignIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';

/** The superseded token's calls are refused (10101 / HTTP 401): the browser logs those refusals. */
const refused = { allowConsoleErrors: [/status of 401/] };

/**
 * Spec §8: a sign-in elsewhere ends this browser's session (invalidIndex 2); the next call shows the remote-login
 * reminder. Only this file signs in as 13800000005.
 */
describe.runIf(hasChromium)('remote-login reminder', () => {
  const browser = useBrowser();

  /** Signed in in one browser, then again in another: the first one's next call meets the reminder. */
  async function supersededPage() {
    const first = await browser.newPage(refused);
    await signIn(first, REMOTE_LOGIN_MOBILE);
    const second = await browser.newPage();
    await signIn(second, REMOTE_LOGIN_MOBILE);
    await menuEntry(first, '企业认证').click();
    const dialog = first.getByRole('dialog').filter({ hasText: '登录环境变化提醒' });
    await dialog.waitFor();
    await dialog.getByText('您的账号已在其他环境登录，当前登录已失效。').waitFor();
    return { page: first, dialog };
  }

  it('offers 修改密码 and 取消; 取消 goes to sign-in', async () => {
    const { page, dialog } = await supersededPage();
    await dialog.getByRole('button', { name: '修改密码' }).waitFor();
    await dialog.getByRole('button', { name: /^取\s?消$/ }).click();
    await page.waitForURL('**/login');
    expect(location(page)).toBe('/login');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jcbb_token'))).toBeNull();
  });

  it('修改密码 signs in again and opens the change-password page', async () => {
    const { page, dialog } = await supersededPage();
    await dialog.getByRole('button', { name: '修改密码' }).click();
    await page.waitForURL('**/login?redirect=*');
    expect(location(page)).toBe(`/login?redirect=${encodeURIComponent('/user/password')}`);
    await submitSignIn(page, REMOTE_LOGIN_MOBILE, '');
    await page.waitForURL('**/user/password');
    await page.getByLabel('原密码').waitFor();
    await page.getByLabel('新密码', { exact: true }).waitFor();
  });
});
