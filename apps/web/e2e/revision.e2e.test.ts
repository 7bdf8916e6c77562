import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { formItem } from './support/form.ts';

/** A demo product listed in Nanjing only (its committee is the demo's 住建委); no other e2e file names it. */
const APPROVED = '岩棉保温板';
const RUN = Date.now().toString(36).toUpperCase();
const PROPOSED = `${APPROVED}（A级不燃 ${RUN}）`;
const NANJING = '320100';
const LONG_STEP_MS = 120_000;

/** Search Nanjing's public catalogue for `fragment` and wait for its answer. */
async function searchCatalogue(page: Page, fragment: string): Promise<void> {
  await page.goto(`/cities?city=${NANJING}`);
  const search = page.getByLabel('搜索产品名称', { exact: false });
  await search.fill(fragment);
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/open/materials/show/getCityProductList') && (r.request().postData() ?? '').includes(fragment),
  );
  await search.press('Enter');
  await answered;
}

/** The product names on the catalogue's cards. */
function cardNames(page: Page): Promise<(string | null)[]> {
  return page
    .locator('[data-testid=catalogue-card] a.jcbb-cat-card__link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')));
}

/**
 * Issue 12 item 7, approved facts do not change unseen: the manufacturer renames a listed product; the catalogue keeps
 * the approved name while the platform and Nanjing's committee review the difference; once both approve, the
 * catalogue shows the new name. The steps build on each other, in order.
 */
describe.runIf(hasChromium)('a change to a listed product', () => {
  const browser = useBrowser();
  let productId = 0;

  it(
    'waits for review when the manufacturer renames a listed product; the catalogue keeps the approved name',
    async () => {
      const page = await browser.newPage();
      await signIn(page, ACCOUNTS.manufacturer);
      await page.goto('/product/list');
      const list = page.locator('form[aria-label]:visible').first();
      await formItem(list, '产品名称').locator('input').fill(APPROVED);
      await list.locator('input').first().press('Enter');
      await page.locator('.ant-table-row:visible').filter({ hasText: APPROVED }).first().waitFor();
      await page.locator('.ant-table-row:visible').getByRole('link', { name: APPROVED, exact: true }).first().click();
      await page.waitForURL('**/product/details?id=*');
      productId = Number(new URL(page.url()).searchParams.get('id'));
      expect(productId).toBeGreaterThan(0);

      await page.goto(`/productCenter/productEdit?id=${productId}`);
      const basic = page.locator('form:visible').filter({ has: page.getByRole('button', { name: '保存并下一步' }) });
      const name = formItem(basic, '产品名称').locator('input');
      await expect.poll(() => name.inputValue()).toBe(APPROVED);
      await name.fill(PROPOSED);
      await basic.getByRole('button', { name: '保存并下一步' }).click();
      await page.getByText('已提交平台和城市审核', { exact: false }).first().waitFor();
      await page.waitForURL(/[?&]step=1/);

      // The product shows the change waiting, with the approved and the proposed name side by side.
      await page.goto(`/product/details?id=${productId}`);
      const notice = page.locator('.ant-alert:visible').filter({ hasText: '有待审核的变更' });
      await notice.waitFor();
      await notice.getByText('变更前后对比').click();
      const row = notice.getByRole('row').filter({ hasText: '产品名称' });
      await row.getByText(APPROVED, { exact: true }).waitFor();
      await row.getByText(PROPOSED, { exact: true }).waitFor();

      // The public catalogue, as a visitor sees it (a signed-in user is sent to the console).
      const visitor = await browser.newPage();
      await searchCatalogue(visitor, APPROVED);
      await expect.poll(() => cardNames(visitor)).toContain(APPROVED);
      await searchCatalogue(visitor, RUN);
      await visitor.locator('.ant-empty:visible').waitFor();
      expect(await cardNames(visitor)).toEqual([]);
    },
    LONG_STEP_MS,
  );

  it(
    'is approved by the platform, then Nanjing’s committee, and only then the catalogue shows the new name',
    async () => {
      expect(productId).toBeGreaterThan(0);
      for (const auditor of [
        { mobile: ACCOUNTS.platform, queue: '/admin/revisions' },
        { mobile: ACCOUNTS.government, queue: '/gov/revisions' },
      ]) {
        const page = await browser.newPage();
        await signIn(page, auditor.mobile);
        await page.goto(auditor.queue);
        const row = page.locator('.ant-table-row:visible').filter({ hasText: APPROVED });
        await row.getByRole('link', { name: '审核', exact: true }).click();
        await page.waitForURL(`**${auditor.queue}/detail?id=*`);
        const diff = page.getByRole('row').filter({ hasText: '产品名称' });
        await diff.getByText(APPROVED, { exact: true }).waitFor();
        await diff.getByText(PROPOSED, { exact: true }).waitFor();
        await page
          .getByRole('button', { name: /审核通过$/ })
          .first()
          .click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /确\s?定|OK/ })
          .click();
        await page.waitForURL(`**${auditor.queue}`);
        if (auditor.queue === '/admin/revisions') {
          // Between the two audits the catalogue still shows the approved name.
          const check = await browser.newPage();
          await searchCatalogue(check, RUN);
          await check.locator('.ant-empty:visible').waitFor();
        }
      }
      const page = await browser.newPage();
      await searchCatalogue(page, RUN);
      await expect.poll(() => cardNames(page)).toEqual([PROPOSED]);
    },
    LONG_STEP_MS,
  );
});
