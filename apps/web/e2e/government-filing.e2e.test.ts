import { filingDueOn, periodOfDay } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { chooseOption, formItem } from './support/form.ts';
import { screenshots } from './support/screenshots.ts';

/**
 * The quarterly procurement filing in the browser (docs/government.md, "Filing"; issue 27): 江苏筑安 opens 政府采购信息 →
 * 采购信息填报, opens the school's quarter (the demo's draft, prefilled from its site), sees the platform's lines,
 * adds a typed line — ready-mixed concrete, a 必选类 category of the 2025 edition, not yet green — and submits; the
 * risk rules, run in the submission's transaction, raise GBM-06A (必选类材料非绿色) for the school's quarter, and the
 * committee sees it under 风险预警 and returns the filing with a reason; 江苏筑安 reads the reason, makes the line green
 * with a test report and submits again; the committee confirms. Then the committee's 采购统计 (this quarter, chosen
 * in its filter) counts the school as filed — one project more than before the flow, the green spend up by the
 * concrete's ¥55,800, the school listed 已确认 behind 已报送项目 — and the GBM-06A alert shows 问题已消除. At 1366 and
 * 390 px nothing scrolls sideways. Screenshots with E2E_SCREENSHOTS=1 in test-results/government-filing/.
 */

const WIDE = { width: 1366, height: 900 };
const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';
const REASON = '手工填报的混凝土请补充检测报告编号';
/** The typed concrete line's amount (120 m³, ¥55,800), green once it has its test report. */
const CONCRETE_FEN = 5_580_000;
const today = shanghaiToday();
const current = periodOfDay(today);
const shot = screenshots('government-filing');

/**
 * 政府采购信息 → `name` in the side menu (the group opened first when it is closed), and wait for `path`. On a busy
 * machine a click can land while the group is still sliding open and be lost: then it is clicked again (at most
 * three times) rather than failing later.
 */
async function openMenu(page: Page, name: string, path: string) {
  const menu = page.locator('.ant-layout-sider');
  const entry = (text: string) => menu.getByRole('menuitem', { name: new RegExp(`(^|\\s)${text}$`) });
  for (let attempt = 1; ; attempt++) {
    if (!(await entry(name).isVisible())) {
      await entry('政府采购信息').click();
      await entry(name).waitFor();
    }
    await entry(name).click();
    const arrived = await page.waitForURL(`**${path}`, { timeout: 5000 }).then(
      () => true,
      () => false,
    );
    if (arrived) return;
    if (attempt === 3) throw new Error(`the side menu did not open ${name}`);
  }
}

const openFilings = (page: Page) => openMenu(page, '采购信息填报', '/govProcurementInfo/materialFill');
const openAlerts = (page: Page) => openMenu(page, '风险预警', '/govProcurementInfo/riskAlerts');

/** The 季度 filter of the page on screen (the other kept-alive pages hold theirs hidden). */
const quarterSelect = (page: Page) =>
  page
    .locator('.ant-select')
    .filter({ has: page.getByLabel('季度') })
    .locator('visible=true');

/** 2026-Q4 → 2026 年第四季度, as the dashboard's quarter filter names it (components/statistics/format.ts). */
const quarterName = (period: string) => {
  const [year, q] = period.split('-Q');
  return `${year} 年第${'一二三四'[Number(q) - 1]}季度`;
};

/**
 * 政府采购信息 → 采购统计 for this quarter, chosen in the filter (whatever quarter the page starts on), and wait for
 * its answer: the overdue card names the answer's own quarter's deadline.
 */
async function openStatistics(page: Page) {
  await openMenu(page, '采购统计', '/govProcurementInfo/statisticsList');
  await chooseOption(quarterSelect(page), quarterName(current));
  await page
    .getByTestId('kpi-overdue')
    .getByText(`本季度填报截止日 ${filingDueOn(current)}`)
    .waitFor();
}

/** A key figure of the dashboard (KpiCards.tsx) as it shows. */
const kpiValue = async (page: Page, key: string) =>
  ((await page.getByTestId(`kpi-${key}`).locator('.jcbb-stat-kpi__value').textContent()) ?? '').trim();

/**
 * The fen a money figure shows (lib/figures.ts `money`) and how far the shown figure may be from the true one:
 * "¥9,800.00" exactly, "¥12.35 万" to the nearest ¥100 (half of it either way).
 */
