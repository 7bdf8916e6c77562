import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { menuEntry, PHONE, sideMenu, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { formItem } from './support/form.ts';
import { writeSamplePdf } from './support/pdf.ts';
import { screenshots } from './support/screenshots.ts';

/** Unique per run: the run's own folder (and so its own link) whatever the demo disk holds. */
const RUN = Date.now().toString(36).toUpperCase();
const FOLDER = `端到端资料 ${RUN}`;
const PDF = `岩棉板检测报告-${RUN}.pdf`;
const PNG = `工厂照片-${RUN}.png`;
const WIDE = { width: 1366, height: 768 };
const LONG_STEP_MS = 120_000;
const shot = screenshots('disk');
/** A wrong extraction code answers 400 with the field's words; the browser logs the failed request. */
const wrongCodeLogged = { allowConsoleErrors: [/status of 400.*\/api\/disk\/link\/[\w-]+\/unlock/] };

/** A 1×1 PNG. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** No sideways scrolling: the page is no wider than the window. */
async function fitsWidth(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

/** A row of the disk's visible table (the page stays mounted, hidden, when another opens: keep-alive). */
function row(page: Page, text: string): Locator {
  return page.locator('.ant-table-row:visible').filter({ hasText: text });
}

/** Open the run's folder from the top of the disk. */
async function openFolder(page: Page): Promise<void> {
  await row(page, FOLDER)
    .getByRole('button', { name: new RegExp(FOLDER) })
    .click();
  await page.locator('.ant-breadcrumb:visible').getByText(FOLDER).waitFor();
  await row(page, PDF).waitFor();
}

/** The owner's 我的分享 tab, and the run's link in it. */
async function myShares(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: '我的分享' }).click();
  const link = page.locator('.ant-table-row:visible').filter({ hasText: FOLDER });
  await link.waitFor();
  return link;
}

/**
 * Issue 28 items 2 and 3: the manufacturer puts files in a folder of its enterprise disk and shares the folder with
 * an extraction code; a visitor, signed out, on a phone, opens the link, is refused a wrong code, enters the right
 * one, sees the files and downloads one; the owner reads the access log and revokes the link, and the landing page
 * says so. The steps build on each other, in order.
 */
