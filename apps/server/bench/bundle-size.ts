/**
 * The web console's download weight (issue 3 item 14, and "the first ten minutes"): the bytes Chromium receives to
 * show the sign-in page, and to show the console shell (layout + home page) when signed in, both on a cold cache.
 * Chromium loads the real pages from the real server; every response's size on the wire (compressed body and
 * headers) comes from its network events (Network.loadingFinished's encodedDataLength). For comparison with the
 * earlier figures, each script is also weighed as its file in apps/web/dist gzipped at level 9 (what was measured
 * before the server sent compressed files).
 * Run on its own with `node --import tsx apps/server/bench/bundle-size.ts`; `npm run bench` runs it last.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { chromiumPath, launchChromium } from './chromium.ts';
import { repoRoot, startServer } from './server-process.ts';

/** Issue 3 item 14's goals, in KB (1024 bytes): now of all bytes received (before: gzip of the scripts). */
export const BUNDLE_GOALS_KB = { signIn: 170, shell: 350 } as const;

const SHELL_MOBILE = '13800000001';
const TOKEN_KEY = 'jcbb_token';
const distAssets = path.join(repoRoot, 'apps/web/dist/assets');

export interface PageWeight {
  page: string;
  /** Every response's bytes on the wire (compressed body + headers), HTML, scripts, styles and API answers. */
  wireBytes: number;
  responses: number;
  /** The scripts' bytes on the wire. */
  scriptWireBytes: number;
  /** The same scripts' files gzipped at level 9 (the earlier measure). */
  gzipBytes: number;
  goalKb: number;
  files: { file: string; wireBytes: number; gzipBytes: number }[];
}

export interface BundleReport {
  signIn: PageWeight | null;
  shell: PageWeight | null;
  /** Why nothing was measured (no Chromium), or what went wrong. */
  skipped: string | null;
  error: string | null;
}

/** What the page functions use of the browser (this project's types know no DOM). */
interface InBrowser {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Build the console as the bench's server expects it: signed with the development key that server runs with. */
function buildWeb(): void {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repoRoot,
    env: { ...process.env, APP_CODE: 'jcbb', AUTH_KEY: DEV_AUTH_KEY, AUTH_SECRET: DEV_AUTH_SECRET },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Weigh everything the page receives while `load` runs, from Chromium's network events. */
async function scriptsFetched(page: Page, label: string, goalKb: number, load: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const received = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => received.set(event.requestId, event.encodedDataLength));
  await load();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  const responses = [...received.entries()].map(([id, bytes]) => ({ url: urls.get(id) ?? '', bytes }));
  const files = responses
    .filter((r) => {
      const { pathname } = new URL(r.url, 'http://x');
      return pathname.startsWith('/assets/') && pathname.endsWith('.js');
    })
    .map((r) => {
      const file = path.basename(new URL(r.url).pathname);
      const gzipBytes = gzipSync(readFileSync(path.join(distAssets, file)), { level: 9 }).length;
      return { file, wireBytes: r.bytes, gzipBytes };
    })
    .sort((a, b) => b.wireBytes - a.wireBytes);
  const weight: PageWeight = {
    page: label,
    wireBytes: responses.reduce((n, r) => n + r.bytes, 0),
    responses: responses.length,
    scriptWireBytes: files.reduce((n, f) => n + f.wireBytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    goalKb,
    files,
  };
  return weight;
}

async function measure(browser: Browser, baseURL: string): Promise<{ signIn: PageWeight; shell: PageWeight }> {
  const signInContext = await browser.newContext({ baseURL });
  const signInPage = await signInContext.newPage();
  const signIn = await scriptsFetched(signInPage, 'sign-in page (/login)', BUNDLE_GOALS_KB.signIn, async () => {
    await signInPage.goto('/login');
    await signInPage.getByRole('button', { name: '登录', exact: true }).waitFor();
  });
  // Signed in through the form; the shell is then weighed on a fresh load, as a returning user opens it.
  await signInPage.getByLabel('手机号').fill(SHELL_MOBILE);
  await signInPage.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await signInPage.getByRole('button', { name: '登录', exact: true }).click();
  await signInPage.waitForURL('**/home');
  const token = await signInPage.evaluate(
    (key) => (globalThis as unknown as InBrowser).localStorage.getItem(key),
    TOKEN_KEY,
  );
  await signInContext.close();
  if (!token) throw new Error('signing in left no token in localStorage');

  const shellContext = await browser.newContext({ baseURL });
  await shellContext.addInitScript(
    ([key, value]) => (globalThis as unknown as InBrowser).localStorage.setItem(key, value),
    [TOKEN_KEY, token] as const,
  );
  const shellPage = await shellContext.newPage();
  const shell = await scriptsFetched(shellPage, 'console shell (/home)', BUNDLE_GOALS_KB.shell, async () => {
    await shellPage.goto('/home');
    await shellPage.getByRole('navigation', { name: '功能菜单' }).waitFor();
    await shellPage.getByRole('heading', { level: 1 }).waitFor();
  });
  await shellContext.close();
  return { signIn, shell };
}

/** Build the web app, start a server, load the pages in Chromium and weigh their scripts. */
export async function measureBundleSizes(onServer?: (stop: () => Promise<void>) => void): Promise<BundleReport> {
  if (!existsSync(chromiumPath)) {
    return {
      signIn: null,
      shell: null,
      skipped: `Chromium not found at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`,
      error: null,
    };
  }
  buildWeb();
  let stop = async () => {};
  let browser: Browser | undefined;
  try {
    const server = await startServer({
      databaseUrl: null,
      logLevel: 'warn',
      onCreated: (stopServer) => {
        stop = stopServer;
        onServer?.(stopServer);
      },
    });
    browser = await launchChromium();
    return { ...(await measure(browser, server.baseUrl)), skipped: null, error: null };
  } catch (error) {
    return { signIn: null, shell: null, skipped: null, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await browser?.close();
    await stop();
  }
}

function formatWeight(weight: PageWeight): string {
  const over = weight.wireBytes > weight.goalKb * 1024;
  const head =
    `  ${weight.page.padEnd(28)} ${kb(weight.wireBytes).padStart(7)} KB received in ${weight.responses} responses ` +
    `(goal ≤ ${weight.goalKb} KB: ${over ? 'OVER' : 'met'}); scripts ${kb(weight.scriptWireBytes)} KB in ` +
    `${weight.files.length} files (${kb(weight.gzipBytes)} KB as gzip -9 files)`;
  const largest = weight.files
    .slice(0, Number(process.env.BUNDLE_FILES ?? 5))
    .map((f) => `      ${kb(f.wireBytes).padStart(7)} KB  ${f.file}`);
  return [head, ...largest].join('\n');
}

export function formatBundleReport(report: BundleReport): string {
  const lines = ['Web console, bytes received per page load on a cold cache (Chromium network events):'];
  if (report.skipped) lines.push(`  not measured: ${report.skipped}`);
  if (report.error) lines.push(`! failed: ${report.error}`);
  if (report.signIn) lines.push(formatWeight(report.signIn));
  if (report.shell) lines.push(formatWeight(report.shell));
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await measureBundleSizes();
  console.log(formatBundleReport(report));
  process.exit(report.error ? 1 : 0);
}
