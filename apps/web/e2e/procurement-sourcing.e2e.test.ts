import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { chooseOption, formItem } from './support/form.ts';
import { screenshots } from './support/screenshots.ts';

/**
 * Sourcing in the browser (docs/procurement.md, "Selection and purchase"): the developer compares the candidates of
 * the school's rock wool line (prepare-data.ts writes it), sends an inquiry to 南京绿筑 and 南京恒通; each quotes its
 * sealed price; the developer closes quoting, reads the quotes and awards one with a reason; the draft order exists.
 * Then the pages on a phone without sideways scrolling. Screenshots at 1366 px and 390 px go to
 * test-results/procurement-sourcing/ (with E2E_SCREENSHOTS=1).
 */

const WIDE = { width: 1366, height: 900 };
const RUN = Date.now().toString(36).toUpperCase();
const TITLE = `岩棉询价-${RUN}`;
const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';
const LINE = '外墙岩棉保温板（端到端询价）';
const shot = screenshots('procurement-sourcing');
const LONG = 240_000;

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

async function confirm(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The selection page on the school. */
async function openSchool(page: Page): Promise<void> {
  await page.goto('/buildMaterialProcurement/selectionAndPurchase');
  await chooseOption(page.locator('.ant-card-extra .ant-select, .ant-card-body .ant-select').first(), SCHOOL);
  await page.getByText(LINE).waitFor();
}

/** A supplier opens the inquiry and submits its price for the rock wool TR10 50. */
async function quote(page: Page, mobile: string, price: string): Promise<void> {
  await signIn(page, mobile);
  await page.goto('/procurementSales/inquiries');
  await page.getByRole('link', { name: TITLE }).first().click();
  await page.waitForURL(/procurementSales\/inquiryDetail\?id=\d+/);
  await page.getByText(/报价密封/).waitFor();
  await chooseOption(page.locator('.ant-select', { has: page.getByLabel('报价规格 1') }), /^岩棉保温板 TR10 50 厚/);
  await page.getByLabel('单价（元） 1').fill(price);
  const date = page.getByLabel('交货日期 1');
  await date.click();
  await date.fill('2027-03-01');
  await date.press('Enter');
  await page.getByRole('button', { name: '保存报价' }).click();
  await page.getByRole('button', { name: '提交报价' }).click();
  await confirm(page);
  await page.getByRole('button', { name: '撤回报价' }).waitFor();
}

describe.runIf(hasChromium)('an inquiry from the selection page to the order', () => {
  const browser = useBrowser();

  it(
    'is sent to two suppliers, quoted sealed by each, closed and awarded with a reason into a draft order',
    async () => {
      const buyer = await browser.newPage({ viewport: WIDE });
      await signIn(buyer, ACCOUNTS.developer);
      await openSchool(buyer);
      const item = buyer.locator('.item-list li', { hasText: LINE });
      await item.getByRole('button', { name: '查看候选' }).click();
      await buyer.getByText(`候选产品：${LINE}`).waitFor();
      await buyer
        .getByText(/南京恒通建材贸易有限公司/)
        .first()
        .waitFor();
      await shot(buyer, 'selection-1366');
      await noSidewaysScroll(buyer);

      await item.getByRole('button', { name: '加入询价' }).click();
      await buyer.getByRole('button', { name: '发起询价' }).click();
      const form = buyer.locator('.ant-modal form');
      await formItem(form, '询价标题').locator('input').fill(TITLE);
      const deadline = formItem(form, '报价截止时间').locator('input');
      await deadline.click();
      await deadline.fill('2099-12-31 17:00');
      await deadline.press('Enter');
      const suppliers = formItem(form, '邀请供应商').locator('.ant-select');
      await chooseOption(suppliers, '南京绿筑新型建材有限公司');
      await chooseOption(suppliers, '南京恒通建材贸易有限公司');
      await buyer
        .locator('.ant-modal')
        .getByRole('button', { name: /保存草稿/ })
        .click();
      await buyer.waitForURL(/inquiryDetail\?id=\d+/);
      const inquiryPath = new URL(buyer.url()).pathname + new URL(buyer.url()).search;
      await buyer.getByRole('button', { name: /^发\s*布$/ }).click();
      await confirm(buyer);
      await buyer.getByText(/报价截止前不公开报价内容/).waitFor();

      const maker = await browser.newPage({ viewport: WIDE });
      await quote(maker, ACCOUNTS.manufacturer, '36');
      await shot(maker, 'supplier-quote-1366');
      const dealer = await browser.newPage({ viewport: WIDE });
      await quote(dealer, ACCOUNTS.distributor, '37');

      // Sealed until quoting closes: the buyer sees the count only, then closes quoting and reads both quotes.
      await buyer.goto(inquiryPath);
      await buyer
        .getByText(/已收到报价 2 份/)
        .first()
        .waitFor();
      await buyer.getByRole('button', { name: '提前截止报价' }).click();
      await confirm(buyer);
      await buyer.getByText('南京绿筑新型建材有限公司', { exact: true }).first().waitFor();
      await buyer.getByText('¥28800.00').first().waitFor();
      await shot(buyer, 'inquiry-compare-1366');
      const row = buyer.locator('tr', { hasText: '¥28800.00' });
      await row.getByRole('button', { name: /定\s*标/ }).click();
      const reason = buyer.locator('.ant-modal:visible');
      await reason.getByRole('textbox').fill('价格最低，证书覆盖需用日期');
      await reason.getByRole('button', { name: /定\s*标/ }).click();
      await buyer.getByRole('link', { name: /^CG\d{12}$/ }).waitFor();
      await buyer.getByText('已定标').first().waitFor();
      await shot(buyer, 'inquiry-awarded-1366');

      // The pages on a phone (one session per account: the desk pages close first).
      await Promise.all([buyer.close(), maker.close(), dealer.close()]);
      const phone = await browser.newPage({ viewport: PHONE });
      await signIn(phone, ACCOUNTS.developer);
      await openSchool(phone);
      await phone.locator('.item-list li', { hasText: LINE }).getByRole('button', { name: '查看候选' }).click();
      await phone.getByText(`候选产品：${LINE}`).waitFor();
      await shot(phone, 'selection-390');
      await noSidewaysScroll(phone);
      await phone.goto(inquiryPath);
      await phone.getByText('已定标').first().waitFor();
      await shot(phone, 'inquiry-390');
      await noSidewaysScroll(phone);
      const supplierPhone = await browser.newPage({ viewport: PHONE });
      await signIn(supplierPhone, ACCOUNTS.distributor);
      await supplierPhone.goto('/procurementSales/inquiries');
      await supplierPhone.getByRole('link', { name: TITLE }).first().waitFor();
      await shot(supplierPhone, 'supplier-list-390');
      await noSidewaysScroll(supplierPhone);
      await supplierPhone.getByRole('link', { name: TITLE }).first().click();
      await supplierPhone.getByText(/未中选 · ¥29600\.00/).waitFor();
      await shot(supplierPhone, 'supplier-detail-390');
      await noSidewaysScroll(supplierPhone);
    },
    LONG,
  );
});
