/**
 * `npm run bench:pages`: how long the console's first pages take to show their content, in real headless Chromium
 * against the real server (issue "the first ten minutes", item 2). docs/performance.md has the figures.
 *
 * Scenarios, each repeated PAGES_RUNS times (default 7) after one unmeasured round that warms the server up:
 * - sign-in: /login on a cold cache, the demo manufacturer's mobile and password typed (50 ms a key, as a quick
 *   typist), 登录 pressed; measured from the form's submit to the home page's greeting (您好，…) on screen. The page's
 *   own first paint (the form) is reported too, from navigation start;
 * - list, cold: a new context (empty cache) with the signed-in browser's localStorage (token, current app, organisation
 *   hint: a returning user) opens /product/list; navigation start → first table row;
 * - list, reload: the same page reloaded (every asset in the browser's cache, a returning user);
 * - list, in app: a new context opens /home, waits for it to settle, opens 产品中心 in the side menu and clicks
 *   产品列表; the click (pointerdown) → first table row. The list's code is not in the cache yet;
 * - details, cold: as the cold list, a product's details page (/product/details?id=, the list's first product);
 *   navigation start → its first field;
 * - catalogue: the public city catalogue /cities?city=320100 on a cold cache, no sign-in; → first product card;
 * - scan-cold: the public scan page of the demo code (/mobile/detail?code=JCBBDEMOYM2622NJLZAA, the light public
 *   entry) on a phone's 390 px on a cold cache, no sign-in; navigation start → the chain of custody drawn (its first
 *   step, drawn only from events the browser has checked: "chain drawn") and → the verdict badge settled (验证中
 *   replaced by 已验证 or another verdict: the scenario's figure);
 * - authorisation-cold: the public page of the demo authorisation letter (/free/authorisation?id=demo-lvzhu-hengtong,
 *   the address its PDF's QR code carries), as scan-cold; → the letter's facts drawn, and → its badge settled.
 * - certificate-cold: the public certificate page of the demo certificate (/free/certificate?no=CGBM-2026-000001),
 *   as scan-cold; → the certificate's details drawn, and → its badge settled.
 * - site-receive-phone, site-spot-check-phone: the site's receiving (/projectConstruction/receive) and spot-check
 *   (/projectConstruction/spotCheck) pages of the demo school on the demo construction unit's phone (13800000003,
 *   390 px), a new browser with its sign-in kept (cold cache); navigation start → the open tab's first card (or its
 *   empty state) on screen. People take deliveries and check on site with a phone (issue 24).
 * Every scenario also reports the bytes its page received (resource timing transferSize: compressed bodies and
 *   headers, the document itself not included), scripts and all, as medians of its runs.
 *
 * "On screen" is the first animation frame after the element entered the document (a MutationObserver in the page),
 * timed with the page's own clock (performance.now(), 0 = navigation start). Every scenario runs once on loopback
 * without throttling and once with Chromium's "Fast 3G" network (CDP Network.emulateNetworkConditions: 562.5 ms
 * latency, 180 000 B/s down, 84 375 B/s up; CPU not throttled).
 *
 * Needs apps/web/dist (`npm run build`); builds it when it is missing (PAGES_BUILD=1 always rebuilds).
 * PAGES_RUNS=n, PAGES_PROFILES=loopback,fast3g (either or both), PAGES_SCENARIOS=sign-in,list-cold,… to pick;
 * PAGES_WATERFALL=1 also prints, for the first measured run of each scenario, every request the page made (scripts,
 * styles, API calls) with its start and end relative to navigation start (or to the submit; for the click in the
 * app, to just before the pointer reached the menu entry), so what waits on what shows. Writes JSON to apps/server/bench/results/ (git-ignored).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { chromiumPath, launchChromium } from './chromium.ts';
import { busyShare, machineCpuTimes, machineInfo } from './machine.ts';
import { repoRoot, startServer } from './server-process.ts';

const MOBILE = '13800000001';
/** The demo construction unit (江苏筑安's administrator), on the demo school's site (README, demo accounts). */
const SITE_MOBILE = '13800000003';
const SCHOOL = '南京市鼓楼区天妃宫小学新建工程';
const SITE_RECEIVE_PATH = '/projectConstruction/receive';
const SITE_SPOT_CHECK_PATH = '/projectConstruction/spotCheck';
const TOKEN_KEY = 'jcbb_token';
const CATALOGUE_PATH = '/cities?city=320100';
const LIST_PATH = '/product/list';
const SCAN_PATH = '/mobile/detail?code=JCBBDEMOYM2622NJLZAA';
const CERTIFICATE_PATH = '/free/certificate?no=CGBM-2026-000001';
const AUTHORISATION_PATH = '/free/authorisation?id=demo-lvzhu-hengtong';
/** A phone's viewport (CSS pixels) for the public pages a QR code opens. */
const PHONE = { width: 390, height: 844 };
const resultsDir = path.join(repoRoot, 'apps/server/bench/results');
const webDist = path.join(repoRoot, 'apps/web/dist/index.html');
const RUNS = Number(process.env.PAGES_RUNS ?? 7);
const WATERFALL = process.env.PAGES_WATERFALL === '1';
const TIMEOUT_MS = 60_000;
const KEY_DELAY_MS = 50;

