import { describe, expect, it } from 'vitest';
import { EXTRA_MESSAGES, MESSAGES_MOBILE } from './support/accounts.ts';
import { badgeCount, bell, location, messagePanel, signIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';

/** The messages support/prepare-data.ts gives the test's own account, all unread. */
const UNREAD = EXTRA_MESSAGES.length;
const PAGE_SIZE = 5;
/** Messages come newest first: the last one added heads the list. */
const NEWEST = EXTRA_MESSAGES.at(-1) ?? '';

/**
 * The message popover of spec §2, §4 and §9 with a real inbox of six unread messages (two pages of five). Only this
 * file signs in as the account that holds them.
 */
describe.runIf(hasChromium)('message popover', () => {
  const browser = useBrowser();

  it('counts unread messages, pages, filters, marks read on opening and all at once, and links to the list', async () => {
    const page = await browser.newPage();
    await signIn(page, MESSAGES_MOBILE);
    await expect.poll(() => badgeCount(page)).toBe(UNREAD);
    expect(await bell(page).getAttribute('aria-label')).toBe(`消息通知，${UNREAD} 条未读`);

    await bell(page).click();
    const panel = messagePanel(page);
    const all = panel.getByRole('tab', { name: '全部消息' });
    const unread = panel.getByRole('tab', { name: '未读消息' });
    await all.waitFor();
    expect(await all.getAttribute('aria-selected')).toBe('true');
    expect(await unread.getAttribute('aria-selected')).toBe('false');
    const rows = panel.getByRole('listitem');
    const marker = panel.getByText('没有更多了');
    /** Scroll the 420 px list to its end, as often as it takes for the last page to arrive. */
    const scrollToEnd = () =>
      expect
        .poll(async () => {
          await panel.getByTestId('message-popover-list').hover();
          await page.mouse.wheel(0, 600);
          return marker.isVisible();
        })
        .toBe(true);
    // The first page holds five, more than the list shows; its end offers 加载更多, and scrolling there loads.
    await expect.poll(() => rows.count()).toBe(PAGE_SIZE);
    await panel.getByRole('button', { name: '加载更多' }).waitFor();
    await scrollToEnd();
    expect(await rows.count()).toBe(UNREAD);
    expect(await rows.first().textContent()).toContain(NEWEST);

    // Another filter starts again at page 1.
    await unread.click();
    await expect.poll(() => unread.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => rows.count()).toBe(PAGE_SIZE);
    await scrollToEnd();
    await expect.poll(() => panel.getByRole('button', { name: /^未读：/ }).count()).toBe(UNREAD);

    // Opening a message shows it (no target address: its detail page) and counts it read.
    await panel.getByRole('button', { name: new RegExp(`^未读：\\s*${NEWEST}`) }).click();
    await page.waitForURL('**/message/detail?id=*');
    await page.getByRole('heading', { level: 1, name: NEWEST }).waitFor();
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => badgeCount(page)).toBe(UNREAD - 1);

    await bell(page).click();
    await panel.getByRole('button', { name: new RegExp(`^${NEWEST}`) }).waitFor();
    await panel.getByRole('button', { name: '全部已读' }).click();
    await page.getByText('更新成功').waitFor();
    await expect.poll(() => badgeCount(page)).toBe(0);
    expect(await bell(page).getAttribute('aria-label')).toBe('消息通知');
    await expect.poll(() => panel.getByRole('button', { name: /^未读：/ }).count()).toBe(0);
    await panel.getByRole('tab', { name: '未读消息' }).click();
    await panel.getByText('暂无未读消息').waitFor();

    await panel.getByRole('link', { name: '查看全部' }).click();
    await page.waitForURL('**/message');
    await page.getByRole('heading', { level: 1, name: '消息中心' }).waitFor();
    await page.getByText(`共 ${UNREAD} 条`).waitFor();
    expect(location(page)).toBe('/message');
    await panel.waitFor({ state: 'hidden' });
  });
});
