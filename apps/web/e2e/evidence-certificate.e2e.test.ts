import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/** Unique per run, so a rerun against a kept database still finds only this run's records. */
const RUN = Date.now().toString(36).toUpperCase();
/** Neither holds the certificate number (E2E-…): a text search for one never finds the other. */
const PRODUCT = `再生骨料透水混凝土 证书端到端 ${RUN}`;
const BRAND = '绿筑E2E';
const CLASS = '砌体材料';
const REPORT_TITLE = `检测报告 存证端到端 ${RUN}`;
const CERT_NO = `E2E-${RUN}`;
const HOLDER = '南京绿筑新型建材有限公司';
const BODY = '华夏绿色建材认证中心有限公司';

/** The console steps take a dozen round trips and two sign-ins: twice the project's default of 60 s. */
const LONG_STEP_MS = 120_000;
/** A date as the pages show it, in the browser's time zone (Asia/Shanghai, UTC+8, no summer time). */
const ymd = (date: Date) => new Date(date.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
const TODAY = ymd(new Date());
/** The default validity: five years from today, the day before (ApproveForm's defaultUntil). */
const UNTIL = (() => {
  const [y, m, d] = TODAY.split('-').map(Number) as [number, number, number];
  return ymd(new Date(Date.UTC(y + 5, m - 1, d - 1)));
})();

/** Choose `file` through whatever in `scope` opens the file chooser when clicked. */
async function chooseFile(opener: Locator, file: string): Promise<void> {
  const chooser = opener.page().waitForEvent('filechooser');
  await opener.click();
  await (await chooser).setFiles(file);
}

/** The in-browser verification: passed, and every check it lists passed (none failed). Returns how many. */
async function expectVerified(scope: Locator, passed = '验证通过'): Promise<number> {
  const panel = scope.getByTestId('verification-panel');
  await panel.getByRole('alert').filter({ hasText: passed }).waitFor();
  const checks = panel.getByRole('list', { name: '验证项' }).getByRole('listitem');
  await checks.first().waitFor();
  expect(await panel.getByText(/验证未通过|核验未通过/).count()).toBe(0);
  expect(await checks.and(scope.page().locator('[data-ok=false]')).count()).toBe(0);
  return checks.count();
}

/**
 * What a visitor reads on /free/certificate: holder, product, two stars, the validity, 有效, and the browser's own
 * verification of the certificate's ledger entry (content, leaf hash, inclusion in the signed tree head, signature).
 */
async function expectCertificateShown(page: Page): Promise<void> {
  // The light public page (docs/decisions.md, "The public pages' light entry"): each fact marked 已验证 only once
  // this browser has checked the certificate's ledger record (content, leaf, inclusion, signature) and found it there.
  const facts = page.getByTestId('certificate-facts');
  await facts.waitFor();
  const badge = page.getByTestId('certificate-verify-badge');
  await expect.poll(() => badge.getAttribute('data-state'), { timeout: 60_000 }).toBe('ok');
  expect((await badge.textContent())?.trim()).toBe('✓ 已验证');
  const item = (label: string) =>
    facts.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect.poll(() => item('持证单位').locator('.scan-facts__value').textContent()).toBe(HOLDER);
  expect(await item('产品').locator('.scan-facts__value').textContent()).toBe(PRODUCT);
  expect(await item('颁证机构').locator('.scan-facts__value').textContent()).toBe(BODY);
  expect(await item('有效期').locator('.scan-facts__value').textContent()).toBe(`${TODAY} ~ ${UNTIL}`);
  expect(await item('星级').locator('.scan-facts__value').textContent()).toBe('★★');
  // Every shown fact checked; what the proof cannot cover is named.
  expect(await facts.getByText('平台记录').count()).toBe(0);
  await page
    .getByTestId('certificate-not-covered')
    .getByText(/证书当前状态/)
    .waitFor();
  await page.getByText('有效', { exact: true }).waitFor();
}

/**
 * Issue 5 item 7, the evidence ledger and certificates end to end: a manufacturer puts a test report on record and
 * checks files against the log, applies for a certificate for a product of its own (created here through the
 * console: every demo product but two already holds a green certificate, and those two belong to other stories),
 * the demo certification body approves, and an anonymous visitor verifies the certificate at /free/certificate, at
 * desktop and at phone width. The steps build on each other, in order. Every record is this run's own; no demo
 * record changes.
 */
describe.runIf(hasChromium)('evidence and certificates', () => {
  const browser = useBrowser();
  let folder = '';
  let report = '';
  let reportSha256 = '';
  let other = '';
  let productId = 0;

  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'jcbb-e2e-evidence-'));
    report = path.join(folder, `jiance-baogao-${RUN}.pdf`);
    writeSamplePdf(report, `Test report ${RUN} - e2e evidence`);
    reportSha256 = createHash('sha256').update(readFileSync(report)).digest('hex');
    other = path.join(folder, `weicunzheng-${RUN}.pdf`);
    writeSamplePdf(other, `Never recorded ${RUN} - e2e evidence`);
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it(
    'puts a test report on record, shows its proof, verifies it in the browser, and checks files against the log',
    async () => {
      const page = await browser.newPage();
      await signIn(page, ACCOUNTS.manufacturer);
      await page.goto('/blockchain/storage/index');
      await page.getByRole('button', { name: '上传存证' }).click();
      const dialog = page.getByRole('dialog', { name: '上传存证' });
      await chooseFile(dialog.getByText('点击或拖拽文件到此处'), report);
      await dialog.getByText(path.basename(report)).waitFor();
      await chooseOption(formItem(dialog, '文件类型').locator('.ant-select'), '检测报告');
      await formItem(dialog, '标题').locator('input').fill(REPORT_TITLE);
      await dialog.getByRole('button', { name: '上传并存证' }).click();

      // Stored: the detail page of the new record, with its leaf index, fingerprint and proof.
      await page.waitForURL('**/blockchain/storage/detail?id=*');
      const recordId = Number(new URL(page.url()).searchParams.get('id'));
      expect(recordId).toBeGreaterThan(0);
      const summary = page.locator('.ant-card:visible').filter({ hasText: `存证详情 · ${REPORT_TITLE}` });
      await summary.waitFor();
      const field = (label: string) =>
        summary.locator('tr').filter({ hasText: label }).locator('td.ant-descriptions-item-content');
      const leafIndex = Number((await field('记录号（叶子序号）').textContent())?.trim());
      expect(Number.isInteger(leafIndex) && leafIndex >= 0).toBe(true);
      await page.getByText(`已存证：第 ${leafIndex} 号记录`).waitFor();
      await field('文件指纹（SHA-256）').getByText(reportSha256, { exact: true }).waitFor();
      expect((await field('来源').textContent())?.trim()).toBe('检测报告');
      // The demo data put other evidence on record before: the proof has an audit path and a signed tree head.
      const proof = page.locator('.ant-card:visible').filter({ hasText: '包含证明（审计路径）' });
      expect(await proof.locator('.jcbb-proof-path li').count()).toBeGreaterThan(0);
      const head = proof.locator('.ant-descriptions').filter({ hasText: '签名树头' });
      expect(Number(await head.locator('tr', { hasText: '树大小' }).locator('td').textContent())).toBeGreaterThan(
        leafIndex,
      );
      await head.locator('tr', { hasText: 'Ed25519 签名' }).waitFor();

      // 在本机验证: the browser recomputes the hashes and checks the proof and the signature itself.
      const verify = page
        .locator('.ant-card:visible')
        .filter({ has: page.locator('.ant-card-head', { hasText: '在本机验证' }) });
      await verify.getByRole('button', { name: '在本机验证' }).click();
      expect(await expectVerified(verify)).toBe(4);
      await verify.getByText(`文件指纹与存证记录一致（SHA-256 ${reportSha256.slice(0, 8)}`, { exact: false }).waitFor();
      await verify.getByRole('button', { name: '重新验证' }).waitFor();

      // The records list shows it with its leaf index and fingerprint.
      await page.getByRole('button', { name: '返回' }).click();
      await page.waitForURL('**/blockchain/storage/index');
      const row = page.locator('.ant-table-row:visible').filter({ hasText: REPORT_TITLE });
      await row.waitFor();
      expect((await row.locator('td').first().textContent())?.trim()).toBe(String(leafIndex));
      await row.getByTitle(reportSha256).waitFor();
      await row.getByText('检测报告', { exact: true }).waitFor();

      // 文件核验: the same file is on record and unchanged; another file is not on record.
      await page.getByRole('button', { name: '文件核验' }).click();
      await page.waitForURL('**/blockchain/check/detail');
      const check = page
        .locator('.ant-card:visible')
        .filter({ has: page.locator('.ant-card-head', { hasText: '文件核验' }) });
      await chooseFile(check.getByText('点击或拖拽文件到此处'), report);
      await check.getByText(reportSha256, { exact: true }).waitFor();
      await check.getByText('文件已存证且未被篡改').waitFor();
      const match = check.locator('.ant-table-row').filter({ hasText: REPORT_TITLE });
      await match.waitFor();
      expect((await match.locator('td').first().textContent())?.trim()).toBe(String(leafIndex));
      await check.getByRole('button', { name: '在本机验证' }).click();
      expect(await expectVerified(check)).toBe(4);

      await check.getByRole('button', { name: '核验其他文件' }).click();
      await chooseFile(check.getByText('点击或拖拽文件到此处'), other);
      const otherSha256 = createHash('sha256').update(readFileSync(other)).digest('hex');
      await check.getByText(otherSha256, { exact: true }).waitFor();
      await check.getByText('未上链', { exact: true }).waitFor();
      expect(await check.getByText('文件已存证且未被篡改').count()).toBe(0);
    },
    LONG_STEP_MS,
  );

  it(
    'lets the manufacturer apply to the certification body for a product of its own, with the report as evidence',
    async () => {
      const page = await browser.newPage();
      await signIn(page, ACCOUNTS.manufacturer);

      // A product of its own, without a green certificate: the basic information is enough to apply for one.
      productId = await createProductBasics(page, { name: PRODUCT, brand: BRAND, classification: CLASS });
      expect(productId).toBeGreaterThan(0);
      await page.goto(`/product/details?id=${productId}`);
      await page.getByRole('heading', { name: PRODUCT }).waitFor();
      await expect.poll(() => page.locator('[data-tag=green]:visible').getAttribute('data-earned')).toBe('false');

      // 申请证书 → 普通申请.
      await page.goto('/blockchain/applyCertificate/index');
      await page
        .locator('.ant-card-hoverable')
        .filter({ hasText: '普通申请' })
        .getByRole('button', { name: '开始申请' })
        .click();
      await page.waitForURL('**/blockchain/storage/normalApply');
      const form = page.locator('form:visible');
      await chooseOption(formItem(form, '产品').locator('.ant-select'), PRODUCT, RUN);
      await chooseOption(formItem(form, '认证机构').locator('.ant-select'), BODY);
      // Three stars asked for (the body grants two below).
      await formItem(form, '申请星级').locator('.ant-rate-star').nth(2).locator('[role=radio]').click();
      const evidence = formItem(form, '证明材料');
      await chooseFile(evidence.getByRole('button', { name: '上传文件' }), report);
      await evidence
        .locator('.ant-upload-list-item-done')
        .filter({ hasText: path.basename(report) })
        .waitFor();
      await formItem(form, '备注').locator('textarea').fill(`检测报告已存证（${REPORT_TITLE}）。`);
      await form.getByRole('button', { name: '提交申请' }).click();

      await page.waitForURL('**/blockchain/certificate/success?kind=submitted&id=*');
      await page.getByText('申请已提交，请等待认证机构审核').waitFor();
      await page.getByRole('button', { name: '我的申请' }).click();
      await page.waitForURL('**/blockchain/myApplys/index');
      const row = page.locator('.ant-table-row').filter({ hasText: PRODUCT });
      await row.getByText(BODY).waitFor();
      await row.locator('.ant-tag').filter({ hasText: '待审核' }).waitFor();
      await row.getByText('普通申请').waitFor();
    },
    LONG_STEP_MS,
  );

  it(
    'is approved by the certification body with a certificate; the manufacturer hears of it and the product turns green',
    async () => {
      expect(productId).toBeGreaterThan(0);
      const body = await browser.newPage();
      await signIn(body, ACCOUNTS.certificationBody);
      await body.goto('/blockchain/approval/index');
      const row = body.locator('.ant-table-row:visible').filter({ hasText: PRODUCT });
      await row.getByText(HOLDER).waitFor();
      await row.getByRole('link', { name: '审批' }).click();
      await body.waitForURL('**/blockchain/approval/detail?id=*');

      // The application as sent: the product, three stars asked for, the report attached.
      const detail = body
        .locator('.ant-card:visible')
        .filter({ has: body.locator('.ant-card-head', { hasText: '审批详情' }) });
      await detail.getByText(PRODUCT).waitFor();
      await detail.getByRole('img', { name: '3 星' }).waitFor();
      await body.getByRole('button', { name: path.basename(report) }).waitFor();

      // 通过并颁发证书: a number of this run, two stars, the default validity (from today, five years).
      const decision = body
        .locator('.ant-card:visible')
        .filter({ has: body.locator('.ant-card-head', { hasText: '审批决定' }) });
      await formItem(decision, '证书编号').locator('input').fill(CERT_NO.toLowerCase());
      expect(await formItem(decision, '证书编号').locator('input').inputValue()).toBe(CERT_NO);
      await formItem(decision, '核定星级').locator('.ant-rate-star').nth(1).locator('[role=radio]').click();
      expect(await formItem(decision, '有效期起').locator('input').inputValue()).toBe(TODAY);
      expect(await formItem(decision, '有效期至').locator('input').inputValue()).toBe(UNTIL);
      await decision.getByRole('button', { name: '通过并颁发证书' }).click();

      await body.waitForURL(`**/blockchain/certificate/success?no=${CERT_NO}&index=*`);
      await body.locator('.ant-result-title', { hasText: '证书已颁发' }).waitFor();
      await body.getByText(`证书编号 ${CERT_NO}，已写入存证日志`, { exact: false }).waitFor();
      await body.getByRole('button', { name: '查看证书管理' }).click();
      await body.waitForURL('**/blockchain/certificate/index');
      const issued = body.locator('.ant-table-row').filter({ hasText: CERT_NO });
      await issued.getByText(PRODUCT).waitFor();
      await issued.getByText(HOLDER).waitFor();
      await issued.getByText(`${TODAY} ~ ${UNTIL}`).waitFor();
      await issued.locator('.ant-tag').filter({ hasText: '有效' }).waitFor();
      await issued.getByRole('img', { name: '2 星' }).waitFor();

      // The manufacturer has a message about the decision; it opens the certificates it holds.
      const maker = await browser.newPage();
      await signIn(maker, ACCOUNTS.manufacturer);
      await bell(maker).click();
      await messagePanel(maker)
        .getByRole('button', { name: new RegExp(`^未读：\\s*证书申请已通过：${PRODUCT}`) })
        .click();
      await maker.waitForURL('**/blockchain/certificate/index');
      const held = maker.locator('.ant-table-row').filter({ hasText: CERT_NO });
      await held.getByText(PRODUCT).waitFor();
      await held.getByText(BODY).waitFor();
      await held.locator('.ant-tag').filter({ hasText: '有效' }).waitFor();

      // The product carries the green tag with the two stars granted.
      await maker.goto(`/product/details?id=${productId}`);
      await maker.getByRole('heading', { name: PRODUCT }).waitFor();
      const green = maker.locator('[data-tag=green]:visible');
      await expect.poll(() => green.getAttribute('data-earned')).toBe('true');
      expect((await green.textContent())?.trim()).toBe('绿色建材 ★★');
      await maker.getByText(CERT_NO).first().waitFor();
      expect(location(maker)).toBe(`/product/details?id=${productId}`);
    },
    LONG_STEP_MS,
  );

  it('is verified by an anonymous visitor at /free/certificate, whose browser checks the proof, and downloads as a PDF', async () => {
    const page = await browser.newPage();
    await page.goto('/free/certificate');
    await page.getByLabel('证书编号').fill(CERT_NO.toLowerCase());
    // antd spaces out a two-character label: the button reads 查 验.
    await page.getByRole('button', { name: /^查\s?验$/ }).click();
    await page.waitForURL(`**/free/certificate?no=${CERT_NO}`);
    await expectCertificateShown(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载证书 PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${CERT_NO}.pdf`);
    // Read through the browser's connection: the file is the browser's (the run's one Chromium, support/browser.ts).
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('opens from the QR code’s address at phone width, verified, without sideways scrolling', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`/free/certificate?no=${encodeURIComponent(CERT_NO)}`);
    await expectCertificateShown(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
