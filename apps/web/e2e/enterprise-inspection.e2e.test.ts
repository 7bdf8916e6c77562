import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { menuEntry, PHONE, sideMenu, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { chooseOption, formItem } from './support/form.ts';
import { screenshots } from './support/screenshots.ts';

/** Unique per run: the run's own record, whatever the demo and earlier runs hold. */
const RUN = Date.now().toString(36).toUpperCase();
const FINDINGS = `仓库消防通道堆放岩棉板 ${RUN}`;
const FIX = `已清理通道并设置隔离带 ${RUN}`;
const WIDE = { width: 1366, height: 768 };
const LONG_STEP_MS = 120_000;
const shot = screenshots('enterprise-inspection');

/** No sideways scrolling: the page is no wider than the window. */
async function fitsWidth(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

/** The newest record of a records table (newest inspection first), opened. */
async function openNewest(page: Page): Promise<void> {
  await page.locator('.ant-table-row:visible').first().getByRole('link', { name: '查看' }).click();
  await page.waitForURL('**/enterpriseInspection/detail?id=*');
}

/**
 * Issue 28 item 4: the Nanjing committee records a 限期整改 inspection of 南京绿筑; the manufacturer sees its health
 * page (figures, calendar) and the record, and submits its rectification with a file; the committee closes it. The
 * steps build on each other, in order.
 */
describe.runIf(hasChromium)('enterprise inspection', () => {
  const browser = useBrowser();

  it(
    'lets the committee record a 限期整改 inspection of a company listed in its city',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.government);
      await menuEntry(page, '企业巡检').click();
      await sideMenu(page).getByRole('menuitem', { name: '检查记录' }).click();
      await page.waitForURL('**/enterpriseInspection/records');
      await page.locator('.ant-table-row:visible').first().waitFor();

      await page.getByRole('button', { name: '录入检查记录' }).click();
      const dialog = page.getByRole('dialog', { name: '录入检查记录' });
      await chooseOption(formItem(dialog, '被检查单位').locator('.ant-select'), '南京绿筑新型建材有限公司', '绿筑');
      await formItem(dialog, '检查人').locator('input').fill('王工');
      const deadline = formItem(dialog, '整改期限').locator('input');
      await deadline.click();
      await deadline.fill('2099-12-31');
      await deadline.press('Enter');
      await formItem(dialog, '检查发现').locator('textarea').fill(FINDINGS);
      await shot(page, '1-record-form-1366');
      await dialog.getByRole('button', { name: '保存并通知企业' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('检查记录已录入，已通知被检查单位').waitFor();
    },
    LONG_STEP_MS,
  );

  it(
    'shows the manufacturer its health, calendar and the record, and takes its rectification with a file',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.manufacturer);
      // The group has one page: the menu shows the page itself.
      await menuEntry(page, '巡检信息').click();
      await page.waitForURL('**/enterpriseInspection/info');
      await page.getByText('待完成整改').waitFor();
      await page.getByRole('link', { name: '90 天内到期：去处理', exact: true }).waitFor();
      await page.locator('.ant-picker-calendar').waitFor();
      await fitsWidth(page);
      await shot(page, '2-health-1366');

      await openNewest(page);
      await page.getByText(FINDINGS).waitFor();
      await formItem(page.locator('form'), '整改说明').locator('textarea').fill(FIX);
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: `整改照片-${RUN}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
      await page.getByText(`整改照片-${RUN}.pdf`).waitFor();
      await page.getByRole('button', { name: '提交整改' }).last().click();
      await page.getByText('整改已提交，等待检查单位确认').first().waitFor();
      await shot(page, '3-submitted-1366');

      const phone = await browser.newPage({ viewport: PHONE });
      await signIn(phone, ACCOUNTS.manufacturer);
      await phone.goto('/enterpriseInspection/info');
      await phone.getByText('待完成整改').waitFor();
      await phone.getByText('到期日历').waitFor();
      await fitsWidth(phone);
      await shot(phone, '4-health-390');
    },
    LONG_STEP_MS,
  );

  it(
    'lets the committee close the rectified record',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.government);
      await menuEntry(page, '企业巡检').click();
      await sideMenu(page).getByRole('menuitem', { name: '检查记录' }).click();
      await page.waitForURL('**/enterpriseInspection/records');
      await openNewest(page);
      await page.getByText(FIX).waitFor();
      await page.getByRole('button', { name: '确认整改并关闭' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '确认整改并关闭' }).click();
      await page.getByText('记录已关闭').waitFor();
      await page.locator('.ant-tag', { hasText: '已关闭' }).waitFor();
      await shot(page, '5-closed-1366');
    },
    LONG_STEP_MS,
  );
});

/** A minimal PDF (the file store checks the kind by content). */
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
