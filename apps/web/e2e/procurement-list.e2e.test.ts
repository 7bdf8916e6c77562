import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MATERIAL_IMPORT_COLUMNS } from '@jcbb/contract';
import { addDays, shanghaiToday } from '@jcbb/contract/time';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { screenshots } from './support/screenshots.ts';

/**
 * A project's material list in the browser (docs/procurement.md, "Material lists"): the developer opens 建材采购 →
 * 材料清单 from the menu, chooses 建邺区青少年体育中心 (2025 edition), adds a mandatory and two optional lines, saves
 * and sees the badges and the coverage panel, imports an .xlsx with one good and one wrong row, confirms and reopens
 * with a reason. The platform operator's policy page opens. Screenshots at 1366 px and 390 px go to
 * test-results/procurement-list/ (E2E_SCREENSHOTS=1). Only this file writes the sports centre's list.
 */

const WIDE = { width: 1366, height: 900 };
const PROJECT = '建邺区青少年体育中心';
const LONG = 150_000;
const shot = screenshots('procurement-list');
const files: string[] = [];
afterAll(() => Promise.all(files.map((f) => rm(f, { force: true }))));
const inMonth = addDays(shanghaiToday(), 30);

async function workbook(): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('材料清单');
  sheet.addRow(MATERIAL_IMPORT_COLUMNS.map((c) => c.title));
  const row = (values: Record<string, unknown>) =>
    sheet.addRow(MATERIAL_IMPORT_COLUMNS.map((c) => values[c.key] ?? null));
  row({ classifyCode: '0212', commonName: '花岗岩', unitName: '平方米', quantity: 60, requiredBy: inMonth });
  row({ classifyCode: '0106', commonName: '预拌混凝土', unitName: '斤', quantity: 5, requiredBy: inMonth });
  const file = path.join(os.tmpdir(), `materials-${process.pid}.xlsx`);
  await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));
  files.push(file);
  return file;
}

async function fitsWidth(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

/** Fill row `n` (1-based) of the grid. */
async function fillRow(page: Page, n: number, v: { classify: string; name: string; unit: string; qty: string }) {
  await page.getByLabel(`材料分类 ${n}`).click();
  await page.keyboard.type(v.classify);
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: v.classify }).last().click();
  await page.getByLabel(`材料名称 ${n}`).fill(v.name);
  await page.getByLabel(`单位 ${n}`).click();
  await page.keyboard.type(v.unit);
  await page.keyboard.press('Enter');
  await page.getByLabel(`数量 ${n}`).fill(v.qty);
  await page.getByLabel(`需用日期 ${n}`).fill(inMonth);
}

describe.runIf(hasChromium)('material lists', () => {
  const browser = useBrowser();

  it(
    'the developer builds the sports centre’s list, imports, confirms and reopens it',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.developer);
      await page.getByRole('menuitem', { name: /建材采购/ }).click();
      await page.getByRole('menuitem', { name: '材料清单' }).click();
      await page.waitForURL('**/buildMaterialProcurement/materialsList?projectId=*');
      await page.getByRole('combobox', { name: '项目' }).click();
      await page.locator(`.ant-select-item-option[title="${PROJECT}"]`).click();
      await page
        .getByText(/绿色建筑和绿色建材政府采购需求标准|2025/)
        .first()
        .waitFor();

      for (let i = 1; i <= 3; i++) await page.getByRole('button', { name: '添加一行' }).click();
      await fillRow(page, 1, { classify: '预拌混凝土', name: '预拌混凝土', unit: '立方米', qty: '120' });
      await fillRow(page, 2, { classify: '建筑幕墙', name: '玻璃幕墙', unit: '平方米', qty: '300' });
      await fillRow(page, 3, { classify: '吊顶系统', name: '铝扣板吊顶', unit: '平方米', qty: '500' });
      // The live panel counts the optional kinds before anything is saved.
      await page.getByText('0/2 类有绿色产品').waitFor();
      await page.getByRole('button', { name: /保存清单/ }).click();
      await page.getByText('清单已保存').waitFor();
      await page.getByTestId('kind-1').getByText('必选类').waitFor();
      await page.getByTestId('kind-2').getByText('可选类').waitFor();
      await page.getByTestId('mandatory').getByText('0/1 行为绿色').waitFor();
      await fitsWidth(page);
      await shot(page, 'list-1366');

      await page.getByRole('button', { name: '导入 Excel' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles(await workbook());
      await dialog.getByText(/计量单位：计量单位“斤”不在平台的 37 个计量单位中/).waitFor();
      await shot(page, 'import-preview-1366');
      await dialog.getByRole('button', { name: '导入 1 行' }).click();
      await page.getByText('已导入 1 行').waitFor();
      await page.getByTestId('kind-4').getByText('可选类').waitFor();
      await page.getByText('0/3 类有绿色产品').waitFor();

      await page.getByRole('button', { name: '确认清单' }).click();
      await page
        .getByRole('tooltip')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.getByText('清单已确认').first().waitFor();
      await page.getByText(/只能修改材料名称/).waitFor();
      expect(await page.getByLabel('数量 1').isDisabled()).toBe(true);
      await shot(page, 'confirmed-1366');

      await page.getByRole('button', { name: '重新编制' }).click();
      const reason = page.getByRole('dialog');
      await reason.getByRole('textbox').fill('设计变更：增加看台吊顶');
      await reason.getByRole('button', { name: /重新编制/ }).click();
      await page.getByText('已重新编制，可以修改清单').waitFor();
      await page.getByText(/重新编制：设计变更：增加看台吊顶/).waitFor();
      await page
        .getByTestId('list-status')
        .getByText(/第 2 版/)
        .waitFor();
      await fitsWidth(page);
      await shot(page, 'reopened-1366');

      await page.setViewportSize(PHONE);
      await page.getByTestId('compliance').waitFor();
      await fitsWidth(page);
      await shot(page, 'reopened-390');
    },
    LONG,
  );

  it(
    'the platform operator opens the policy data',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.platform);
      await page.goto('/admin/procurement-policy');
      await page.getByText('规则参数').waitFor();
      await page.getByText('待核实').first().waitFor();
      await fitsWidth(page);
      await shot(page, 'policy-1366');
      await page.setViewportSize(PHONE);
      await fitsWidth(page);
      await shot(page, 'policy-390');
    },
    LONG,
  );
});
