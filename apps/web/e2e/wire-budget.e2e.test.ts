import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { sideMenu, signIn, useBrowser, userButton } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';

/**
 * Bytes on the wire as Chromium receives them (issue "the first ten minutes"): the sign-in page on a cold cache and
 * the first console page after signing in each within a budget, counted from the network events (Network.loadingFinished's
 * encodedDataLength: compressed bodies plus headers); and a repeat visit fetches no unchanged asset again.
 */
const BUDGET_KB = { signIn: 170, shell: 350, scanScripts: 120 } as const;
/** The demo's trace code (README): what a phone on a building site opens from a label. */
const SCAN_PATH = '/mobile/detail?code=JCBBDEMOYM2622NJLZAA';
const TOKEN_KEY = 'jcbb_token';

interface Fetched {
  url: string;
  status: number;
  /** Bytes received, headers included; 0 when served from the browser's cache. */
  bytes: number;
  fromCache: boolean;
  encoding: string;
}

/** Record every response of the page through its DevTools protocol session while `load` runs. */
async function recordNetwork(page: Page, load: () => Promise<void>): Promise<Fetched[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, Fetched>();
  const finished = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    byId.set(event.requestId, {
      url: event.response.url,
      status: event.response.status,
      bytes: 0,
      fromCache: Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache),
      encoding: String(headers['content-encoding'] ?? ''),
    });
  });
  // Sent before responseReceived, for answers from the memory cache.
  const servedFromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event) => servedFromCache.add(event.requestId));
  cdp.on('Network.loadingFinished', (event) => {
    finished.add(event.requestId);
    const fetched = byId.get(event.requestId);
    if (fetched) fetched.bytes = event.encodedDataLength;
  });
  await load();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return [...byId.entries()]
    .filter(([id]) => finished.has(id))
    .map(([id, f]) => ({ ...f, fromCache: f.fromCache || servedFromCache.has(id) }));
}

const total = (fetched: Fetched[]) => fetched.reduce((n, f) => n + f.bytes, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const isAsset = (f: Fetched) => new URL(f.url).pathname.startsWith('/assets/');

function report(label: string, fetched: Fetched[]): string {
  const scripts = fetched.filter((f) => f.url.endsWith('.js'));
  // WIRE_LIST=1 lists every response, largest first.
  if (process.env.WIRE_LIST === '1') {
    const list = [...fetched].sort((a, b) => b.bytes - a.bytes);
    console.log(
      list.map((f) => `  ${String(f.bytes).padStart(7)}  ${f.status} ${f.encoding || '-'}  ${f.url}`).join('\n'),
    );
  }
  return `${label}: ${kb(total(fetched))} in ${fetched.length} responses (${scripts.length} scripts, ${kb(total(scripts))})`;
}

describe.runIf(hasChromium)('bytes on the wire', () => {
  const browser = useBrowser();

  it('the public scan page receives at most 120 KB of scripts on a cold cache, brotli, and no console code', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const fetched = await recordNetwork(page, async () => {
      await page.goto(SCAN_PATH);
      await page.locator('[data-testid=trace-verify-badge][data-state=verified]').waitFor();
    });
    console.log(report(`scan page (${SCAN_PATH}), cold`, fetched));
    const scripts = fetched.filter((f) => isAsset(f) && f.url.endsWith('.js'));
    expect(scripts.filter((f) => f.bytes > 1024 && f.encoding !== 'br').map((f) => f.url)).toEqual([]);
    // The light entry: none of the console's tiers (docs/decisions.md, "The public pages' light entry").
    expect(scripts.map((f) => new URL(f.url).pathname).filter((p) => /\/(boot|shell|antd|icons|zod)-/.test(p))).toEqual(
      [],
    );
    expect(total(scripts), report('scan page', fetched)).toBeLessThanOrEqual(BUDGET_KB.scanScripts * 1024);
  });

  it('the sign-in page and the console shell stay within budget, compressed, and a reload refetches no asset', async () => {
    // The sign-in page, cold.
    const signInPage = await browser.newPage();
    const signInFetched = await recordNetwork(signInPage, async () => {
      await signInPage.goto('/login');
      await signInPage.getByRole('button', { name: '登录', exact: true }).waitFor();
    });
    console.log(report('sign-in page (/login), cold', signInFetched));
    const signInScripts = signInFetched.filter((f) => isAsset(f) && f.url.endsWith('.js'));
    expect(signInScripts.length).toBeGreaterThan(0);
    // Every script came compressed (brotli: Chromium asks for it), not as the plain file.
    expect(signInScripts.filter((f) => f.encoding !== 'br').map((f) => f.url)).toEqual([]);
    expect(total(signInFetched), report('sign-in page', signInFetched)).toBeLessThanOrEqual(BUDGET_KB.signIn * 1024);

    // Signed in through the form: the first console page after sign-in, as the user's browser receives it (the
    // sign-in page's files already in its cache).
    const afterSignIn = await recordNetwork(signInPage, async () => {
      await signIn(signInPage, ACCOUNTS.manufacturer);
      await signInPage.getByRole('heading', { level: 1 }).waitFor();
    });
    console.log(report('console shell (/home) after sign-in', afterSignIn));
    expect(total(afterSignIn), report('console shell', afterSignIn)).toBeLessThanOrEqual(BUDGET_KB.shell * 1024);

    // The same shell on a cold cache (a signed-in user's first visit after a release changed every file): reported
    // for docs/performance.md, not held to the budget, which it exceeds by its 80-odd responses' headers.
    const token = await signInPage.evaluate(
      (name) => (globalThis as unknown as { localStorage: Storage }).localStorage.getItem(name),
      TOKEN_KEY,
    );
    expect(token).toBeTruthy();
    const shellPage = await browser.newPage();
    await shellPage
      .context()
      .addInitScript(
        ([name, value]) => (globalThis as unknown as { localStorage: Storage }).localStorage.setItem(name, value),
        [TOKEN_KEY, token as string] as const,
      );
    const shellFetched = await recordNetwork(shellPage, async () => {
      await shellPage.goto('/home');
      await sideMenu(shellPage).waitFor();
      await userButton(shellPage).waitFor();
      await shellPage.getByRole('heading', { level: 1 }).waitFor();
    });
    console.log(report('console shell (/home), cold', shellFetched));
    expect(shellFetched.filter((f) => isAsset(f) && f.url.endsWith('.js') && f.encoding !== 'br')).toEqual([]);

    // A repeat visit: the page's HTML may be revalidated, but no hashed asset is fetched again.
    const repeat = await recordNetwork(shellPage, async () => {
      await shellPage.reload();
      await sideMenu(shellPage).waitFor();
      await shellPage.getByRole('heading', { level: 1 }).waitFor();
    });
    console.log(report('console shell, reload', repeat));
    const assets = repeat.filter(isAsset);
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((f) => !f.fromCache).map((f) => `${f.status} ${f.url}`)).toEqual([]);
    expect(total(assets)).toBe(0);
  });
});
