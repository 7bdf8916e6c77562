import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { PASSWORD } from './accounts.ts';
import { connectChromium } from './chromium.ts';
import { repoRoot } from './web-build.ts';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** Spec §9: below this width the console is in mobile mode. */
export const MOBILE_BREAKPOINT = 992;

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Errors the page is expected to log (the 401 of a superseded token, say). */
  allowConsoleErrors?: RegExp[];
}

/** Where a failed test leaves pictures of its pages (test-results/ is git-ignored; CI can keep it). */
const SCREENSHOT_DIR = path.join(repoRoot, 'test-results/e2e');

async function keepScreenshots(testName: string, contexts: BrowserContext[]): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const base = testName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  const pages = contexts.flatMap((context) => context.pages());
  await Promise.all(
    pages.map((page, i) =>
      page.screenshot({ path: path.join(SCREENSHOT_DIR, `${base}-${i + 1}.png`), fullPage: true }).catch(() => {}),
    ),
  );
  console.error(`e2e: screenshots of the failed test in ${path.relative(repoRoot, SCREENSHOT_DIR)}/${base}-*.png`);
}

/**
 * The run's one Chromium (started by the global setup), a fresh context (its own storage and cache: a new user, whose
 * system asks for reduced motion) per page. After each test the contexts close, and the test fails if a page threw an uncaught error or logged one to
 * the console (issue 3: "no console error").
 */
export function useBrowser() {
  const baseURL = inject('baseUrl');
  let browser: Browser | undefined;
  const opened: { context: BrowserContext; errors: string[] }[] = [];

  beforeAll(async () => {
    browser = await connectChromium(inject('browserWsEndpoint'));
  });
  afterEach(async ({ task }) => {
    const closing = opened.splice(0);
    if (task.result?.state === 'fail') {
      await keepScreenshots(
        task.name,
        closing.map(({ context }) => context),
      );
    }
    await Promise.all(closing.map(({ context }) => context.close()));
    expect(closing.flatMap(({ errors }) => errors)).toEqual([]);
  });
  afterAll(async () => {
    // Disconnects this file (closing anything it left open); the browser itself runs on for the next file.
    await browser?.close();
  });

  return {
    baseURL,
    async newPage(options: PageOptions = {}): Promise<Page> {
      if (!browser) throw new Error('the browser is not running');
      const context = await browser.newContext({
        baseURL,
        viewport: options.viewport ?? DESKTOP,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        // The console honours a system's reduced-motion setting (app/AntdFrame.tsx): no menu, dropdown or dialog is
        // caught mid-animation, where a click lands on the sliding container instead of the entry (a lost click on
        // a busy machine was CI's failure of stop 34).
        reducedMotion: 'reduce',
      });
      const errors: string[] = [];
      opened.push({ context, errors });
      const allowed = options.allowConsoleErrors ?? [];
      context.on('weberror', (error) => errors.push(`uncaught: ${error.error().message}`));
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A failed request names itself only in the message's location.
        const text = `${message.text()} ${message.location().url}`.trim();
        if (!allowed.some((pattern) => pattern.test(text))) errors.push(`console.error: ${text}`);
      });
      return context.newPage();
    },
  };
}

/** The sign-in form at `path` (default /login), as a user fills it. Resolves once the form was sent. */
export async function submitSignIn(page: Page, mobile: string, path = '/login'): Promise<void> {
  if (path) await page.goto(path);
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export function sideMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: '功能菜单' });
}

/** The top bar's user button (用户菜单：name), there once the console has loaded the user. */
export function userButton(page: Page): Locator {
  return page.getByRole('button', { name: /^用户菜单：/ });
}

/**
 * Sign out through the user menu and wait for the sign-in page. On a busy machine a click can land while the menu is
 * still opening and be lost: when no sign-out request follows within a few seconds, the menu is opened and 退出登录
 * clicked again. A sign-out the server answered is never repeated, so a failed sign-out still fails the test.
 */
export async function signOut(page: Page): Promise<void> {
  const item = page.getByRole('menuitem', { name: '退出登录' });
  for (let attempt = 1; ; attempt++) {
    if (!(await item.isVisible())) await userButton(page).click();
    const request = page.waitForRequest((sent) => sent.url().endsWith('/api/user/logout'), { timeout: 5000 });
    await item.click();
    const sent = await request.then(
      () => true,
      () => false,
    );
    if (sent) break;
    if (attempt === 3) throw new Error('退出登录 sent no sign-out request');
  }
  await page.waitForURL('**/login');
}

/**
 * Sign in through the form and wait for the console: the sign-in page gone, the user in the top bar, and on a
 * desktop-wide page the side menu (on a phone the menu waits in its drawer).
 */
export async function signIn(page: Page, mobile: string): Promise<void> {
  await submitSignIn(page, mobile);
  await page.waitForURL((url) => url.pathname !== '/login');
  await userButton(page).waitFor();
  if ((page.viewportSize()?.width ?? DESKTOP.width) >= MOBILE_BREAKPOINT) await sideMenu(page).waitFor();
}

/** The side menu's top-level entries as the user reads them. */
export async function menuEntries(page: Page): Promise<string[]> {
  const menu = sideMenu(page);
  await menu.waitFor();
  const entries = await menu.locator('.ant-menu-root > li > [role=menuitem], .ant-menu-root > [role=menuitem]').all();
  return Promise.all(entries.map(async (entry) => (await entry.textContent())?.trim() ?? ''));
}

/** A top-level menu entry (or group title) by its text. */
export function menuEntry(page: Page, text: string): Locator {
  return sideMenu(page).getByRole('menuitem', { name: text });
}

/** Path and query of the page on screen. */
export function location(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** The top bar's bell; its accessible name carries the unread count (消息通知，N 条未读). */
export function bell(page: Page): Locator {
  return page.getByRole('button', { name: /^消息通知/ });
}

/** The unread count the bell's badge shows (0 when there is no badge). */
export async function badgeCount(page: Page): Promise<number> {
  // Read in one step: the badge may leave between a look for it and a read of it.
  const title = await bell(page).evaluate((button) => button.querySelector('.ant-badge-count')?.getAttribute('title'));
  return title ? Number(title) : 0;
}

/** The message popover's panel (a dialog named like the bell). */
export function messagePanel(page: Page): Locator {
  return page.getByRole('dialog', { name: '消息通知' });
}