/** Chromium DevTools' "Fast 3G" preset. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
const PROFILES = { loopback: null, fast3g: FAST_3G } as const;
type ProfileName = keyof typeof PROFILES;

/** What the page's content is, per scenario: the element whose arrival counts as the meaningful paint. */
const MARKS = {
  loginForm: 'form button[type=submit]',
  greeting: 'h1.jcbb-home__hello',
  tableRow: '.ant-table-tbody tr.ant-table-row',
  card: '[data-testid=catalogue-card]',
  details: '.ant-descriptions-item-content',
  /** The scan page's first custody step (drawn only from checked events) and its settled verdict (remounted). */
  chain: '[data-testid=trace-step]',
  scanBadge: '[data-testid=trace-verify-badge][data-state]:not([data-state=checking])',
  /** The certificate page's details and its settled verdict. */
  certificateFacts: '[data-testid=certificate-facts]',
  certificateBadge: '[data-testid=certificate-verify-badge][data-state]:not([data-state=checking])',
  /** The authorisation letter's page: its facts and its settled verdict. */
  authorisationFacts: '[data-testid=authorisation-facts]',
  authorisationBadge: '[data-testid=authorisation-verify-badge][data-state]:not([data-state=checking])',
  /** A site page's open tab settled: its first card (a phone's list), or its empty state. */
  siteList: '[role=tabpanel][aria-hidden=false] .item-list > li, [role=tabpanel][aria-hidden=false] .ant-empty',
} as const;
type MarkName = keyof typeof MARKS;

/**
 * Runs in every page before its own scripts: records when each watched element first entered the document (then
 * the next animation frame: painted), the last submit and pointerdown, and keeps every resource timing entry.
 */
const INIT_SCRIPT = `(() => {
  const watch = ${JSON.stringify(MARKS)};
  const bench = { marks: {}, events: {} };
  Object.defineProperty(window, '__bench', { value: bench });
  try { performance.setResourceTimingBufferSize(10000); } catch {}
  const check = () => {
    for (const [name, selector] of Object.entries(watch)) {
      if (name in bench.marks || !document.querySelector(selector)) continue;
      bench.marks[name] = -1;
      requestAnimationFrame(() => { bench.marks[name] = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  document.addEventListener('submit', () => { bench.events.submit = performance.now(); }, true);
  document.addEventListener('pointerdown', () => { bench.events.pointerdown = performance.now(); }, true);
})();`;

