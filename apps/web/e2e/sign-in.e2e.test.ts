import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from './support/accounts.ts';
import { location, menuEntries, sideMenu, signIn, submitSignIn, useBrowser } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';

/**
 * What each demo account's console offers (issue 3 item 13: "each demo account signs in and sees its console's
 * menu"). `has` are entries characteristic of the console; `lacks` are those of other consoles or roles.
 */
const consoles = [
  {
    mobile: ACCOUNTS.platform,
    console: 'platform administrator',
    has: ['首页', '认证审核', '企业管理'],
    lacks: ['企业认证', '产品中心'],
  },
  {
    mobile: ACCOUNTS.manufacturer,
    console: 'manufacturer',
    has: ['营销管理', '产品中心', '区块链存证', '经销商授权', '溯源管理', '巡检信息', '企业认证', '成员管理'],
    lacks: ['认证审核', '授权产品'],
  },
  {
    mobile: ACCOUNTS.distributor,
    console: 'distributor',
    has: ['营销管理', '授权产品', '区块链存证', '溯源管理', '成员管理'],
    lacks: ['产品中心', '经销商授权'],
  },
  {
    mobile: ACCOUNTS.construction,
    console: 'construction unit',
    has: ['材料来源', '项目列表', '项目施工', '建材采购', '政府采购信息'],
    lacks: ['产品中心', '营销管理'],
  },
  {
    mobile: ACCOUNTS.supervision,
    console: 'supervision unit',
    has: ['材料来源', '项目列表', '项目施工', '政府采购信息'],
    // Supervision units do not buy materials (docs/procurement.md).
    lacks: ['产品中心', '营销管理', '建材采购'],
  },
  {
    mobile: ACCOUNTS.developer,
    console: 'developer',
    has: ['建材采购', '政府采购信息', '企业认证', '成员管理'],
    lacks: ['项目施工', '产品中心'],
  },
  // Government units get a fixed procurement menu and no certification page in it (spec §6, §9).
  {
    mobile: ACCOUNTS.government,
    console: 'government',
    has: ['政府采购信息'],
    lacks: ['企业认证', '成员管理', '营销管理'],
  },
  {
    mobile: ACCOUNTS.certificationBody,
    console: 'certification body',
    has: ['认证业务', '企业认证'],
    lacks: ['产品中心'],
  },
  {
    mobile: ACCOUNTS.uncertifiedManufacturer,
    console: 'manufacturer (uncertified)',
    has: ['产品中心', '企业认证', '成员管理'],
    lacks: ['认证审核'],
  },
  // Staff: the same console as their administrator, without the administrator's member management.
  {
    mobile: ACCOUNTS.manufacturerStaff,
    console: 'manufacturer staff',
    has: ['产品中心', '企业认证'],
    lacks: ['成员管理'],
  },
];

describe.runIf(hasChromium)('signing in', () => {
  const browser = useBrowser();

  it.each(consoles)('$mobile signs in at /login and sees the $console console', async ({ mobile, has, lacks }) => {
    const page = await browser.newPage();
    await signIn(page, mobile);
    expect(location(page)).toBe('/home');
    const entries = await menuEntries(page);
    expect(entries[0]).toBe('首页');
    for (const entry of has) expect(entries).toContain(entry);
    for (const entry of lacks) expect(entries).not.toContain(entry);
    await page.getByRole('heading', { level: 1, name: /^您好，/ }).waitFor();
  });

  it('shows the server’s message for a wrong password and stays on the form', async () => {
    const page = await browser.newPage({ allowConsoleErrors: [/status of 4\d\d/] });
    await page.goto('/login');
    await page.getByLabel('手机号').fill(` ${ACCOUNTS.manufacturerStaff} `);
    await page.getByLabel('密码', { exact: true }).fill('Wrong@2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('手机号或密码错误').waitFor();
    // The mobile was trimmed before it was sent (spec §5).
    expect(await page.getByLabel('手机号').inputValue()).toBe(ACCOUNTS.manufacturerStaff);
    expect(location(page)).toBe('/login');
    expect(await sideMenu(page).count()).toBe(0);
  });

  it('sends a signed-in user who opens /login home', async () => {
    const page = await browser.newPage();
    await signIn(page, ACCOUNTS.manufacturer);
    await page.goto('/login');
    await page.waitForURL('**/home');
    await sideMenu(page).waitFor();
    expect(location(page)).toBe('/home');
  });

  it('sends a signed-out visit to a console page to sign-in, and back to that page after signing in', async () => {
    const page = await browser.newPage();
    await page.goto('/organization/members');
    await page.waitForURL('**/login?**');
    expect(location(page)).toBe(`/login?redirect=${encodeURIComponent('/organization/members')}`);
    await submitSignIn(page, ACCOUNTS.manufacturer, '');
    await page.waitForURL('**/organization/members');
    await page.getByRole('main').getByText('成员管理').first().waitFor();
    expect(location(page)).toBe('/organization/members');
  });
});