function shownFen(text: string): { fen: number; slack: number } {
  const m = /^¥([\d,]+(?:\.\d+)?)( 万)?$/.exec(text);
  if (!m?.[1]) throw new Error(`not a money figure: ${text}`);
  const n = Number(m[1].replaceAll(',', ''));
  return m[2] ? { fen: Math.round(n * 1_000_000), slack: 5_000 } : { fen: Math.round(n * 100), slack: 0 };
}

/** The committee's row of the school's GBM-06A alert for this quarter (its summary names project and quarter). */
const mandatoryAlert = (page: Page) =>
  page
    .locator('.ant-table-row')
    .filter({ hasText: '必选类材料非绿色' })
    .filter({ hasText: `${SCHOOL} ${current} 填报中有 1 条必选类明细不是绿色建材：预拌混凝土` });

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
  const LONG = 420_000;

  it(
    'a construction unit files the school’s quarter; the committee returns it, confirms the fixed one, and its statistics and alert follow',
    async () => {
      // The committee's dashboard before the flow, for this quarter: the school's draft is not counted.
      const committee = await browser.newPage({ viewport: WIDE });
      await signIn(committee, ACCOUNTS.government);
      await committee.goto('/home');
      await openStatistics(committee);
      const filedBefore = Number(await kpiValue(committee, 'filed'));
      const greenBefore = shownFen(await kpiValue(committee, 'greenSpend'));
      expect(Number.isInteger(filedBefore)).toBe(true);

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

      // The concrete is 必选类 and not green: the rules run in the submission's transaction raised GBM-06A for the
      // school's quarter, and the committee sees it open.
      await openAlerts(committee);
      await mandatoryAlert(committee).waitFor();
      expect(await mandatoryAlert(committee).getByText('问题已消除').count()).toBe(0);

      // The committee finds the filing under this quarter and returns it with a reason.
      await openFilings(committee);
      await chooseOption(quarterSelect(committee), quarterName(current));
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

      // The dashboard counts the confirmed filing (counted: submitted, resubmitted, confirmed, locked): one project
      // filed more than before, and the green spend up by the concrete's amount (the granite the site accepted is
      // 可选类 and not green: spend in the standard, not green spend).
      await openStatistics(committee);
      await committee
        .getByRole('button', { name: `已报送项目：${filedBefore + 1}个，查看背后的项目`, exact: true })
        .waitFor();
      const greenAfter = shownFen(await kpiValue(committee, 'greenSpend'));
      expect(Math.abs(greenAfter.fen - (greenBefore.fen + CONCRETE_FEN))).toBeLessThanOrEqual(
        greenBefore.slack + greenAfter.slack,
      );
      await shot(committee, 'committee-statistics-1366');
      // Behind 已报送项目: the school, its filing 已确认, its green spend the concrete's.
      await committee.getByRole('button', { name: /^已报送项目：/ }).click();
      const drawer = committee.getByRole('dialog', { name: '已报送项目：项目' });
      const school = drawer.getByRole('listitem').filter({ hasText: SCHOOL });
      await school.getByText('已确认', { exact: true }).waitFor();
      await school.getByText(/^绿色 ¥55,800\.00 \/ 标准内 /).waitFor();
      await shot(committee, 'committee-statistics-filed-1366');
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });

      // The resubmission made the concrete green: the engine found GBM-06A gone (问题已消除); the alert stays for the
      // committee to conclude, and its page names the school.
      await openAlerts(committee);
      await mandatoryAlert(committee).getByText('问题已消除').waitFor();
      await mandatoryAlert(committee).getByRole('link', { name: '必选类材料非绿色' }).click();
      await committee.waitForURL('**/govProcurementInfo/riskAlerts/detail?id=*');
      await seen(committee, `${SCHOOL} ${current} 填报中有 1 条必选类明细不是绿色建材：预拌混凝土`);
      await seen(committee, '最近一次运行中该问题已不再出现');
      const project = committee
        .locator('.ant-descriptions-item-label', { hasText: /^项目$/ })
        .locator('xpath=following-sibling::*[1]');
      expect(((await project.textContent()) ?? '').trim()).toBe(SCHOOL);
      // Its evidence is the filing the flow confirmed.
      const filing = committee.getByRole('link', { name: `${SCHOOL} ${current} 采购填报` });
      expect(await filing.getAttribute('href')).toBe(detailUrl);
      await shot(committee, 'committee-alert-1366');

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
