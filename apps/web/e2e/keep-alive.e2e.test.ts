import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { menuEntry, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';

/**
 * Spec §2: pages marked keepAlive are cached by path. The platform's certification queue (/admin/certification,
 * meta.keepAlive) keeps what was typed into its filter; the organisations page (no keepAlive) starts afresh.
 */
describe.runIf(hasChromium)('keep-alive', () => {
  const browser = useBrowser();

  it('keeps a keep-alive page’s typed filter across navigation, and not that of other pages', async () => {
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.platform);
    // Both pages label their filter alike; the kept page stays in the document, hidden.
    const keyword = page.getByLabel('搜索企业名称').filter({ visible: true });

    await menuEntry(page, '认证审核').click();
    await page.waitForURL('**/admin/certification');
    await page.getByText('企业认证审核').waitFor();
    await keyword.fill('绿筑');

    await menuEntry(page, '企业管理').click();
    await page.waitForURL('**/admin/organizations');
    await page.locator('.ant-card-head-title').filter({ hasText: '企业管理', visible: true }).waitFor();
    expect(await keyword.inputValue()).toBe('');
    await keyword.fill('恒通');

    await menuEntry(page, '认证审核').click();
    await page.waitForURL('**/admin/certification');
    await page.getByText('企业认证审核').filter({ visible: true }).waitFor();
    expect(await keyword.inputValue()).toBe('绿筑');

    await menuEntry(page, '企业管理').click();
    await page.waitForURL('**/admin/organizations');
    await page.locator('.ant-card-head-title').filter({ hasText: '企业管理', visible: true }).waitFor();
    expect(await keyword.inputValue()).toBe('');
  });
});
