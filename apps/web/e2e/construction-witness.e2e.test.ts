import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authEndpoints, constructionEndpoints, creditCodeCheckChar, projectEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, PASSWORD } from './support/accounts.ts';
import { api } from './support/api.ts';
import { PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { chooseOption, formItem } from './support/form.ts';
import { writeSamplePdf } from './support/pdf.ts';
import { screenshots } from './support/screenshots.ts';

/**
 * Witness sampling in the browser (docs/construction.md, "Witness sampling"): a lot of ready-mixed mortar delivered to
 * the school from a supplier off the platform, which the construction unit's inspector held for a witnessed retest
 * and the supervisor confirmed (set up through the API), is sampled by the supervision unit's leader (a witness on
 * the project), sent to the laboratory and reported passing with the report's file; the sample's page then shows the
 * lot released and the report on the evidence ledger. On a phone the supervisor records a patrol check on site.
 * Screenshots at 1366 px and 390 px go to test-results/construction-witness/ with E2E_SCREENSHOTS=1.
 */

const WIDE = { width: 1366, height: 900 };
const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';
/** Unique per run, so a rerun against a kept database finds only this run's lot. */
const RUN = Date.now().toString(36).toUpperCase();
const BATCH = `WS-${RUN}`;
/** The supplier's unified social credit code without its check character. */
const SUPPLIER_STEM = '91320100MA1MEQ7X9';
const shot = screenshots('construction-witness');

/** The same page at 390 px, then back at 1366 px. */
async function shotBothWidths(page: Page, name: string, ready: () => Promise<unknown>) {
  await shot(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await ready();
  await shot(page, `${name}-390`);
  await page.setViewportSize(WIDE);
  await ready();
}

async function chooseFile(opener: Locator, file: string): Promise<void> {
  const chooser = opener.page().waitForEvent('filechooser');
  await opener.click();
  await (await chooser).setFiles(file);
}

/** Signed-in API calls for the setup, as 13800000003 (construction) and 13800000004 (supervision). */
async function tokenOf(baseUrl: string, mobile: string): Promise<string> {
  return (await api(baseUrl, authEndpoints.login.path, { mobile, password: PASSWORD })).access_token as string;
}

/** The school's id, from the supervision unit's projects. */
async function schoolId(baseUrl: string, supervisor: string): Promise<number> {
  const projects = (
    await api(baseUrl, projectEndpoints.userProjectList.path, { take: 50, skip: 0, type: 1, orgType: 3 }, supervisor)
  ).list as { id: number; name: string }[];
  const id = projects.find((p) => p.name === SCHOOL)?.id;
  if (!id) throw new Error('the supervision unit is not on the school');
  return id;
}

/** The school, a delivery of mortar from off the platform, inspected and held for its witnessed retest. */
async function lotHeldForRetest(baseUrl: string): Promise<{ projectId: number; inspectionId: number }> {
  const builder = await tokenOf(baseUrl, ACCOUNTS.construction);
  const supervisor = await tokenOf(baseUrl, ACCOUNTS.supervision);
  const projectId = await schoolId(baseUrl, supervisor);
  await api(
    baseUrl,
    constructionEndpoints.deliveryExternal.path,
    {
      projectId,
      supplierName: '南京江北砂浆有限公司',
      supplierCreditCode: `${SUPPLIER_STEM}${creditCodeCheckChar(SUPPLIER_STEM)}`,
      arrivedOn: shanghaiToday(),
      lines: [
        {
          classifyCode: '0107',
          materialName: '预拌砂浆',
          specName: 'DM M10',
          unitName: '吨',
          batchNo: BATCH,
          quantity: 20,
          building: '1#教学楼',
        },
      ],
    },
    builder,
  );
  const lots = (await api(baseUrl, constructionEndpoints.inspectionList.path, { projectId, keyword: BATCH }, builder))
    .list as {
    id: number;
  }[];
  const inspectionId = lots[0]?.id;
  if (!inspectionId) throw new Error(`no inspection of ${BATCH}`);
  await api(
    baseUrl,
    constructionEndpoints.inspectionDecide.path,
    {
      id: inspectionId,
      checks: [
        { kind: 'conformity', present: true },
        { kind: 'factory_test', present: true },
      ],
      visualResult: 'ok',
      verdict: 'retest',
    },
    builder,
  );
  await api(baseUrl, constructionEndpoints.inspectionConfirm.path, { id: inspectionId, approve: true }, supervisor);
  return { projectId, inspectionId };
}

describe.runIf(hasChromium)('witness sampling', () => {
  const browser = useBrowser();
  const LONG = 240_000;
  let folder = '';
  let report = '';

  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'jcbb-e2e-witness-'));
    report = path.join(folder, `jiance-baogao-${RUN}.pdf`);
    writeSamplePdf(report, `Retest report ${RUN} - e2e witness`);
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it(
    'the supervisor records a sample of a lot held for its retest, sends it, reports it passing: the lot is released',
    async () => {
      const { projectId } = await lotHeldForRetest(browser.baseURL);
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.supervision);
      await page.goto(`/projectConstruction/spotCheck?projectId=${projectId}`);
      const card = page.locator('.ant-card:visible').filter({ has: page.getByRole('tab', { name: '见证取样' }) });
      await card.waitFor();
      // The witness ratio: the mortar has a lot due and none witnessed yet.
      const ratio = page.locator('.ant-card:visible').filter({ hasText: '见证取样比例' }).first();
      await ratio.getByText('预拌砂浆').first().waitFor();
      await ratio.getByText('低于 30%').first().waitFor();

      // 1. 记录取样: the lot, its tests filled in from its category, the rest typed on site.
      await page
        .getByRole('button', { name: /记录取样/ })
        .first()
        .click();
      const drawer = page.getByRole('dialog', { name: '见证取样记录' });
      await drawer.waitFor();
      await chooseOption(formItem(drawer, '取样批次').locator('.ant-select'), new RegExp(BATCH));
      await formItem(drawer, '检测项目').getByText('抗压强度（试块）').waitFor();
      await shotBothWidths(page, 'sample-create', () => drawer.getByRole('button', { name: /保\s*存/ }).waitFor());
      await formItem(drawer, '代表数量').locator('input').fill('10');
      await formItem(drawer, '取样部位').locator('input').fill('1#教学楼 3 层砌筑');
      await formItem(drawer, '取样人（施工单位）').locator('input').fill('刘洋');
      await formItem(drawer, '检测机构').locator('input').fill('南京市建筑工程质量检测中心');
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      await drawer.waitFor({ state: 'hidden' });

      const row = page.locator('.ant-table-row:visible').filter({ hasText: BATCH });
      await row.getByText('已取样封样').waitFor();
      const sampleNo = (await row.getByRole('link').first().innerText()).trim();
      expect(sampleNo).toMatch(/^QY\d{12}$/);

      // 2. 送检, today.
      await row.getByRole('button', { name: /送\s*检/ }).click();
      const send = page.getByRole('dialog', { name: `送检 ${sampleNo}` });
      await send.getByRole('button', { name: /提\s*交/ }).click();
      await send.waitFor({ state: 'hidden' });
      await row.getByText('已送检').waitFor();

      // 3. 录入报告: passing, with the report's file.
      await row.getByRole('button', { name: '录入报告' }).click();
      const dialog = page.getByRole('dialog', { name: `录入检测报告 ${sampleNo}` });
      await formItem(dialog, '报告编号').locator('input').fill(`BG-${RUN}`);
      await dialog.getByRole('radio', { name: '合格', exact: true }).check();
      await chooseFile(dialog.getByRole('button', { name: /上传文件/ }), report);
      await dialog.getByText(path.basename(report)).waitFor();
      await shot(page, 'sample-report-1366');
      await dialog.getByRole('button', { name: /提\s*交/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText('已出报告').waitFor();
      await row.getByText('合格', { exact: true }).waitFor();

      // 4. The sample's page: the lot released, the report on the evidence ledger.
      await row.getByRole('link', { name: sampleNo }).click();
      await page.waitForURL('**/projectConstruction/spotCheckDetail?sample=*');
      const detail = page.locator('.ant-card:visible').filter({ hasText: sampleNo }).first();
      await detail.getByText('已放行').waitFor();
      await detail.getByText(/存证序号 #\d+/).waitFor();
      await detail.getByText(`BG-${RUN}`).waitFor();
      await shotBothWidths(page, 'sample-detail', () => detail.getByText('已放行').waitFor());
      // The ratio now counts the lot as witnessed.
      await page.goto(`/projectConstruction/spotCheck?projectId=${projectId}`);
      await page.locator('.ant-card:visible').filter({ hasText: '见证取样比例' }).first().waitFor();
      await shotBothWidths(page, 'samples', () => page.getByText(sampleNo).first().waitFor());
    },
    LONG,
  );

  it(
    'on a phone, the supervisor records a patrol check on site',
    async () => {
      const projectId = await schoolId(browser.baseURL, await tokenOf(browser.baseURL, ACCOUNTS.supervision));
      const page = await browser.newPage({ viewport: PHONE });
      await signIn(page, ACCOUNTS.supervision);
      await page.goto(`/projectConstruction/spotCheck?projectId=${projectId}&tab=checks`);
      await page
        .getByRole('button', { name: /记录抽检/ })
        .first()
        .click();
      const drawer = page.getByRole('dialog', { name: '记录抽检' });
      await drawer.waitFor();
      await drawer.getByLabel('项目 1').fill(`材料堆放 ${RUN}`);
      await drawer.getByRole('button', { name: '添加检查项目' }).click();
      await drawer.getByLabel('项目 2').fill('标识标牌');
      await shot(page, 'spot-check-create-390');
      // The drawer fits the phone: nothing scrolls sideways.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      await drawer.waitFor({ state: 'hidden' });
      await page.getByText('抽检已记录').waitFor();
      await page.locator('.item-list li').filter({ hasText: '巡视抽检' }).first().waitFor();
      await shot(page, 'spot-checks-390');
      // The same list, the form and the check's page at 1366 px.
      await page.setViewportSize(WIDE);
      const row = page.locator('.ant-table-row:visible').filter({ hasText: '巡视抽检' }).first();
      await row.waitFor();
      await shot(page, 'spot-checks-1366');
      await page
        .getByRole('button', { name: /记录抽检/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: '记录抽检' }).waitFor();
      await shot(page, 'spot-check-create-1366');
      await page
        .getByRole('dialog', { name: '记录抽检' })
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await row.getByRole('link').first().click();
      await page.waitForURL('**/projectConstruction/spotCheckDetail?id=*');
      const detail = page
        .locator('.ant-card:visible')
        .filter({ hasText: `材料堆放 ${RUN}` })
        .first();
      await detail.waitFor();
      await shotBothWidths(page, 'spot-check-detail', () => detail.getByText('标识标牌').first().waitFor());
    },
    LONG,
  );
});
