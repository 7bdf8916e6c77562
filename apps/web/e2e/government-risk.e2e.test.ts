import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { PHONE, sideMenu, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { screenshots } from './support/screenshots.ts';

/**
 * Risk alerts in the browser (docs/government.md, "Risk rules"): the committee (13800000006) opens 政府采购信息 ›
 * 风险预警 from the side menu, sees the demo's alerts (demo-government-risk.ts), opens the school's witness alert
 * the developer explained and reads the explanation and the evidence, then the rules; the developer (13800000005)
 * sees the same alert from its side. The same pages on a phone show no sideways scrolling. Screenshots at 1366 px and
 * 390 px go to test-results/government-risk/ (with E2E_SCREENSHOTS=1). It changes nothing.
 */

const WIDE = { width: 1366, height: 900 };
const LONG = 150_000;
const shot = screenshots('government-risk');

async function openMenu(page: Page, group: string, name: string): Promise<void> {
  const menu = sideMenu(page);
  const entry = (text: string) => menu.getByRole('menuitem', { name: new RegExp(`(^|\\s)${text}$`) });
  if (!(await entry(name).isVisible())) {
    await entry(group).click();
    await entry(name).waitFor();
  }
  await entry(name).click();
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe.runIf(hasChromium)('risk alerts', () => {
  const browser = useBrowser();

  it(
    'shows the committee its alerts, an explained one with its evidence, and the rules',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.government);
      await openMenu(page, '政府采购信息', '风险预警');
      await page.waitForURL('**/govProcurementInfo/riskAlerts');
      const witness = page.getByRole('link', { name: '见证取样比例偏低' });
      await witness.waitFor();
      await page.getByRole('link', { name: '逾期未报送采购信息' }).first().waitFor();
      await page.getByRole('button', { name: '立即运行' }).waitFor();
      await shot(page, 'alerts-1366');

      await witness.click();
      await page.waitForURL('**/govProcurementInfo/riskAlerts/detail?id=*');
      await page
        .getByText(/见证取样已排期/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: '确认问题' }).waitFor();
      await page.getByRole('button', { name: /关注项目/ }).waitFor();
      await shot(page, 'alert-1366');

      await openMenu(page, '政府采购信息', '风险规则');
      await page.waitForURL('**/govProcurementInfo/riskRules');
      await page.getByText('GBM-16').waitFor();
      await shot(page, 'rules-1366');
    },
    LONG,
  );

  it(
    'fits a phone: the developer’s alerts, the explained alert and the rules, without sideways scrolling',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await signIn(page, ACCOUNTS.developer);
      await page.goto(new URL('/govProcurementInfo/riskAlerts', page.url()).toString());
      const witness = page.getByRole('link', { name: '见证取样比例偏低' });
      await witness.waitFor();
      await noSidewaysScroll(page);
      await shot(page, 'alerts-390');
      await witness.click();
      await page
        .getByText(/见证取样已排期/)
        .first()
        .waitFor();
      await noSidewaysScroll(page);
      await shot(page, 'alert-390');

      const committee = await browser.newPage({ viewport: PHONE });
      await signIn(committee, ACCOUNTS.government);
      await committee.goto(new URL('/govProcurementInfo/riskRules', committee.url()).toString());
      await committee.getByText('GBM-16').waitFor();
      await noSidewaysScroll(committee);
      await shot(committee, 'rules-390');
      await committee.goto(new URL('/govProcurementInfo/riskAlerts', committee.url()).toString());
      await committee.getByRole('link', { name: '见证取样比例偏低' }).waitFor();
      await noSidewaysScroll(committee);
      await shot(committee, 'committee-alerts-390');
    },
    LONG,
  );
});
