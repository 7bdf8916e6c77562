import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { menuEntry, PHONE, signIn, useBrowser, userButton } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { screenshots } from './support/screenshots.ts';

/** Unique per run: the run's own division, whatever earlier runs left. */
const RUN = Date.now().toString(36).toUpperCase();
const DIVISION = `质量部${RUN}`;
const WIDE = { width: 1366, height: 768 };
const LONG_STEP_MS = 120_000;
const shot = screenshots('account');

/** No sideways scrolling: the page is no wider than the window. */
async function fitsWidth(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

/** The user menu's 个人中心 (the dropdown opens on a click). */
async function personalCentre(page: Page): Promise<void> {
  const item = page.getByRole('menuitem', { name: '个人中心' });
  await userButton(page).click();
  await item.click();
  await page.waitForURL('**/account/profile');
}

/**
 * Issue 28 item 5, with no external account site configured (the e2e server sets none): 个人中心 opens the console's
 * own profile, where a user changes their name and the top bar shows it; the administrator opens 组织管理 from the
 * menu, creates a division and moves a member into it, and the people tab shows the member's division.
 */
describe.runIf(hasChromium)('the account centre', () => {
  const browser = useBrowser();

  it(
    'opens the profile from 个人中心; a new name shows in the top bar',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.manufacturerStaff);
      await expect.poll(() => userButton(page).getAttribute('aria-label')).toBe('用户菜单：郑敏');
      await personalCentre(page);
      const name = page.getByLabel('姓名');
      await expect.poll(() => name.inputValue()).toBe('郑敏');
      await page.getByText('登录手机号用于登录和接收验证，暂不支持在此修改').waitFor();
      await page.getByText('本次登录').waitFor();
      await fitsWidth(page);
      await shot(page, '1-profile-1366');

      await name.fill(`郑敏${RUN}`);
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('个人资料已保存').waitFor();
      await expect.poll(() => userButton(page).getAttribute('aria-label')).toBe(`用户菜单：郑敏${RUN}`);
      // Back as it was, for the tests that read the demo's names.
      await name.fill('郑敏');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await expect.poll(() => userButton(page).getAttribute('aria-label')).toBe('用户菜单：郑敏');

      const phone = await browser.newPage({ viewport: PHONE });
      await signIn(phone, ACCOUNTS.manufacturerStaff);
      await personalCentre(phone);
      await phone.getByText('最近登录').waitFor();
      await fitsWidth(phone);
      await shot(phone, '2-profile-390');
    },
    LONG_STEP_MS,
  );

  it(
    'lets the administrator create a division from 组织管理 and move a member into it',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.manufacturer);
      // No external site: 碳交易 has no page here and is not on the menu.
      await expect(menuEntry(page, '碳交易').count()).resolves.toBe(0);
      await menuEntry(page, '组织管理').click();
      await page.waitForURL('**/account/organization**');
      await page.getByRole('tab', { name: '企业信息' }).waitFor();
      await shot(page, '3-organization-1366');

      await page.getByRole('tab', { name: '部门' }).click();
      await page.locator('.ant-table-row:visible').filter({ hasText: '生产部' }).waitFor();
      await page.getByRole('button', { name: /新建部门/ }).click();
      const create = page.getByRole('dialog', { name: '新建部门' });
      await create.getByLabel('部门名称').fill(DIVISION);
      await create.getByRole('button', { name: /确\s*定/ }).click();
      await create.waitFor({ state: 'hidden' });
      await page.locator('.ant-table-row:visible').filter({ hasText: DIVISION }).waitFor();

      await page.getByRole('button', { name: /调整成员部门/ }).click();
      const move = page.getByRole('dialog', { name: '调整成员部门' });
      await move.getByLabel('成员').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(/^郑敏/).click();
      await move.getByLabel('调入部门').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(DIVISION).click();
      await move.getByRole('button', { name: /确\s*定/ }).click();
      await move.waitFor({ state: 'hidden' });
      await page.locator('.ant-table-row:visible').filter({ hasText: DIVISION }).getByText('郑敏').waitFor();
      await fitsWidth(page);
      await shot(page, '4-divisions-1366');

      await page.getByRole('tab', { name: '人员' }).click();
      await page.locator('.ant-table-row:visible').filter({ hasText: '郑敏' }).getByText(DIVISION).waitFor();
      await shot(page, '5-people-1366');
    },
    LONG_STEP_MS,
  );
});