describe.runIf(hasChromium)('the enterprise disk and a share link', () => {
  const browser = useBrowser();
  let dir = '';
  let pdfPath = '';
  let link = '';
  let code = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'jcbb-e2e-disk-'));
    pdfPath = path.join(dir, PDF);
    writeSamplePdf(pdfPath, `Type test report ${RUN}`);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'lets the manufacturer open the disk from the menu, upload files into a new folder and share it with a code',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.manufacturer);
      await menuEntry(page, '营销管理').click();
      await sideMenu(page).getByRole('menuitem', { name: '企业网盘' }).click();
      await page.waitForURL('**/marketing/documentManagement');
      // The demo's folders are there.
      await row(page, '投标资料包').waitFor();
      await fitsWidth(page);
      await shot(page, '1-disk-1366');

      await page.getByRole('button', { name: '新建文件夹' }).click();
      const ask = page.getByRole('dialog', { name: '新建文件夹' });
      await ask.getByLabel('文件夹名称').fill(FOLDER);
      await ask.getByRole('button', { name: /^创\s*建$/ }).click();
      await ask.waitFor({ state: 'hidden' });
      await row(page, FOLDER).waitFor();
      await row(page, FOLDER)
        .getByRole('button', { name: new RegExp(FOLDER) })
        .click();
      await page.locator('.ant-breadcrumb:visible').getByText(FOLDER).waitFor();
      await page.locator('.ant-table:visible').getByText('这个文件夹还是空的：点“上传文件”放入文件').waitFor();

      await page.getByTestId('disk-upload').setInputFiles([
        { name: PDF, mimeType: 'application/pdf', buffer: readFileSync(pdfPath) },
        { name: PNG, mimeType: 'image/png', buffer: PNG_BYTES },
      ]);
      await page.getByText('已上传 2 个文件').waitFor();
      await row(page, PDF).waitFor();
      await row(page, PNG).waitFor();
      await shot(page, '2-folder-1366');

      // A file's drawer: its facts, the ledger click, versions, and the folder it can move to.
      await row(page, PDF)
        .getByRole('button', { name: new RegExp(PDF) })
        .click();
      const drawer = page.locator('.ant-drawer:visible');
      await formItem(drawer, '文件夹').getByTitle(FOLDER).waitFor();
      await drawer.getByRole('button', { name: '一键存证' }).waitFor();
      await shot(page, '2b-file-drawer-1366');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: /分享此文件夹/ }).click();
      const dialog = page.getByRole('dialog', { name: '创建分享链接' });
      await expect.poll(() => formItem(dialog, '分享标题').locator('input').inputValue()).toBe(FOLDER);
      const codeInput = formItem(dialog, '提取码').locator('input');
      await dialog.getByRole('button', { name: '随机生成' }).click();
      await expect.poll(() => codeInput.inputValue()).toMatch(/^[A-Z2-9]{6}$/);
      await shot(page, '3-share-form-1366');
      await dialog.getByRole('button', { name: '创建链接' }).click();

      await dialog.getByTestId('share-created').waitFor();
      code = ((await dialog.getByTestId('share-code').textContent()) ?? '').trim();
      expect(code).toMatch(/^[A-Z2-9]{6}$/);
      const url = new URL(((await dialog.getByTestId('share-url').textContent()) ?? '').trim());
      expect(url.pathname).toBe('/showDiskLoginInfo');
      link = `${url.pathname}${url.search}`;
      await shot(page, '4-share-created-1366');
    },
    LONG_STEP_MS,
  );

  it(
    'shows a signed-out visitor on a phone the code prompt, refuses a wrong code, then the files, and downloads one',
    async () => {
      expect(link).not.toBe('');
      const page = await browser.newPage({ viewport: PHONE, ...wrongCodeLogged });
      await page.goto(link);
      await page.getByText('南京绿筑新型建材有限公司 分享给您').waitFor();
      const codeInput = page.getByLabel('提取码');
      await codeInput.waitFor();
      expect(await page.getByText(PDF).count()).toBe(0);
      await fitsWidth(page);
      await shot(page, '5-landing-code-390');

      const wrong = code === 'WRONG2' ? 'WRONG3' : 'WRONG2';
      await codeInput.fill(wrong);
      await page.getByRole('button', { name: '提取文件' }).click();
      await page.getByText('提取码不正确，还可尝试 4 次').waitFor();
      expect(await page.getByText(PDF).count()).toBe(0);

      await codeInput.fill(code);
      await page.getByRole('button', { name: '提取文件' }).click();
      const pdfItem = page.locator('.ant-list-item').filter({ hasText: PDF });
      await pdfItem.waitFor();
      await page.locator('.ant-list-item').filter({ hasText: PNG }).waitFor();
      await fitsWidth(page);
      await shot(page, '6-landing-files-390');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        pdfItem.getByRole('button', { name: /下\s*载/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(PDF);
      // The browser runs apart from the test (a remote connection): read the file through its stream.
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // The same link at desktop width, for the pictures.
      const wide = await browser.newPage({ viewport: WIDE });
      await wide.goto(link);
      await wide.getByLabel('提取码').fill(code);
      await wide.getByRole('button', { name: '提取文件' }).click();
      await wide.locator('.ant-list-item').filter({ hasText: PDF }).waitFor();
      await fitsWidth(wide);
      await shot(wide, '7-landing-files-1366');
    },
    LONG_STEP_MS,
  );

  it(
    'opens the demo link the README names with its code',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await page.goto('/showDiskLoginInfo?link=lvzhu-tender-pack-2026');
      await page.getByText('绿筑岩棉板投标资料').waitFor();
      await page.getByLabel('提取码').fill('LZ2026');
      await page.getByRole('button', { name: '提取文件' }).click();
      await page.locator('.ant-list-item').filter({ hasText: '绿色建材产品认证证书.pdf' }).waitFor();
      await page
        .locator('.ant-list-item')
        .filter({ hasText: '岩棉板型式检验报告.pdf' })
        .getByText(/即将到期/)
        .waitFor();
      await fitsWidth(page);
      await shot(page, '7b-demo-link-390');
    },
    LONG_STEP_MS,
  );

  it(
    'fits the disk, the share form and 我的分享 on a phone',
    async () => {
      const page = await browser.newPage({ viewport: PHONE });
      await signIn(page, ACCOUNTS.manufacturer);
      await page.goto('/marketing/documentManagement');
      await row(page, FOLDER).waitFor();
      await fitsWidth(page);
      await shot(page, '8-disk-390');
      await openFolder(page);
      await fitsWidth(page);
      await shot(page, '9-folder-390');
      await row(page, PDF)
        .getByRole('button', { name: new RegExp(PDF) })
        .click();
      const drawer = page.locator('.ant-drawer:visible');
      await formItem(drawer, '文件夹').getByTitle(FOLDER).waitFor();
      await fitsWidth(page);
      await shot(page, '9b-file-drawer-390');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: /分享此文件夹/ }).click();
      const dialog = page.getByRole('dialog', { name: '创建分享链接' });
      await formItem(dialog, '提取码').waitFor();
      await fitsWidth(page);
      await shot(page, '10-share-form-390');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      const mine = await myShares(page);
      await fitsWidth(page);
      await shot(page, '11-my-shares-390');
      await mine.getByRole('button', { name: '访问记录' }).click();
      const log = page.getByRole('dialog', { name: new RegExp(`^访问记录 · ${FOLDER}`) });
      await log.getByText(/提取码错误/).waitFor();
      await fitsWidth(page);
      await shot(page, '12-access-log-390');
    },
    LONG_STEP_MS,
  );

  it(
    'shows the owner who came and what they took, lets it revoke the link, and the link then says so',
    async () => {
      const page = await browser.newPage({ viewport: WIDE });
      await signIn(page, ACCOUNTS.manufacturer);
      await page.goto('/marketing/documentManagement');
      const mine = await myShares(page);
      // One download: the phone's (the desktop visitor only listed the files).
      await mine.getByText('1', { exact: true }).waitFor();
      await shot(page, '13-my-shares-1366');

      await mine.getByRole('button', { name: '访问记录' }).click();
      const log = page.getByRole('dialog', { name: new RegExp(`^访问记录 · ${FOLDER}`) });
      await log.getByText(/提取码错误/).waitFor();
      await log
        .getByText(/提取码正确/)
        .first()
        .waitFor();
      await log.getByText(new RegExp(`下载 · ${PDF}`)).waitFor();
      await shot(page, '14-access-log-1366');
      await page.keyboard.press('Escape');
      await log.waitFor({ state: 'hidden' });

      await mine.getByRole('button', { name: /撤\s*销/ }).click();
      await page
        .locator('.ant-popconfirm:visible')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await mine.locator('.ant-tag', { hasText: '已撤销' }).waitFor();

      const visitor = await browser.newPage({ viewport: PHONE });
      await visitor.goto(link);
      await visitor.getByTestId('share-closed').getByText('分享者已撤销这个链接。').waitFor();
      expect(await visitor.getByLabel('提取码').count()).toBe(0);
      expect(await visitor.getByText(PDF).count()).toBe(0);
      await fitsWidth(visitor);
      await shot(visitor, '15-landing-revoked-390');

      const wide = await browser.newPage({ viewport: WIDE });
      await wide.goto(link);
      await wide.getByTestId('share-closed').waitFor();
      await shot(wide, '16-landing-revoked-1366');
    },
    LONG_STEP_MS,
  );
});
