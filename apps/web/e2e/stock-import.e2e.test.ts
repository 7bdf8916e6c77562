import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { creditCodeCheckChar, IMPORT_COLUMNS } from '@jcbb/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { screenshots } from './support/screenshots.ts';

/**
 * The site's Excel files in the browser (docs/construction.md, "Import and export"): the construction unit opens the
 * import from the project's detail, uploads a workbook with a wrong row and sees it named, uploads it corrected,
 * imports it, and downloads the green-material ledger, which holds the imported green lot. The staff member's phone
 * shows the same pages without sideways scrolling. Screenshots at 1366 px and 390 px go to test-results/stock-import/
 * (E2E_SCREENSHOTS=1). The import goes to 浦口区桥林保障房片区三期, which no other e2e file reads the stock of.
 */

const WIDE = { width: 1366, height: 900 };
const PROJECT = '浦口区桥林保障房片区三期';
const LONG = 150_000;
const shot = screenshots('stock-import');
const files: string[] = [];
afterAll(() => Promise.all(files.map((f) => rm(f, { force: true }))));

const STEM = '91320111MA1X7JB2Y';
const CREDIT_CODE = STEM + (creditCodeCheckChar(STEM) ?? '');

/** A workbook of the template's columns: two mortar lots on one delivery note, the first green. */
async function workbook(name: string, secondQuantity: string | number): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('到货明细');
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.title));
  const row = (over: Record<string, unknown>) => {
    const values: Record<string, unknown> = {
      supplierName: '南京浦江建材有限公司',
      supplierCreditCode: CREDIT_CODE,
      arrivedOn: '2026-11-20',
      deliveryNoteNo: 'E2E-SN-01',
      classifyCode: '0107',
      materialName: '预拌砂浆',
      specName: 'DM M10',
      unitName: '吨',
      quantity: 8,
      isGreen: '否',
      building: '3#楼',
      ...over,
    };
    sheet.addRow(IMPORT_COLUMNS.map((c) => values[c.key] ?? null));
  };
  row({ batchNo: 'E2E-PJ-01', isGreen: '是', greenCertNo: 'GB-E2E-0001', greenCertBody: '中国建材检验认证集团' });
  row({ batchNo: 'E2E-PJ-02', quantity: secondQuantity });
  const file = path.join(os.tmpdir(), `${name}-${process.pid}.xlsx`);
  await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));
  files.push(file);
  return file;
}

/** No sideways scrolling on the page. */
async function fitsWidth(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

describe.runIf(hasChromium)('stock import and export', () => {
  const browser = useBrowser();

  it(
    'the construction unit imports off-platform deliveries after a wrong row is named, and exports the green ledger',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.construction);
      await page.goto('/project/list');
      await page.getByRole('link', { name: PROJECT }).click();
      await page.getByRole('link', { name: '导入平台外到货' }).click();
      await page.waitForURL('**/project/stockImport?projectId=*');
      await page.getByText('点击或拖拽 Excel 文件（.xlsx）到此处').waitFor();
      await page.getByTitle(PROJECT).waitFor();
      await fitsWidth(page);
      await shot(page, 'import-1366');

      await page.locator('input[type=file]').setInputFiles(await workbook('wrong', '八吨'));
      await page.getByText('共 2 行，其中 1 行有误（1 处），请修改文件后重新上传').waitFor();
      await page.getByRole('row', { name: /3\s*数量\s*到货数量必须是数字/ }).waitFor();
      expect(await page.getByRole('button', { name: '确认导入' }).count()).toBe(0);
      await fitsWidth(page);
      await shot(page, 'import-errors-1366');

      await page.getByRole('button', { name: '重新上传' }).click();
      await page.locator('input[type=file]').setInputFiles(await workbook('right', 6.5));
      await page.getByText('共 2 行，全部无误，将生成 1 张到货单').waitFor();
      await shot(page, 'import-checked-1366');
      await page.getByRole('button', { name: '确认导入' }).click();
      await page.getByText('已生成 1 张到货单、2 个批次，均为待验收状态，验收放行前不能出库。').waitFor();
      await shot(page, 'import-done-1366');

      await page.getByRole('link', { name: '导出台账' }).click();
      await page.waitForURL('**/project/stockExport?projectId=*');
      await page.getByRole('radio', { name: /绿色建材进场专项台账/ }).waitFor();
      await fitsWidth(page);
      await shot(page, 'export-1366');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /下载 Excel/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${PROJECT}-绿色建材进场专项台账.xlsx`);
      const book = new ExcelJS.Workbook();
      // The browser is shared over a connection (support/browser.ts): the file comes through it, not from a path.
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      book.worksheets[0]?.eachRow((r) => {
        rows.push((r.values as unknown[]).slice(1));
      });
      expect(rows[0]?.[0]).toBe('绿色建材进场专项台账');
      const green = rows.find((r) => r[7] === 'E2E-PJ-01');
      expect(green?.[10]).toBe('GB-E2E-0001（中国建材检验认证集团）');
      expect(green?.at(-1)).toBe('平台外材料，无链上证明');
      expect(rows.some((r) => r[7] === 'E2E-PJ-02')).toBe(false);
    },
    LONG,
  );

  it(
    'on a phone: the import and the export fit the screen',
    async () => {
      const phone = await browser.newPage({ viewport: PHONE });
      await signIn(phone, ACCOUNTS.constructionStaff);
      await phone.goto('/project/stockImport');
      await phone.waitForURL('**/project/stockImport?projectId=*');
      await phone.getByText('点击或拖拽 Excel 文件（.xlsx）到此处').waitFor();
      await fitsWidth(phone);
      await shot(phone, 'import-390');
      await phone.locator('input[type=file]').setInputFiles(await workbook('phone', '八吨'));
      await phone.getByText('第 3 行 · 数量：到货数量必须是数字').waitFor();
      await fitsWidth(phone);
      await shot(phone, 'import-errors-390');
      await phone.goto('/project/stockExport');
      await phone.getByRole('radio', { name: /项目库存/ }).waitFor();
      await fitsWidth(phone);
      await shot(phone, 'export-390');
    },
    LONG,
  );
});
