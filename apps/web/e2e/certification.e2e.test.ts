import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { creditCodeCheckChar } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, CERTIFICATION_MOBILE } from './support/accounts.ts';
import { bell, location, menuEntry, messagePanel, signIn, signOut, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { chooseOption } from './support/form.ts';
import { writeSamplePdf } from './support/pdf.ts';

const ORG_NAME = '苏州新材科技有限公司';
const UNCERTIFIED = '贵单位尚未完成企业认证，部分功能受限。';
const PENDING = '贵单位的企业认证申请正在审核中，审核通过后即可使用全部功能。';
const VERIFICATION_PATH = '/organization/orgnizationVerification';

function creditCode(): string {
  // Region 320506 (吴中区, the region chosen below) and an organisation code no demo organisation holds.
  const first17 = '91320506MA27E2E0X';
  const check = creditCodeCheckChar(first17);
  if (!check) throw new Error(`${first17} is not a valid start of a credit code`);
  return first17 + check;
}

/**
 * The certification story of issue 3 item 6, in order: the banner of an uncertified manufacturer, its
 * administrator's application, the platform operator's approval, and what the organisation sees afterwards.
 * Only this file uses 13800000008, the uncertified manufacturer's administrator.
 */
describe.runIf(hasChromium)('certification', () => {
  const browser = useBrowser();
  const code = creditCode();
  let folder = '';
  let licence = '';
  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'jcbb-e2e-licence-'));
    licence = path.join(folder, 'yingye-zhizhao.pdf');
    writeSamplePdf(licence, 'Business licence - e2e test');
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('shows the uncertified banner to the administrator, whose 去认证 link opens the certification page', async () => {
    const page = await browser.newPage();
    await signIn(page, CERTIFICATION_MOBILE);
    const banner = page.getByRole('alert').filter({ hasText: UNCERTIFIED });
    await banner.waitFor();
    await banner.getByRole('link', { name: '去认证' }).click();
    await page.waitForURL(`**${VERIFICATION_PATH}`);
    await page.getByRole('button', { name: '提交认证' }).waitFor();
    expect(location(page)).toBe(VERIFICATION_PATH);
    // On the certification page itself the warning stays, without a link to where the user already is.
    expect(await banner.getByRole('link').count()).toBe(0);
    await menuEntry(page, '企业认证').and(page.locator('.ant-menu-item-selected')).waitFor();
  });

  it('shows no banner to members of certified organisations', async () => {
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.manufacturerStaff);
    await page.getByRole('heading', { level: 1, name: /^您好，/ }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('is submitted by the administrator, approved by the platform operator, and then shown as certified', async () => {
    // The administrator fills in the application.
    const admin = await browser.newPage();
    await signIn(admin, CERTIFICATION_MOBILE);
    await admin.goto(VERIFICATION_PATH);
    const form = admin.locator('form');
    await form.getByRole('button', { name: '提交认证' }).waitFor();
    await form.getByLabel('企业名称').fill(ORG_NAME);
    await form.getByLabel('统一社会信用代码').fill(code.toLowerCase());
    await chooseOption(form.locator('.ant-select').filter({ has: admin.getByLabel('企业性质') }), '合资企业');
    await form.getByLabel('所在地区').click();
    const cascader = admin.locator('.ant-cascader-dropdown');
    await cascader.getByRole('menuitemcheckbox', { name: '江苏省' }).click();
    await cascader.getByRole('menuitemcheckbox', { name: '苏州市' }).click();
    await cascader.getByRole('menuitemcheckbox', { name: '吴中区' }).click();
    await form.getByTitle('江苏省 / 苏州市 / 吴中区').waitFor();
    await form.getByLabel('详细地址').fill('江苏省苏州市吴中区东吴北路 66 号');
    await form.getByLabel('法定代表人').fill('吴芳');
    await form.getByLabel('联系人').fill('吴昊');
    await form.getByLabel('联系电话').fill('0512-65123456');
    const chooser = admin.waitForEvent('filechooser');
    await form.getByRole('button', { name: '上传营业执照' }).click();
    await (await chooser).setFiles(licence);
    // Uploaded: the list shows the file done (the uploading row fades out beside it for a moment).
    await form.locator('.ant-upload-list-item-done').filter({ hasText: 'yingye-zhizhao.pdf' }).waitFor();
    // The credit code was typed in lower case: the form shows it as the licence prints it.
    expect(await form.getByLabel('统一社会信用代码').inputValue()).toBe(code);
    await form.getByRole('button', { name: '提交认证' }).click();
    await admin.getByText('认证申请已提交，请等待平台审核').waitFor();
    await admin.locator('.ant-tag').filter({ hasText: '审核中' }).first().waitFor();
    await admin.getByRole('alert').filter({ hasText: PENDING }).waitFor();

    // The platform operator finds it in the review queue and approves it.
    const operator = await browser.newPage();
    await signIn(operator, ACCOUNTS.platform);
    await menuEntry(operator, '认证审核').click();
    await operator.waitForURL('**/admin/certification');
    const row = operator.getByRole('row').filter({ hasText: ORG_NAME });
    await row.getByRole('link', { name: '审核' }).click();
    await operator.waitForURL('**/admin/certification/detail?id=*');
    // The queue stays mounted, hidden (keep-alive): the detail page is the visible card.
    const details = operator.locator('.ant-card').filter({ hasText: '认证申请详情', visible: true });
    await details.getByText(code).waitFor();
    await details.getByText('江苏省 / 苏州市 / 吴中区').waitFor();
    await details.getByText('合资企业').waitFor();
    await details.getByRole('button', { name: '通过' }).click();
    const confirm = operator.getByRole('dialog').filter({ hasText: `确定通过“${ORG_NAME}”的企业认证吗？` });
    // antd spaces out a two-character label: the button reads 通 过.
    await confirm.getByRole('button', { name: /^通\s?过$/ }).click();
    await operator.getByText(`已通过“${ORG_NAME}”的企业认证`).waitFor();
    await operator.waitForURL('**/admin/certification');
    await row.waitFor({ state: 'detached' });

    // The administrator signs out and in again (a second sign-in beside the first would end the first session, and
    // its next unread poll would meet the remote-login reminder): certified, no banner, a message saying so.
    const again = admin;
    await signOut(again);
    await signIn(again, CERTIFICATION_MOBILE);
    await again.getByRole('heading', { level: 1, name: /^您好，/ }).waitFor();
    await again.getByRole('main').getByText('已认证').waitFor();
    expect(await again.getByRole('alert').count()).toBe(0);
    // The message carries the certification page as its target: opening it goes there.
    await bell(again).click();
    await messagePanel(again)
      .getByRole('button', { name: /^未读：\s*企业认证已通过/ })
      .click();
    await again.waitForURL(`**${VERIFICATION_PATH}`);
    await again.getByText('贵单位已通过企业认证。').waitFor();
    await again.locator('.ant-tag').filter({ hasText: '已认证' }).first().waitFor();
    expect(await again.getByRole('alert').count()).toBe(0);
  });
});
