import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { bell, menuEntry, messagePanel, PHONE, sideMenu, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { formItem } from './support/form.ts';
import { screenshots } from './support/screenshots.ts';

/** Unique per run: the title and the visitor's message tell this run's card and lead from earlier ones. */
const RUN = Date.now().toString(36).toUpperCase();
const TITLE = `区域销售经理 ${RUN}`;
const VISITOR = `访客${RUN}`;
const WIDE = { width: 1366, height: 768 };
const LONG_STEP_MS = 120_000;
const shot = screenshots('business-card');

/** No sideways scrolling: the page is no wider than the window. */
async function fitsWidth(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

/**
 * Issue 28 item 1: the manufacturer's staff member makes and publishes a card through the form; a visitor, signed
 * out, on a phone, opens its public page (the phone masked, no sideways scrolling) and sends the contact form with
 * consent; back signed in, the lead is on the dashboard and the message in the bell. The steps build on each other.
 */
describe.runIf(hasChromium)('the smart business card', () => {
  const browser = useBrowser();
  let link = '';

  it(
    'lets the staff member make and publish a card from the menu',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.manufacturerStaff);
      await menuEntry(page, '营销管理').click();
      await sideMenu(page).getByRole('menuitem', { name: '智能名片' }).click();
      await page.waitForURL('**/marketing/dashboard');
      const form = page.locator('form').first();
      await formItem(form, '姓名').locator('input').waitFor();
      await formItem(form, '职务').locator('input').fill(TITLE);
      await formItem(form, '个人简介').locator('textarea').fill('专注绿色建材，欢迎联系。');
      const products = formItem(form, '展示产品').locator('.ant-select');
      await products.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await page.keyboard.press('Escape');
      await page.getByRole('checkbox', { name: /发布名片/ }).check();
      // The preview follows the form.
      await page.locator('.card-public__title', { hasText: TITLE }).waitFor();
      await page.getByRole('button', { name: /^保\s*存$/ }).click();
      await page.getByText('名片已保存').waitFor();
      const url = new URL(((await page.getByTestId('card-link').textContent()) ?? '').trim());
      expect(url.pathname).toBe('/free/card');
      expect(url.searchParams.get('from')).toBe('link');
      link = `${url.pathname}${url.search}`;
      await fitsWidth(page);
      await shot(page, '1-dashboard-1366');
    },
    LONG_STEP_MS,
  );

  it(
    'shows a signed-out visitor on a phone the card with the number masked, and takes the contact form with consent',
    async () => {
      expect(link).not.toBe('');
      const page = await browser.newPage({ viewport: PHONE });
      await page.goto(link);
      await page.getByText(TITLE).waitFor();
      expect(((await page.getByTestId('card-phone').textContent()) ?? '').trim()).toBe('138****0009');
      await page.getByText('南京绿筑新型建材有限公司').first().waitFor();
      await page.getByText('企业资质（实时）').waitFor();
      await fitsWidth(page);
      await shot(page, '2-public-390');

      await page.getByLabel('您的姓名').fill(VISITOR);
      await page.getByLabel('公司名称').fill('某建设集团');
      await page.getByLabel('手机号或邮箱').fill('13912340000');
      await page.getByLabel('合作意向').fill(`想了解报价 ${RUN}`);
      await page.getByRole('button', { name: /^提\s*交$/ }).click();
      // Without consent the form does not go.
      await page.locator('.ant-form-item-explain-error').filter({ hasText: '请勾选同意后再提交' }).waitFor();
      await page.getByRole('checkbox', { name: /同意将以上信息提供给该企业/ }).check();
      await page.getByRole('button', { name: /^提\s*交$/ }).click();
      await page.getByText('已提交，对方会尽快与您联系。').waitFor();
      await fitsWidth(page);
      await shot(page, '3-public-sent-390');
    },
    LONG_STEP_MS,
  );

  it(
    'puts the lead on the owner’s dashboard and the message in the bell',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.manufacturerStaff);
      await menuEntry(page, '营销管理').click();
      await sideMenu(page).getByRole('menuitem', { name: '智能名片' }).click();
      await page.waitForURL('**/marketing/dashboard');
      await page.locator('.ant-table-row').filter({ hasText: VISITOR }).waitFor();
      await shot(page, '4-dashboard-lead-1366');
      await bell(page).click();
      await messagePanel(page)
        .getByText(new RegExp(`名片收到合作意向：${VISITOR}`))
        .first()
        .waitFor();
    },
    LONG_STEP_MS,
  );
});
