import { periodOfDay } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { chooseOption, formItem } from './support/form.ts';
import { screenshots } from './support/screenshots.ts';

/**
 * The quarterly procurement filing in the browser (docs/government.md, "Filing"): 江苏筑安 opens 政府采购信息 →
 * 采购信息填报, opens the school's quarter (the demo's draft, prefilled from its site), sees the platform's lines,
 * adds a typed line and submits; the committee returns it with a reason; 江苏筑安 reads the reason, fixes the line
 * and submits again; the committee confirms. At 1366 and 390 px nothing scrolls sideways. Screenshots with
 * E2E_SCREENSHOTS=1 in test-results/government-filing/.
 */

const WIDE = { width: 1366, height: 900 };
const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';
const REASON = '手工填报的混凝土请补充检测报告编号';
const today = shanghaiToday();
const current = periodOfDay(today);
const shot = screenshots('government-filing');

async function openFilings(page: Page) {
  const menu = page.locator('.ant-layout-sider');
  const item = menu.getByRole('menuitem', { name: '采购信息填报' });
  if (!(await item.isVisible())) await menu.getByRole('menuitem', { name: '政府采购信息' }).click();
  await item.click();
  await page.waitForURL('**/govProcurementInfo/materialFill');
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Wait until a text shows (the list page, kept alive, may hold the same words hidden). */
const seen = (page: Page, text: string) => page.getByText(text).locator('visible=true').first().waitFor();

/** Click an antd confirm dialog's OK. */
async function confirmDialog(page: Page) {
  const dialog = page.locator('.ant-modal-confirm:visible');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.runIf(hasChromium)('government procurement filing', () => {
  const browser = useBrowser();
  const LONG = 240_000;

  it(
    'a construction unit files the school’s quarter; the committee returns it, then confirms the fixed one',
    async () => {
      // The phone signs in as the same person at the end, which ends this page's session: its message poll's 401.
      const builder = await browser.newPage({
        viewport: WIDE,
        allowConsoleErrors: [/401 \(Unauthorized\).*\/notice\/bmMessage\/getMessageList/],
      });
      await signIn(builder, ACCOUNTS.construction);
      await builder.goto('/home');
      await openFilings(builder);
      await builder.getByText(SCHOOL).first().waitFor();
      await shot(builder, 'filer-list-1366');
      expect(await noSidewaysScroll(builder)).toBe(true);
      await builder.getByRole('link', { name: `查看 ${SCHOOL} ${current}` }).click();
      await builder.waitForURL('**/govProcurementInfo/materialFill/detail?id=*');
      const detailUrl = builder.url().replace(/^https?:\/\/[^/]+/, '');
      await seen(builder, '草稿');
      // The granite the site accepted 9 days before the seeding is a platform line, its amount filled in (已修改).
      if (periodOfDay(addDays(today, -9)) === current) {
        await seen(builder, '平台数据');
        await seen(builder, '已修改');
      }
      await shot(builder, 'filer-detail-1366');

      // A typed line: concrete from a plant off the platform.
      await builder.getByRole('button', { name: '新增手工填报' }).click();
      const dialog = builder.getByRole('dialog', { name: '新增手工填报' });
      await dialog.getByLabel('材料名称').fill('预拌混凝土');
      await dialog.getByLabel('规格型号').fill('C30 P6');
      await dialog.getByLabel('材料分类代码').fill('0106');
      await dialog.getByLabel('数量').fill('120');
      await dialog.getByLabel('单位').fill('立方米');
      await dialog.getByLabel('金额（元）').fill('55800');
      await dialog.getByLabel('供应商名称').fill('南京江北商品混凝土有限公司');
      await dialog.getByLabel('统一社会信用代码').fill('91320111MA1MCX7P4W');
      await dialog.getByLabel('到货日期').fill(today);
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      await seen(builder, '手工填报');
      await seen(builder, '检查全部通过');
      await builder.getByRole('button', { name: /^报\s*送$/ }).click();
      await confirmDialog(builder);
      await seen(builder, '已报送');

      // The committee finds it under this quarter and returns it with a reason.
      const committee = await browser.newPage({ viewport: WIDE });
      await signIn(committee, ACCOUNTS.government);
      await committee.goto('/home');
      await openFilings(committee);
      await chooseOption(committee.locator('.ant-select').filter({ has: committee.getByLabel('季度') }), current);
      await committee.getByRole('heading', { name: /^逾期未报送/ }).waitFor();
      await shot(committee, 'committee-list-1366');
      expect(await noSidewaysScroll(committee)).toBe(true);
      await committee.getByRole('link', { name: SCHOOL }).click();
      await committee.waitForURL('**/govProcurementInfo/materialFill/detail?id=*');
      await committee.getByRole('button', { name: /^退\s*回$/ }).click();
      const reason = committee.getByRole('dialog', { name: '退回填报' });
      await reason.getByRole('textbox').fill(REASON);
      await reason.getByRole('button', { name: /退\s*回/ }).click();
      await seen(committee, `住建委已退回：${REASON}`);

      // The filer reads the reason, fixes the typed line and submits again.
      await builder.goto(detailUrl);
      await seen(builder, `住建委已退回：${REASON}`);
      const typed = builder.locator('.ant-table-row').filter({ hasText: '预拌混凝土' });
      await typed.getByRole('button', { name: /^编辑/ }).click();
      const edit = builder.getByRole('dialog', { name: /^编辑第/ });
      await edit.getByLabel('绿色建材').click();
      await chooseOption(formItem(edit, '绿色证明').locator('.ant-select'), '检验检测报告');
      await edit.getByLabel('检测报告编号').fill('NJJC-2026-HNT-1102');
      await edit.getByLabel('检测报告日期').fill(addDays(today, -30));
      await edit.getByRole('button', { name: /保\s*存/ }).click();
      await edit.waitFor({ state: 'hidden' });
      await builder.getByText('NJJC-2026-HNT-1102', { exact: false }).locator('visible=true').first().waitFor();
      await builder.getByRole('button', { name: /^报\s*送$/ }).click();
      await confirmDialog(builder);
      await seen(builder, '重新报送');

      // The committee confirms it.
      await committee.reload();
      await seen(committee, '重新报送');
      await committee.getByRole('button', { name: /^确\s*认$/ }).click();
      await confirmDialog(committee);
      await seen(committee, '已确认');
      await shot(committee, 'committee-detail-1366');

      // On a phone: cards, nothing sideways.
      const phone = await browser.newPage({ viewport: PHONE });
      await signIn(phone, ACCOUNTS.construction);
      await phone.goto('/govProcurementInfo/materialFill');
      await phone.getByText(SCHOOL).first().waitFor();
      await shot(phone, 'filer-list-390');
      expect(await noSidewaysScroll(phone)).toBe(true);
      await phone.goto(detailUrl);
      await seen(phone, '已确认');
      await phone.getByText('预拌混凝土', { exact: false }).first().waitFor();
      await shot(phone, 'filer-detail-390');
      expect(await noSidewaysScroll(phone)).toBe(true);
    },
    LONG,
  );
});