/** What the page functions use of the browser (this project's types know no DOM). */
interface InPage {
  __bench: { marks: Record<string, number>; events: Record<string, number> };
  localStorage: Record<string, string>;
  performance: {
    now(): number;
    getEntriesByType(type: 'resource'): {
      name: string;
      initiatorType: string;
      startTime: number;
      responseEnd: number;
      transferSize: number;
    }[];
  };
}

interface Request {
  name: string;
  type: string;
  start: number;
  end: number;
  bytes: number;
}

interface Sample {
  /** Milliseconds from the scenario's start (navigation start, submit or click) to its content on screen. */
  ms: number;
  /** Extra figures of the run (the sign-in form's first paint). */
  extra?: Record<string, number>;
  requests: Request[];
}

type ScenarioName =
  | 'sign-in'
  | 'list-cold'
  | 'list-reload'
  | 'list-in-app'
  | 'details-cold'
  | 'catalogue'
  | 'scan-cold'
  | 'certificate-cold'
  | 'authorisation-cold'
  | 'site-receive-phone'
  | 'site-spot-check-phone';

interface ScenarioResult {
  scenario: ScenarioName;
  profile: ProfileName;
  samples: number[];
  median: number;
  p95: number;
  extra: Record<string, { median: number; p95: number }>;
  /** Requests of the first measured run (all of them with PAGES_WATERFALL=1, else only counts). */
  requests: { scripts: number; styles: number; api: number; total: number };
  /** Bytes received (transferSize), medians of the runs: scripts, and every resource of the page. */
  bytes: { scripts: number; total: number };
  waterfall?: Request[];
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  // Nearest rank: with 7 runs, p95 is the slowest run.
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

function buildWeb(): void {
  console.log('building apps/web (npm run build -w apps/web)…');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_CODE: 'jcbb',
      AUTH_KEY: DEV_AUTH_KEY,
      AUTH_SECRET: DEV_AUTH_SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function newContext(
  browser: Browser,
  baseURL: string,
  storage: Record<string, string> | null,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await context.addInitScript({ content: INIT_SCRIPT });
  if (storage) {
    const entries = JSON.stringify(Object.entries(storage));
    await context.addInitScript({
      content: `try { for (const [k, v] of ${entries}) localStorage.setItem(k, v); } catch {}`,
    });
  }
  return context;
}

/** A page of the context, with the network profile applied before it loads anything. */
async function newPage(context: BrowserContext, profile: ProfileName): Promise<Page> {
  const page = await context.newPage();
  const conditions = PROFILES[profile];
  if (conditions) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', conditions);
  }
  return page;
}

/** Wait until the mark is painted; its time on the page's clock. */
async function markTime(page: Page, mark: MarkName): Promise<number> {
  const handle = await page.waitForFunction(
    (name) => {
      const t = (globalThis as unknown as InPage).__bench.marks[name] ?? 0;
      return t > 0 ? t : null;
    },
    mark,
    { timeout: TIMEOUT_MS, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

async function eventTime(page: Page, event: 'submit' | 'pointerdown'): Promise<number> {
  const value = await page.evaluate((name) => (globalThis as unknown as InPage).__bench.events[name] ?? null, event);
  if (typeof value !== 'number') throw new Error(`no ${event} event recorded`);
  return value;
}

/** The page's resource timing entries that started after `from` (page clock), shifted to start at `from`. */
async function requestsSince(page: Page, from: number): Promise<Request[]> {
  const entries = await page.evaluate(() =>
    (globalThis as unknown as InPage).performance.getEntriesByType('resource').map((e) => ({
      name: e.name,
      type: e.initiatorType,
      start: e.startTime,
      end: e.responseEnd,
      bytes: e.transferSize,
    })),
  );
  return entries
    .filter((e) => e.start >= from - 1)
    .map((e) => ({ ...e, start: e.start - from, end: e.end - from }))
    .sort((a, b) => a.start - b.start);
}

interface Ctx {
  browser: Browser;
  baseURL: string;
  profile: ProfileName;
  /**
   * The signed-in browser's localStorage (the token, the current app, the organisation hint) after the last sign-in,
   * given to the signed-in scenarios' new contexts: a returning user's browser. Refreshed by every sign-in (signing
   * in ends the account's other sessions).
   */
  storage: Record<string, string> | null;
  /** /product/details?id= of the signed-in manufacturer's first listed product, read once from its list. */
  detailsPath?: string;
  /** The construction unit's browser after its sign-in (SITE_MOBILE), as `storage`. */
  siteStorage?: Record<string, string>;
  /** The demo school's id, read once from the construction unit's project list. */
  schoolId?: number;
}

/** Signs `mobile` in through the form: the run, and the browser's localStorage after it (a returning user's). */
async function signInThroughForm(ctx: Ctx, mobile: string) {
  const context = await newContext(ctx.browser, ctx.baseURL, null);
  try {
    const page = await newPage(context, ctx.profile);
    await page.goto('/login');
    const form = await markTime(page, 'loginForm');
    await page.getByLabel('手机号').pressSequentially(mobile, { delay: KEY_DELAY_MS });
    await page.getByLabel('密码', { exact: true }).pressSequentially(DEMO_PASSWORD, { delay: KEY_DELAY_MS });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const greeting = await markTime(page, 'greeting');
    const submit = await eventTime(page, 'submit');
    const storage = await page.evaluate(() => {
      const { localStorage } = globalThis as unknown as InPage;
      return Object.fromEntries(Object.entries(localStorage).filter(([key]) => key.startsWith('jcbb_')));
    });
    if (!storage[TOKEN_KEY]) throw new Error('signing in left no token');
    const sample: Sample = {
      ms: greeting - submit,
      extra: { 'sign-in form': form },
      requests: await requestsSince(page, submit),
    };
    return { sample, storage };
  } finally {
    await context.close();
  }
}

async function signInScenario(ctx: Ctx): Promise<Sample> {
  const { sample, storage } = await signInThroughForm(ctx, MOBILE);
  ctx.storage = storage;
  return sample;
}

async function signedInStorage(ctx: Ctx): Promise<Record<string, string>> {
  if (!ctx.storage) await signInScenario(ctx);
  if (!ctx.storage) throw new Error('no token');
  return ctx.storage;
}

/**
 * A returning user's new browser (empty cache, the signed-in localStorage) opening `target`: navigation start → `mark`
 * on screen; with `reload`, the same page reloaded once everything is cached.
 */
async function openSignedIn(ctx: Ctx, target: string, mark: MarkName, reload = false): Promise<Sample> {
  const context = await newContext(ctx.browser, ctx.baseURL, await signedInStorage(ctx));
  try {
    const page = await newPage(context, ctx.profile);
    await page.goto(target);
    let ms = await markTime(page, mark);
    if (reload) {
      await page.waitForLoadState('networkidle');
      await page.reload();
      ms = await markTime(page, mark);
    }
    return { ms, requests: await requestsSince(page, 0) };
  } finally {
    await context.close();
  }
}

const listCold = (ctx: Ctx, reload: boolean) => openSignedIn(ctx, LIST_PATH, 'tableRow', reload);

/** /product/details?id= of the signed-in manufacturer's first product, read once from its list. */
async function detailsPath(ctx: Ctx): Promise<string> {
  if (ctx.detailsPath) return ctx.detailsPath;
  const context = await newContext(ctx.browser, ctx.baseURL, await signedInStorage(ctx));
  try {
    const page = await context.newPage();
    await page.goto(LIST_PATH);
    const href = await page.locator('.ant-table-tbody a[href*="/product/details?id="]').first().getAttribute('href');
    if (!href) throw new Error('the product list links to no product');
    ctx.detailsPath = href;
    return href;
  } finally {
    await context.close();
  }
}

const detailsCold = async (ctx: Ctx) => openSignedIn(ctx, await detailsPath(ctx), 'details');

async function listInApp(ctx: Ctx): Promise<Sample> {
  const context = await newContext(ctx.browser, ctx.baseURL, await signedInStorage(ctx));
  try {
    const page = await newPage(context, ctx.profile);
    await page.goto('/home');
    await markTime(page, 'greeting');
    await page.waitForLoadState('networkidle');
    const menu = page.getByRole('navigation', { name: '功能菜单' });
    await menu.getByRole('menuitem', { name: '产品中心' }).click();
    const item = menu.getByRole('menuitem', { name: '产品列表' });
    await item.waitFor();
    // The waterfall starts just before the pointer reaches the entry: what its hover starts belongs to the click.
    const beforeHover = await page.evaluate(() => (globalThis as unknown as InPage).performance.now());
    await item.click();
    const row = await markTime(page, 'tableRow');
    const click = await eventTime(page, 'pointerdown');
    return { ms: row - click, requests: await requestsSince(page, beforeHover) };
  } finally {
    await context.close();
  }
}

async function catalogue(ctx: Ctx): Promise<Sample> {
  const context = await newContext(ctx.browser, ctx.baseURL, null);
  try {
    const page = await newPage(context, ctx.profile);
    await page.goto(CATALOGUE_PATH);
    return { ms: await markTime(page, 'card'), requests: await requestsSince(page, 0) };
  } finally {
    await context.close();
  }
}

/** A public page a QR code opens, on a phone with a cold cache: → `first` on screen (extra), → `settled` (the figure). */
async function phonePage(ctx: Ctx, target: string, first: MarkName, firstLabel: string, settled: MarkName) {
  const context = await newContext(ctx.browser, ctx.baseURL, null, PHONE);
  try {
    const page = await newPage(context, ctx.profile);
    await page.goto(target);
    const drawn = await markTime(page, first);
    const ms = await markTime(page, settled);
    await page.waitForLoadState('networkidle');
    return { ms, extra: { [firstLabel]: drawn }, requests: await requestsSince(page, 0) };
  } finally {
    await context.close();
  }
}

/** The construction unit's browser (signed in once per profile) and the demo school's id, from its project list. */
async function siteSession(ctx: Ctx): Promise<{ storage: Record<string, string>; schoolId: number }> {
  if (!ctx.siteStorage) ctx.siteStorage = (await signInThroughForm(ctx, SITE_MOBILE)).storage;
  if (ctx.schoolId === undefined) {
    const context = await newContext(ctx.browser, ctx.baseURL, ctx.siteStorage);
    try {
      const page = await context.newPage();
      await page.goto('/project/list');
      const href = await page.getByRole('link', { name: SCHOOL }).first().getAttribute('href');
      const id = Number(new URL(href ?? '', ctx.baseURL).searchParams.get('id'));
      if (!(id > 0)) throw new Error(`the construction unit's project list has no link to ${SCHOOL}`);
      ctx.schoolId = id;
    } finally {
      await context.close();
    }
  }
  return { storage: ctx.siteStorage, schoolId: ctx.schoolId };
}

/**
 * A site page on the construction unit's phone (390 px) in a new browser with its sign-in kept (a returning user,
 * cold cache), on the demo school: navigation start → the open tab's first card (or its empty state) on screen.
 */
async function sitePhonePage(ctx: Ctx, path: string): Promise<Sample> {
  const { storage, schoolId } = await siteSession(ctx);
  const context = await newContext(ctx.browser, ctx.baseURL, storage, PHONE);
  try {
    const page = await newPage(context, ctx.profile);
    await page.goto(`${path}?projectId=${schoolId}`);
    const ms = await markTime(page, 'siteList');
    return { ms, requests: await requestsSince(page, 0) };
  } finally {
    await context.close();
  }
}

const SCENARIOS: Record<ScenarioName, (ctx: Ctx) => Promise<Sample>> = {
  'sign-in': signInScenario,
  'list-cold': (ctx) => listCold(ctx, false),
  'list-reload': (ctx) => listCold(ctx, true),
  'list-in-app': listInApp,
  'details-cold': detailsCold,
  catalogue,
  'scan-cold': (ctx) => phonePage(ctx, SCAN_PATH, 'chain', 'chain drawn', 'scanBadge'),
  'certificate-cold': (ctx) =>
    phonePage(ctx, CERTIFICATE_PATH, 'certificateFacts', 'certificate drawn', 'certificateBadge'),
  'authorisation-cold': (ctx) =>
    phonePage(ctx, AUTHORISATION_PATH, 'authorisationFacts', 'letter drawn', 'authorisationBadge'),
  'site-receive-phone': (ctx) => sitePhonePage(ctx, SITE_RECEIVE_PATH),
  'site-spot-check-phone': (ctx) => sitePhonePage(ctx, SITE_SPOT_CHECK_PATH),
};

const LABELS: Record<ScenarioName, string> = {
  'sign-in': 'sign-in: submit → greeting',
  'list-cold': 'product list, cold cache',
  'list-reload': 'product list, reload (cached)',
  'list-in-app': 'product list, menu click in app',
  'details-cold': 'product details, cold cache',
  catalogue: 'catalogue /cities?city=…, cold',
  'scan-cold': 'scan page 390 px, cold: badge settled',
  'certificate-cold': 'certificate 390 px, cold: badge',
  'authorisation-cold': 'authorisation letter 390 px, cold: badge',
  'site-receive-phone': 'site receiving 390 px, signed in, cold',
  'site-spot-check-phone': 'site spot checks 390 px, signed in, cold',
};

/** Bytes received by a run: its scripts, and everything. */
function bytesOf(requests: Request[]) {
  const scripts = requests.filter((r) => new URL(r.name).pathname.endsWith('.js'));
  const sum = (rs: Request[]) => rs.reduce((n, r) => n + r.bytes, 0);
  return { scripts: sum(scripts), total: sum(requests) };
}

function countRequests(requests: Request[]) {
  const kind = (r: Request) => {
    const pathname = new URL(r.name).pathname;
    if (pathname.endsWith('.js')) return 'scripts';
    if (pathname.endsWith('.css')) return 'styles';
    return r.type === 'fetch' || r.type === 'xmlhttprequest' ? 'api' : 'other';
  };
  const counts = { scripts: 0, styles: 0, api: 0, total: requests.length };
  for (const r of requests) {
    const k = kind(r);
    if (k !== 'other') counts[k] += 1;
  }
  return counts;
}

function formatWaterfall(result: ScenarioResult): string {
  const rows = result.waterfall ?? [];
  const span = Math.max(1, ...rows.map((r) => r.end));
  const width = 60;
  const lines = [`  ${LABELS[result.scenario]} (${result.profile}), first measured run, ms from its start:`];
  for (const r of rows) {
    const from = Math.round((r.start / span) * width);
    const to = Math.max(from + 1, Math.round((r.end / span) * width));
    const bar = `${' '.repeat(from)}${'█'.repeat(to - from)}`.padEnd(width);
    const url = new URL(r.name);
    const name = `${url.pathname}${url.search}`.slice(0, 70);
    lines.push(
      `    ${String(Math.round(r.start)).padStart(6)}–${String(Math.round(r.end)).padEnd(6)} ${bar} ` +
        `${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${name}`,
    );
  }
  return lines.join('\n');
}

function formatTable(results: ScenarioResult[]): string {
  const lines = [
    '| scenario | network | median ms | p95 ms | runs | scripts | API calls | KB scripts | KB total |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const r of results) {
    lines.push(
      `| ${LABELS[r.scenario]} | ${r.profile} | ${Math.round(r.median)} | ${Math.round(r.p95)} | ${r.samples.length} | ` +
        `${r.requests.scripts} | ${r.requests.api} | ${kb(r.bytes.scripts)} | ${kb(r.bytes.total)} |`,
    );
    for (const [name, figure] of Object.entries(r.extra)) {
      lines.push(`| ↳ ${name} | ${r.profile} | ${Math.round(figure.median)} | ${Math.round(figure.p95)} | | | | | |`);
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath} (set CHROMIUM_PATH)`);
  if (process.env.PAGES_BUILD === '1' || !existsSync(webDist)) buildWeb();
  const builtAt = statSync(webDist).mtime.toISOString();
  const profiles = (process.env.PAGES_PROFILES ?? 'loopback,fast3g').split(',') as ProfileName[];
  const scenarios = (process.env.PAGES_SCENARIOS ?? Object.keys(SCENARIOS).join(',')).split(',') as ScenarioName[];
  for (const p of profiles) if (!(p in PROFILES)) throw new Error(`unknown profile ${p}`);
  for (const s of scenarios) if (!(s in SCENARIOS)) throw new Error(`unknown scenario ${s}`);

  const before = machineCpuTimes();
  const loadBefore = os.loadavg();
  let stop = async () => {};
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  const server = await startServer({ databaseUrl: null, logLevel: 'warn', onCreated: (s) => (stop = s) });
  const browser = await launchChromium();
  const results: ScenarioResult[] = [];
  try {
    console.log(`apps/web/dist built ${builtAt}; server ${server.baseUrl}; ${RUNS} runs per scenario and network`);
    for (const profile of profiles) {
      const ctx: Ctx = { browser, baseURL: server.baseUrl, profile, storage: null };
      // One unmeasured round: the server's first answers (JIT, caches) are not what a warm server does.
      for (const name of scenarios) await SCENARIOS[name](ctx);
      for (const name of scenarios) {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i += 1) samples.push(await SCENARIOS[name](ctx));
        const ms = samples.map((s) => s.ms);
        const extraNames = Object.keys(samples[0]?.extra ?? {});
        const first = samples[0]?.requests ?? [];
        const result: ScenarioResult = {
          scenario: name,
          profile,
          samples: ms.map(Math.round),
          median: quantile(ms, 0.5),
          p95: quantile(ms, 0.95),
          extra: Object.fromEntries(
            extraNames.map((n) => {
              const values = samples.map((s) => s.extra?.[n] ?? Number.NaN);
              return [n, { median: quantile(values, 0.5), p95: quantile(values, 0.95) }];
            }),
          ),
          requests: countRequests(first),
          bytes: {
            scripts: quantile(
              samples.map((x) => bytesOf(x.requests).scripts),
              0.5,
            ),
            total: quantile(
              samples.map((x) => bytesOf(x.requests).total),
              0.5,
            ),
          },
          ...(WATERFALL ? { waterfall: first } : {}),
        };
        results.push(result);
        console.log(
          `  ${LABELS[name].padEnd(34)} ${profile.padEnd(8)} median ${Math.round(result.median)} ms, ` +
            `p95 ${Math.round(result.p95)} ms  [${result.samples.join(', ')}]`,
        );
        if (WATERFALL) console.log(formatWaterfall(result));
      }
    }
  } finally {
    await browser.close();
    await stop();
  }
  const busy = busyShare(before, machineCpuTimes());
  const report = {
    date: new Date().toISOString(),
    machine: machineInfo(),
    loadAverageBefore: loadBefore,
    loadAverageAfter: os.loadavg(),
    machineBusyDuringRun: busy,
    webBuiltAt: builtAt,
    runs: RUNS,
    results,
  };
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `pages-${report.date.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log('');
  console.log(formatTable(results));
  console.log('');
  console.log(
    `load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ` +
      `${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; machine ${busy === null ? '?' : `${Math.round(busy * 100)}%`} busy during the run ` +
      `(${report.machine.cores} cores). JSON: ${path.relative(repoRoot, file)}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
