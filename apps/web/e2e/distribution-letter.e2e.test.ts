import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { menuEntry, PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { chooseOption, formItem } from './support/form.ts';
import { screenshots } from './support/screenshots.ts';

/** Unique per run: the signatory's title names the run, so the run's own letter is found whatever the demo holds. */
const RUN = Date.now().toString(36).toUpperCase();
const DISTRIBUTOR = '南京恒通建材贸易有限公司';
const PRODUCT = '陶瓷透水砖';
/** A province the demo letters do not name (they are for Jiangsu): the letter is the run's alone there. */
const REGION = '安徽省';
const REASON = `端到端撤销 ${RUN}`;
const LONG_STEP_MS = 120_000;
const shot = screenshots('distribution-letter');

/** A date as the pages show it, in the browser's time zone (Asia/Shanghai, UTC+8, no summer time). */
const ymd = (date: Date) => new Date(date.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
const TODAY = ymd(new Date());
const NEXT_YEAR = ymd(new Date(Date.now() + 364 * 24 * 60 * 60 * 1000));

/** Type a date into an antd DatePicker and take it. */
async function pickDate(item: Locator, date: string): Promise<void> {
  const input = item.locator('input');
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(date);
}

/** The public page at phone width, as an anonymous visitor opens it from the letter's QR code. */
async function openPublic(page: Page, publicId: string): Promise<void> {
  await page.goto(`/free/authorisation?id=${encodeURIComponent(publicId)}`);
  const badge = page.getByTestId('authorisation-verify-badge');
  await expect.poll(() => badge.getAttribute('data-state'), { timeout: 60_000 }).toBe('ok');
  expect((await badge.textContent())?.trim()).toBe('✓ 已验证');
  // No sideways scrolling at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/**
 * Issue 25 item 8, the letter's life: the manufacturer writes and issues a letter through the form, the distributor
 * accepts it, an anonymous visitor checks it on the public page at phone width (已验证, 生效中); the manufacturer
 * revokes it and the page says 已撤销. The steps build on each other, in order.
 */
describe.runIf(hasChromium)('an authorisation letter from issue to revocation', () => {
  const browser = useBrowser();
  let id = 0;
  let publicId = '';
  let number = '';

  it(
    'lets the manufacturer write the letter, preview it and issue it',
    async () => {
      const page = await browser.newPage();
      await signIn(page, ACCOUNTS.manufacturer);
      await menuEntry(page, '经销商授权').click();
      await page.waitForURL('**/agent/index');
      await page.getByRole('button', { name: '新建授权' }).click();
      await page.waitForURL('**/agent/agentForm');
      const form = page.locator('form:visible');

      await chooseOption(formItem(form, '经销商').locator('.ant-select'), DISTRIBUTOR, '恒通');
      const regions = formItem(form, '授权区域').locator('.ant-select');
      await regions.click();
      await regions.locator('input').fill(REGION);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-tree-treenode')
        .filter({ hasText: REGION })
        .locator('.ant-select-tree-checkbox')
        .click();
      await page.keyboard.press('Escape');
      await chooseOption(formItem(form, /^产品$/).locator('.ant-select'), PRODUCT);
      await formItem(form, '数量上限').locator('input').fill('800');
      await pickDate(formItem(form, '开始日期'), TODAY);
      await pickDate(formItem(form, '截止日期'), NEXT_YEAR);
      await formItem(form, /^签署人$/)
        .locator('input')
        .fill('王建国');
      await formItem(form, '签署人职务').locator('input').fill(`销售总监 ${RUN}`);
      await shot(page, '1-form');

      await form.getByRole('button', { name: '预览并签发' }).click();
      const dialog = page.getByRole('dialog', { name: '签发授权书' });
      const letter = dialog.getByTestId('letter-preview');
      await letter.getByText(`致：${DISTRIBUTOR}`).waitFor();
      await letter.getByText(`授权区域：${REGION}`).waitFor();
      await letter.getByText('本授权为非独家授权。').waitFor();
      await dialog.getByText(/这不是独家授权/).waitFor();
      await shot(page, '2-preview');
      await dialog.getByRole('button', { name: /^签\s*发$/ }).click();

      // Issued: the list opens the letter in its drawer, awaiting the distributor.
      await page.waitForURL('**/agent/index?id=*');
      id = Number(new URL(page.url()).searchParams.get('id'));
      const drawer = page.locator('.ant-drawer:visible');
      const title = drawer.getByText(/^授权书 AU[\d-]+$/);
      await title.waitFor();
      number = ((await title.textContent()) ?? '').replace('授权书', '').trim();
      await drawer.locator('.ant-tag', { hasText: '待经销商确认' }).waitFor();
      const href = await drawer.getByRole('link', { name: /公开核验页/ }).getAttribute('href');
      publicId = new URL(href ?? '', 'http://x').searchParams.get('id') ?? '';
      expect(publicId).not.toBe('');
      await shot(page, '3-issued');
    },
    LONG_STEP_MS,
  );

  it(
    'lets the distributor accept it from its letters awaiting it',
    async () => {
      expect(number).not.toBe('');
      const page = await browser.newPage();
      await signIn(page, ACCOUNTS.distributor);
      await menuEntry(page, '授权产品').click();
      await page.waitForURL('**/distributor/productList*');
      await page.getByRole('tab', { name: '授权产品' }).click();
      await page.getByRole('button', { name: '待确认' }).click();
      await page.locator('.ant-table-row:visible').getByRole('link', { name: number }).first().click();
      await page.waitForURL(`**/distributor/licensedProductDetails?id=${id}`);
      await page.getByRole('button', { name: '确认接受授权' }).click();
      await page
        .locator('.ant-modal-confirm:visible')
        .getByRole('button', { name: /确\s*定|确认|OK/ })
        .click();
      await page.getByText('已确认接受').first().waitFor();
      await shot(page, '4-accepted');
    },
    LONG_STEP_MS,
  );

  it(
    'shows an anonymous visitor on a phone the letter verified and in force',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await openPublic(page, publicId);
      expect((await page.getByTestId('authorisation-state').textContent())?.trim()).toBe('生效中');
      const facts = page.getByTestId('authorisation-facts');
      await facts.getByText(DISTRIBUTOR).waitFor();
      await facts.getByText(REGION).waitFor();
      await facts.getByText(PRODUCT).waitFor();
      await facts.getByText(`${TODAY} ~ ${NEXT_YEAR}`).waitFor();
      expect(await facts.getByText('平台记录').count()).toBe(0);
      await shot(page, '5-public-active');
    },
    LONG_STEP_MS,
  );

  it(
    'lets the manufacturer revoke it with a reason, and the public page says 已撤销',
    async () => {
      const page = await browser.newPage();
      await signIn(page, ACCOUNTS.manufacturer);
      await page.goto(`/agent/index?id=${id}`);
      const drawer = page.locator('.ant-drawer:visible');
      await drawer.locator('.ant-tag', { hasText: '生效中' }).waitFor();
      await drawer.getByRole('button', { name: /^stop 撤\s*销$|^撤\s*销$/ }).click();
      const dialog = page.getByRole('dialog', { name: /^撤销授权 AU/ });
      await dialog.locator('textarea').fill(REASON);
      await dialog.getByRole('button', { name: /^撤\s*销$/ }).click();
      await drawer.locator('.ant-tag', { hasText: '已撤销' }).waitFor();
      await drawer.getByText(REASON, { exact: false }).waitFor();

      const visitor = await browser.newPage({ viewport: PHONE });
      await openPublic(visitor, publicId);
      expect((await visitor.getByTestId('authorisation-state').textContent())?.trim()).toBe('已撤销');
      await visitor.getByText(`原因：${REASON}`).waitFor();
      await shot(visitor, '6-public-revoked');
    },
    LONG_STEP_MS,
  );
});
