import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { chooseOption, formItem } from './support/form.ts';
import { writeSamplePdf } from './support/pdf.ts';
import { screenshots } from './support/screenshots.ts';

/**
 * A sales contract in the browser (docs/distribution.md, "Sales contracts"): 南京恒通 records a contract with the demo
 * developer for the school, with the signed file; signs it (the file's hash on the ledger), puts it in force (the
 * demo letter of 南京绿筑 covers the rock wool in Jiangsu), opens 合同发货 on it and ships part of it to the school under
 * that letter. Then the distributor's pages on
 * a phone, without sideways scrolling. Screenshots at 1366 px and 390 px go to test-results/distribution-contract/
 * (with E2E_SCREENSHOTS=1). The contract's number is unique per run; nothing else reads it.
 */

const WIDE = { width: 1366, height: 900 };
const RUN = Date.now().toString(36).toUpperCase();
const NUMBER = `HT-E2E-${RUN}`;
const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';
const shot = screenshots('distribution-contract');
const LONG = 180_000;

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

/** Confirm antd's modal.confirm (its OK button). */
async function confirm(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.runIf(hasChromium)('a sales contract', () => {
  const browser = useBrowser();
  let folder = '';
  let file = '';
  let detailPath = '';

  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'jcbb-e2e-contract-'));
    file = path.join(folder, `hetong-${RUN}.pdf`);
    writeSamplePdf(file, `Sales contract ${NUMBER} - signed and sealed`);
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it(
    'is recorded with its file, signed, put in force and opened for shipping',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.distributor);
      await page.goto('/productionManagement/contractList');
      await page.getByText('HT-2026-001').waitFor();
      await shot(page, 'list-1366');

      await page.getByRole('button', { name: '录入合同' }).click();
      const form = page.locator('form');
      await formItem(form, '合同编号').locator('input').fill(NUMBER);
      await chooseOption(formItem(form, '买方单位').locator('.ant-select'), /^南京城建置业发展有限公司/, '城建置业');
      await chooseOption(formItem(form, /^项目$/).locator('.ant-select'), new RegExp(`^${SCHOOL}`));
      await chooseOption(formItem(form, '产品规格').locator('.ant-select'), /^岩棉保温板 TR10 50 厚/);
      await form.getByLabel('数量 1').fill('150');
      await form.getByLabel('单价（元） 1').fill('48.5');
      await page.getByText('¥7,275.00').first().waitFor();
      await form.locator('input[type=file]').setInputFiles(file);
      await form.getByText(`hetong-${RUN}.pdf`).waitFor();
      await shot(page, 'upload-1366');
      await form.getByRole('button', { name: /保\s*存/ }).click();

      await page.waitForURL(/contractDetail\?id=\d+/);
      detailPath = new URL(page.url()).pathname + new URL(page.url()).search;
      // The list stays alive behind the detail (keep-alive): look inside the contract's own card.
      const head = page.locator('.ant-card', { hasText: NUMBER }).first();
      await head.getByText('草稿', { exact: true }).waitFor();
      // The line is checked against the letters before anything is signed.
      await page.getByText(/^已授权：AU/).waitFor();

      await page.getByRole('button', { name: '签订（上链存证）' }).click();
      await confirm(page);
      await head.getByText('已签订', { exact: true }).waitFor();
      await page.getByText(/^第 \d+ 条$/).waitFor();

      await page.getByRole('button', { name: /^生\s*效$/ }).click();
      await confirm(page);
      await head.getByText('履行中', { exact: true }).waitFor();
      await shot(page, 'detail-1366');

      await page.getByRole('button', { name: '按合同发货' }).click();
      await page.waitForURL(/contractSendProduct\?id=\d+/);
      await page.getByText(`按合同发货：${NUMBER}`).waitFor();
      await page.getByText(/1\. 岩棉保温板 TR10 50 厚/).waitFor();
      await formItem(page.locator('form'), '发货地址')
        .getByTitle(/恒通栖霞仓库/)
        .waitFor();
      await shot(page, 'send-1366');

      // Ship 50 of the 150 m² under the letter: the draft opens in the send wizard, whose check names the letter.
      await page.getByLabel('本次发货数量 1').fill('50');
      await page.getByRole('button', { name: '生成发货草稿并进入发货向导' }).click();
      await page.waitForURL(/sendProduct\?id=\d+/);
      const wizard = page.locator('.ant-card:visible').filter({ has: page.locator('.ant-steps') });
      await wizard.getByRole('link', { name: '核验授权书' }).first().waitFor();
      const ship = wizard.getByRole('button', { name: '确认发货' });
      await expect.poll(() => ship.isEnabled(), { timeout: 20_000 }).toBe(true);
      await ship.click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认发货' }).click();
      await page.waitForURL(/sourceDetail\?id=\d+/);
      await page
        .locator('.ant-card-head-title:visible')
        .filter({ hasText: /FH\d+/ })
        .first()
        .getByText('运输中')
        .waitFor();
      // The contract's line is drawn down by what shipped: 100 of 150 left.
      await page.goto(detailPath);
      await page.locator('.ant-card', { hasText: NUMBER }).first().waitFor();
      await page
        .getByText(/^50\D*\/\s*100\D*$/)
        .first()
        .waitFor();
    },
    LONG,
  );

  it(
    'shows the distributor’s pages on a phone without sideways scrolling',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await signIn(page, ACCOUNTS.distributor);
      await page.goto('/productionManagement/contractList');
      await page.getByText('HT-2026-001').waitFor();
      await noSidewaysScroll(page);
      await shot(page, 'list-390');
      if (detailPath) {
        await page.goto(detailPath);
        await page.locator('.ant-card', { hasText: NUMBER }).first().getByText('履行中', { exact: true }).waitFor();
        await noSidewaysScroll(page);
        await shot(page, 'detail-390');
        await page.goto(detailPath.replace('contractDetail', 'contractSendProduct'));
        await page.getByText(`按合同发货：${NUMBER}`).waitFor();
        await noSidewaysScroll(page);
        await shot(page, 'send-390');
      }
      await page.goto('/productionManagement/contractUpload');
      await page.getByText('录入经销合同').waitFor();
      await noSidewaysScroll(page);
      await shot(page, 'upload-390');
      await page.goto('/distributor/productList');
      await page.getByText('岩棉保温板').first().waitFor();
      await noSidewaysScroll(page);
      await shot(page, 'products-390');
      await page.getByRole('tab', { name: '授权产品' }).click();
      await page
        .getByText('demo-lvzhu-hengtong')
        .or(page.getByText(/^AU\d+/).first())
        .first()
        .waitFor();
      await noSidewaysScroll(page);
      await shot(page, 'licensed-390');
    },
    LONG,
  );

  it(
    'shows the product records, the licensed products and one letter at 1366 px',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.distributor);
      await page.goto('/distributor/productList');
      await page.getByText('授权即将到期').first().waitFor();
      await shot(page, 'products-1366');
      await page.getByRole('tab', { name: '授权产品' }).click();
      const letter = page.getByRole('link', { name: /^AU\d+/ }).first();
      await letter.waitFor();
      await shot(page, 'licensed-1366');
      await letter.click();
      await page.waitForURL(/licensedProductDetails\?id=\d+/);
      await page.getByText('授权方（生产企业）').waitFor();
      await page.getByRole('link', { name: '公开核验页' }).waitFor();
      await shot(page, 'letter-1366');
      await page.goto('/distributor/productList');
      await page.getByRole('link', { name: '岩棉保温板' }).first().click();
      await page.waitForURL(/productDetails\?id=\d+/);
      await page
        .locator('.ant-descriptions')
        .getByText(/^授权有效/)
        .waitFor();
      await shot(page, 'record-1366');
      await page.getByRole('button', { name: /编\s*辑/ }).click();
      await page.waitForURL(/productEdit\?id=\d+/);
      await page.getByText('编辑经销产品').first().waitFor();
      await shot(page, 'record-edit-1366');
    },
    LONG,
  );
});
