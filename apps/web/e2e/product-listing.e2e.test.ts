import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { bell, location, messagePanel, PHONE, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { chooseOption, formItem } from './support/form.ts';
import { writeSamplePdf } from './support/pdf.ts';
import { createProductBasics } from './support/product.ts';

/** The fragment the public catalogue is searched for: no demo product holds it. */
const FRAGMENT = '端到端透水砖';
/** Each run has a fresh database (global setup); the suffix still tells this run's records apart in its logs. */
const RUN = Date.now().toString(36).toUpperCase();
const PRODUCT = `${FRAGMENT} 绿筑 E2E-${RUN}`;
const BRAND = '绿筑E2E';
const CLASS = '砌体材料';
const SPECS = [
  { name: '200×100 灰色', model: `TS-200-${RUN}`, unit: '平方米', price: '72.50', minOrder: '100' },
  { name: '240×115 砖红', model: `TS-240-${RUN}`, unit: '块', price: '3.20', minOrder: '5000' },
];
const CERT_NO = `LSJC-E2E-${RUN}`;
const ISSUER = '中国建材检验认证集团股份有限公司';
const NANJING = { code: '320100', name: '南京市' };

const DAY = 24 * 60 * 60 * 1000;
/** The console steps take a dozen round trips and three sign-ins: twice the project's default of 60 s. */
const LONG_STEP_MS = 120_000;
/** A date as the date pickers take it, in the browser's time zone (Asia/Shanghai, UTC+8, no summer time). */
const ymd = (ms: number) => new Date(ms + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
const VALID_FROM = ymd(Date.now() - 30 * DAY);
const VALID_UNTIL = ymd(Date.now() + 2 * 365 * DAY);

/**
 * A button by its two-character label, which antd spaces out (通 过, 保 存). Only the end of the accessible name is
 * matched: an icon before the text adds its name (check 通 过), and a modal's OK button that was loading the last
 * time the modal closed keeps its loading icon's name (loading 保 存) though the spinner is gone.
 */
const twoChars = (label: string) => new RegExp(`${label[0]}\\s?${label[1]}$`);

/** Upload `file` through the upload button of `scope`, and wait for the list to show it done. */
async function upload(scope: Locator, button: string | RegExp, file: string): Promise<void> {
  const chooser = scope.page().waitForEvent('filechooser');
  await scope.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
  await scope
    .locator('.ant-upload-list-item-done')
    .filter({ hasText: path.basename(file) })
    .waitFor();
}

/** A date picker: typed as the user would, confirmed with Enter. */
async function pickDate(item: Locator, date: string): Promise<void> {
  const input = item.locator('input');
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  expect(await input.inputValue()).toBe(date);
}

/** No sideways scrolling: nothing on the page is wider than the phone. */
async function fitsPhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/**
 * Issue 4 item 10, the product centre end to end: a manufacturer creates a product with two specifications and a
 * green building material certificate, lists it in Nanjing, the platform and the city approve, and it appears in
 * the public catalogue with its tags, at desktop and at phone width. The steps build on each other, in order.
 * It adds a product of its own (a unique name) to the demo manufacturer and lists it; no demo record changes.
 */
describe.runIf(hasChromium)('product listing', () => {
  const browser = useBrowser();
  let folder = '';
  let certificate = '';
  let report = '';
  let productId = 0;
  let listingId = 0;

  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'jcbb-e2e-product-'));
    certificate = path.join(folder, 'lvse-jiancai-zhengshu.pdf');
    writeSamplePdf(certificate, 'Green building material certificate - e2e test');
    report = path.join(folder, 'jiance-baogao.pdf');
    writeSamplePdf(report, 'Test report - e2e test');
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it(
    'lets the manufacturer create a product with two specifications and a green certificate',
    async () => {
      const page = await browser.newPage();
      await signIn(page, ACCOUNTS.manufacturer);
      // Step 1: basic information.
      productId = await createProductBasics(page, { name: PRODUCT, brand: BRAND, classification: CLASS });
      expect(productId).toBeGreaterThan(0);

      // Step 2: two specifications, different units and prices, each saved as it is added.
      for (const [i, spec] of SPECS.entries()) {
        await page.getByRole('button', { name: '添加规格' }).click();
        const dialog = page.getByRole('dialog', { name: '添加规格' });
        await formItem(dialog, '规格名称').locator('input').fill(spec.name);
        await formItem(dialog, '型号').locator('input').fill(spec.model);
        await chooseOption(formItem(dialog, '计量单位').locator('.ant-select'), spec.unit, spec.unit);
        await formItem(dialog, '单价').locator('input').fill(spec.price);
        await formItem(dialog, '起订量').locator('input').fill(spec.minOrder);
        await dialog.getByRole('button', { name: twoChars('保存') }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('row').filter({ hasText: spec.model }).waitFor();
        expect(
          await page
            .getByRole('row')
            .filter({ hasText: /TS-\d{3}-/ })
            .count(),
        ).toBe(i + 1);
      }

      // Step 3: a green building material certificate, two stars, valid today, with its PDF.
      await page.getByRole('button', { name: '下一步' }).click();
      await page.waitForURL(/[?&]step=2/);
      await page.getByRole('button', { name: '添加证书' }).click();
      const cert = page.getByRole('dialog', { name: '添加证书' });
      await formItem(cert, '证书编号').locator('input').fill(CERT_NO);
      await formItem(cert, '发证机构').locator('input').fill(ISSUER);
      await formItem(cert, '星级').getByText('2 星').click();
      await pickDate(formItem(cert, '有效期起'), VALID_FROM);
      await pickDate(formItem(cert, '有效期止'), VALID_UNTIL);
      await upload(cert, '上传文件', certificate);
      await cert.getByRole('button', { name: twoChars('保存') }).click();
      await cert.waitFor({ state: 'hidden' });
      await page.getByText(CERT_NO).waitFor();

      // Step 4 hands over to the listing pages; 完成 shows the success page.
      await page.getByRole('button', { name: '下一步' }).click();
      await page.waitForURL(/[?&]step=3/);
      await page.getByRole('button', { name: '去选择入驻城市' }).waitFor();
      await page.getByRole('button', { name: twoChars('完成') }).click();
      await page.waitForURL(`**/product/success?id=${productId}`);
      await page.getByText('产品已保存', { exact: true }).waitFor();
      await page.getByText(`“${PRODUCT}”已保存到产品列表`, { exact: false }).waitFor();

      // The details page: the green tag with its two stars, both specifications, the certificate.
      await page.getByRole('button', { name: '查看产品' }).click();
      await page.waitForURL(`**/product/details?id=${productId}`);
      await page.getByRole('heading', { name: PRODUCT }).waitFor();
      // The product list stays mounted, hidden (keep-alive), with tags of its own: look at what is on screen.
      const green = page.locator('[data-tag=green]:visible');
      await expect.poll(() => green.getAttribute('data-earned')).toBe('true');
      expect((await green.textContent())?.trim()).toBe('绿色建材 ★★');
      for (const spec of SPECS) await page.getByRole('row').filter({ hasText: spec.model }).waitFor();
      await page.getByText(CERT_NO).waitFor();
      await page.getByText('尚未入驻任何城市').filter({ visible: true }).waitFor();
    },
    LONG_STEP_MS,
  );

  it(
    'lets the manufacturer list it in Nanjing, answering the city’s form to its procurement standard',
    async () => {
      expect(productId).toBeGreaterThan(0);
      const page = await browser.newPage();
      await signIn(page, ACCOUNTS.manufacturer);
      await page.goto(`/product/details?id=${productId}`);
      await page.getByRole('heading', { name: PRODUCT }).waitFor();
      await page.goto(`/warehousing/edit?productId=${productId}`);
      const city = page.locator('.ant-select:visible').filter({ has: page.getByLabel('入库城市') });
      await chooseOption(city, NANJING.name, '南京');

      // Nanjing's form: the nationwide group and the city's demand standard.
      const form = page.locator('form:visible');
      await form.getByRole('region', { name: '南京市政府采购需求标准' }).waitFor();
      await formItem(form, '产品执行标准').locator('input').fill('GB/T 25993-2023');
      await upload(formItem(form, '检测报告'), '上传文件', report);
      await formItem(form, /ISO 9001/)
        .getByText('是', { exact: true })
        .click();
      await formItem(form, '是否获得绿色建材认证').getByText('是', { exact: true }).click();
      await formItem(form, '产品碳足迹').locator('input').fill('12.6');
      await formItem(form, '适用场景').getByText('公共建筑', { exact: true }).click();
      await formItem(form, '适用场景').getByText('市政工程', { exact: true }).click();
      await chooseOption(formItem(form, '供货范围').locator('.ant-select'), '江苏省内');
      await form.getByRole('button', { name: '提交审核' }).click();

      await page.waitForURL('**/warehousing/details?id=*');
      listingId = Number(new URL(page.url()).searchParams.get('id'));
      expect(listingId).toBeGreaterThan(0);
      const summary = page.locator('.ant-descriptions').first();
      await summary.getByText(PRODUCT).waitFor();
      await summary.locator('.ant-tag').filter({ hasText: '平台审核中' }).waitFor();
      await summary.locator('.ant-tag').filter({ hasText: '符合' }).waitFor();
    },
    LONG_STEP_MS,
  );

  it(
    'is approved by the platform, then by Nanjing’s committee, and the manufacturer hears of it',
    async () => {
      expect(listingId).toBeGreaterThan(0);
      // Each step has its checklist (审核要点, the demo's approval forms): its required items come first.
      for (const auditor of [
        { mobile: ACCOUNTS.platform, queue: '/admin/listings', answers: ['齐全', '真实有效'] },
        { mobile: ACCOUNTS.government, queue: '/gov/listings', answers: ['符合'] },
      ]) {
        const page = await browser.newPage();
        await signIn(page, auditor.mobile);
        await page.goto(auditor.queue);
        // The queue's row (the detail page has rows naming the product too).
        const row = page.locator('.ant-table-row').filter({ hasText: PRODUCT });
        await row.getByRole('link', { name: '审核', exact: true }).click();
        await page.waitForURL(`**${auditor.queue}/detail?id=${listingId}`);
        const card = page.locator('.ant-card').filter({ hasText: '入库审核详情', visible: true }).first();
        await card.getByText(CERT_NO).first().waitFor();
        await card.getByRole('button', { name: twoChars('通过') }).click();
        await page.getByText('请先填写审核要点中的必填项').waitFor();
        const checklist = card.getByRole('form', { name: '审核要点' });
        for (const answer of auditor.answers) {
          await checklist.getByRole('radio', { name: answer, exact: true }).check();
        }
        await card.getByRole('button', { name: twoChars('通过') }).click();
        const confirm = page
          .getByRole('dialog')
          .filter({ hasText: `确定通过“${PRODUCT}”在${NANJING.name}的入库申请吗？` });
        await confirm.getByRole('button', { name: twoChars('通过') }).click();
        await page.getByText('已通过', { exact: true }).waitFor();
        await page.waitForURL(`**${auditor.queue}`);
        await row.waitFor({ state: 'detached' });
      }

      // The manufacturer has a message saying so; it opens the listing, which is now listed.
      const page = await browser.newPage();
      await signIn(page, ACCOUNTS.manufacturer);
      await bell(page).click();
      await messagePanel(page)
        .getByRole('button', { name: new RegExp(`^未读：\\s*产品已在${NANJING.name}入库：`) })
        .filter({ hasText: PRODUCT })
        .click();
      await page.waitForURL(`**/warehousing/details?id=${listingId}`);
      const summary = page.locator('.ant-descriptions').first();
      await summary.getByText(PRODUCT).waitFor();
      await summary.locator('.ant-tag').filter({ hasText: '已入库' }).waitFor();
      expect(location(page)).toBe(`/warehousing/details?id=${listingId}`);
      // The audit history keeps each auditor's answers.
      const answers = page.locator('dl[aria-label="审核要点"]');
      await answers.filter({ hasText: '申报资料是否齐全：齐全' }).waitFor();
      await answers.filter({ hasText: '是否符合本市绿色建材政府采购需求标准：符合' }).waitFor();
    },
    LONG_STEP_MS,
  );

  it('appears in Nanjing’s public catalogue with its tags, and on its public page', async () => {
    const page = await browser.newPage();
    await page.goto('/cities');
    await page.getByRole('link', { name: new RegExp(`^${NANJING.name}`) }).click();
    await page.waitForURL(`**/cities?city=${NANJING.code}`);
    await page.getByRole('heading', { level: 1, name: `${NANJING.name}绿色建材产品库` }).waitFor();

    const search = page.getByLabel('搜索产品名称', { exact: false });
    await search.fill(FRAGMENT);
    await search.press('Enter');
    await page.waitForURL(/[?&]q=/);
    const cards = page.getByTestId('catalogue-card');
    const card = cards.filter({ hasText: PRODUCT });
    await card.waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    await card.locator('[data-tag=green][data-earned=true]').filter({ hasText: '绿色建材 ★★' }).waitFor();
    await card.locator('[data-tag=govProcurement][data-earned=true]').filter({ hasText: '政府采购' }).waitFor();

    // The green filter keeps it.
    const filters = page.getByRole('region', { name: '筛选条件' });
    await filters.getByText('绿色建材', { exact: true }).click();
    await page.waitForURL(/[?&]green=1/);
    await card.waitFor();
    await expect.poll(() => cards.count()).toBe(1);

    // Its public page: both specifications, the certificate, the city it is listed in.
    await card.getByRole('link', { name: PRODUCT }).last().click();
    await page.waitForURL(`**/product/details/external?id=${productId}*`);
    await page.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
    for (const spec of SPECS) {
      const row = page.getByRole('row').filter({ hasText: spec.model });
      await row.getByText(spec.name).waitFor();
      await row.getByText(spec.unit, { exact: true }).waitFor();
    }
    await page.getByText(CERT_NO).waitFor();
    await page.getByText(ISSUER).first().waitFor();
    await page.getByRole('link', { name: NANJING.name, exact: true }).waitFor();
    await page.locator('[data-tag=green][data-earned=true]').first().waitFor();
  });

  it('is found and readable at phone width, without sideways scrolling', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`/cities?city=${NANJING.code}`);
    await page.getByRole('heading', { level: 1, name: `${NANJING.name}绿色建材产品库` }).waitFor();
    const search = page.getByLabel('搜索产品名称', { exact: false });
    await search.fill(FRAGMENT);
    await search.press('Enter');
    const card = page.getByTestId('catalogue-card').filter({ hasText: PRODUCT });
    await card.waitFor();
    await card.locator('[data-tag=green][data-earned=true]').waitFor();
    await fitsPhone(page);
    const box = await card.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= PHONE.width).toBe(true);

    await card.getByRole('link', { name: PRODUCT }).last().click();
    await page.waitForURL(`**/product/details/external?id=${productId}*`);
    const title = page.getByRole('heading', { level: 1, name: PRODUCT });
    await title.waitFor();
    for (const spec of SPECS) await page.getByText(spec.name, { exact: true }).waitFor();
    await page.getByText(CERT_NO).waitFor();
    await fitsPhone(page);
    // Readable: the title and the specifications sit inside the screen, in a legible size.
    const titleBox = await title.boundingBox();
    expect((titleBox?.x ?? -1) >= 0 && (titleBox?.x ?? 0) + (titleBox?.width ?? Infinity) <= PHONE.width).toBe(true);
    const size = await title.evaluate((h) => Number.parseFloat(getComputedStyle(h).fontSize));
    expect(size).toBeGreaterThanOrEqual(16);
  });
});
