import { describe, expect, it } from 'vitest';
import { ACCOUNTS, PASSWORD } from './support/accounts.ts';
import { api } from './support/api.ts';
import { location, PHONE, signIn, useBrowser, userButton } from './support/browser.ts';
import { hasChromium } from './support/chromium.ts';
import { chooseOption, formItem } from './support/form.ts';
import { screenshots } from './support/screenshots.ts';

/**
 * The projects module in the browser: a developer registers a project (the form answers a server field error under
 * its field) and invites the construction and supervision units; the construction unit's administrator accepts and
 * names its leader; the supervision unit accepts and sees it; an organisation without a project meets 暂无项目.
 * Screenshots of each screen at 1366 px and 390 px go to test-results/projects/ for a person to look at
 * (with E2E_SCREENSHOTS=1: support/screenshots.ts).
 */

const WIDE = { width: 1366, height: 900 };
const PROJECT = 'E2E 南京市鼓楼区实验小学改扩建工程';

const shot = screenshots('projects');

describe.runIf(hasChromium)('projects', () => {
  const browser = useBrowser();

  /** Set by the first test: the project the others work on. */
  let projectId = 0;
  const LONG = 150_000;

  it(
    'a developer registers a project; the form answers a server field error under its field',
    async () => {
      // The developer's list (four demo projects) and its form.
      // The form's first try is refused on purpose (a code in use): the browser logs that 400.
      const dev = await browser.newPage({
        viewport: WIDE,
        allowConsoleErrors: [/400 \(Bad Request\).*\/dolphin\/api\/project\/create/],
      });
      await signIn(dev, ACCOUNTS.developer);
      await dev.goto('/project/list');
      await dev.getByRole('link', { name: '南京市鼓楼区天妃宫小学新建工程' }).waitFor();
      await shot(dev, 'developer-list-1366');
      await dev.getByRole('button', { name: '登记项目' }).click();
      await dev.waitForURL('**/project/edit');
      const form = dev.locator('form');
      await form.getByRole('button', { name: '保 存' }).click();
      await formItem(form, '项目名称').getByText('请输入项目名称').waitFor();
      await shot(dev, 'developer-form-empty-1366');

      await form.getByLabel('项目名称').fill(PROJECT);
      // A code the developer already used: the server's field message shows under the field.
      await form.getByLabel('项目编号').fill('NJGL-2025-017');
      await chooseOption(formItem(form, '项目类型').locator('.ant-select'), '学校');
      await form.getByLabel('所在区县').click();
      const cascader = dev.locator('.ant-cascader-dropdown');
      await cascader.getByRole('menuitemcheckbox', { name: '江苏省' }).click();
      await cascader.getByRole('menuitemcheckbox', { name: '南京市' }).click();
      await cascader.getByRole('menuitemcheckbox', { name: '鼓楼区' }).click();
      await form.getByTitle('江苏省 / 南京市 / 鼓楼区').waitFor();
      await form.getByLabel('详细地址').fill('江苏省南京市鼓楼区北京西路 18 号');
      await form.getByLabel('总建筑面积（m²）').fill('15600.5');
      await form.getByLabel('总投资（万元）').fill('12800');
      await form.getByLabel('计划开工日期').fill('2026-09-01');
      await form.getByLabel('计划竣工日期').fill('2028-06-30');
      await chooseOption(
        formItem(form, '政策批次').locator('.ant-select'),
        '2020 年试点（6 个城市）（财库〔2020〕31号）',
      );
      await chooseOption(
        formItem(form, '需求标准版本').locator('.ant-select'),
        '绿色建筑和绿色建材政府采购基本要求（试行）',
      );
      await form.getByRole('button', { name: '保 存' }).click();
      await formItem(form, '项目编号').getByText('本单位已有相同编号的项目').waitFor();
      await shot(dev, 'developer-form-server-error-1366');
      await form.getByLabel('项目编号').fill('E2E-2026-001');
      await form.getByRole('button', { name: '保 存' }).click();
      await dev.waitForURL('**/project/detail?id=*');
      projectId = Number(new URL(dev.url()).searchParams.get('id'));
      await dev.getByText('政策项目 · 2020 年试点（6 个城市）').waitFor();
      await dev.getByText('12,800 万元').waitFor();
    },
    LONG,
  );

  it(
    'the developer invites the construction and the supervision unit',
    async () => {
      expect(projectId).toBeGreaterThan(0);
      const dev = await browser.newPage({ viewport: WIDE });
      await signIn(dev, ACCOUNTS.developer);
      await dev.goto(`/project/detail?id=${projectId}`);

      // Invite the construction unit and the supervision unit, found by name.
      await dev.getByRole('button', { name: '邀请单位' }).click();
      const dialog = dev.getByRole('dialog', { name: '邀请参建单位' });
      const search = dialog.getByLabel('输入企业名称或统一社会信用代码');
      for (const [keyword, name] of [
        ['筑安', '江苏筑安建设工程有限公司'],
        ['正衡', '南京正衡工程监理有限公司'],
      ] as const) {
        await search.fill(keyword);
        await search.press('Enter');
        const row = dialog.getByRole('listitem').filter({ hasText: name });
        await row.getByRole('button', { name: '邀 请' }).click();
        await row.getByText('待接受').waitFor();
      }
      await shot(dev, 'developer-invite-1366');
      await dev.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      const team = dev.locator('.ant-card').filter({ hasText: '参建单位' });
      await expect.poll(() => team.getByText('待接受').count()).toBe(2);
      await shot(dev, 'developer-detail-1366');
    },
    LONG,
  );

  it(
    'the construction unit’s administrator accepts and names its leader',
    async () => {
      expect(projectId).toBeGreaterThan(0);
      // The construction unit's administrator sees the invitation on its list and accepts.
      // The phone below signs in as the same account, which ends this page's session (one session per account).
      const builder = await browser.newPage({ viewport: WIDE, allowConsoleErrors: [/401 \(Unauthorized\)/] });
      await signIn(builder, ACCOUNTS.construction);
      await builder.goto('/project/list');
      const invitations = builder.locator('.ant-card').filter({ hasText: '待处理的项目邀请' });
      const invitation = invitations.getByRole('listitem').filter({ hasText: PROJECT });
      await invitation.waitFor();
      await shot(builder, 'construction-invitation-1366');
      await invitation.getByRole('button', { name: '接 受' }).click();
      await builder.locator('.ant-table').getByRole('link', { name: PROJECT }).click();
      await builder.waitForURL(`**/project/detail?id=${projectId}`);

      // It names its leader from the candidates: 王强, the administrator himself.
      const ownRow = builder.getByRole('listitem').filter({ hasText: '江苏筑安建设工程有限公司' });
      await ownRow.getByRole('button', { name: '添加人员' }).click();
      const add = builder.getByRole('dialog', { name: '添加本单位人员' });
      await chooseOption(formItem(add, '人员').locator('.ant-select'), '王强 13800000003');
      await builder.keyboard.press('Escape');
      await formItem(add, '角色').getByTitle('负责人').waitFor();
      await add.getByRole('button', { name: '保 存' }).click();
      await add.waitFor({ state: 'hidden' });
      await ownRow.getByText('负责人：王强 13800000003').waitFor();
      await shot(builder, 'construction-detail-1366');

      // On a phone: the list as cards, the detail stacked.
      const phone = await browser.newPage({ viewport: PHONE });
      await signIn(phone, ACCOUNTS.construction);
      await phone.goto('/project/list');
      await phone.getByRole('link', { name: PROJECT }).waitFor();
      await shot(phone, 'construction-list-390');
      await phone.goto(`/project/detail?id=${projectId}`);
      await phone.getByText('负责人：王强 13800000003').waitFor();
      await shot(phone, 'construction-detail-390');
    },
    LONG,
  );

  it(
    'the supervision unit accepts from the project page and sees both units; the developer sees them joined',
    async () => {
      expect(projectId).toBeGreaterThan(0);
      // The supervision unit accepts from the project page and sees the project with both units.
      const supervisor = await browser.newPage({ viewport: WIDE });
      await signIn(supervisor, ACCOUNTS.supervision);
      await supervisor.goto(`/project/detail?id=${projectId}`);
      await supervisor.getByText('贵单位收到本项目的邀请').waitFor();
      await supervisor.getByRole('alert').getByRole('button', { name: '接 受' }).click();
      await supervisor.getByText('贵单位收到本项目的邀请').waitFor({ state: 'hidden' });
      await supervisor.goto('/project/list');
      await supervisor.locator('.ant-table').getByRole('link', { name: PROJECT }).waitFor();
      await supervisor.goto(`/project/detail?id=${projectId}`);
      const seen = supervisor.locator('.ant-card').filter({ hasText: '参建单位' });
      await seen.getByText('负责人：王强 13800000003').waitFor();
      expect(await seen.getByText('已加入').count()).toBe(3);
      await shot(supervisor, 'supervision-detail-1366');

      // The developer's page now shows both units joined.
      const dev = await browser.newPage({ viewport: WIDE });
      await signIn(dev, ACCOUNTS.developer);
      await dev.goto(`/project/detail?id=${projectId}`);
      const team = dev.locator('.ant-card').filter({ hasText: '参建单位' });
      await expect.poll(() => team.getByText('已加入').count()).toBe(3);
    },
    LONG,
  );

  it(
    'the city committee reads its city’s projects without changing them',
    async () => {
      expect(projectId).toBeGreaterThan(0);
      // The committee's read-only view of its city's projects.
      const committee = await browser.newPage({ viewport: WIDE });
      await signIn(committee, ACCOUNTS.government);
      await committee.goto('/gov/projects');
      await committee.getByRole('link', { name: PROJECT }).waitFor();
      await shot(committee, 'committee-list-1366');
      await committee.getByRole('link', { name: PROJECT }).click();
      await committee.getByText('只读：本市住建委查看').waitFor();
      expect(await committee.getByRole('button', { name: '编辑项目' }).count()).toBe(0);
      expect(await committee.getByRole('button', { name: '邀请单位' }).count()).toBe(0);
    },
    LONG,
  );

  it(
    'the developer moves the step on and back; going back asks for a reason, and both show in the history',
    async () => {
      expect(projectId).toBeGreaterThan(0);
      const dev = await browser.newPage({ viewport: WIDE });
      await signIn(dev, ACCOUNTS.developer);
      const edit = async (step: string) => {
        await dev.goto(`/project/edit?id=${projectId}`);
        const form = dev.locator('form');
        await form.getByTitle('江苏省 / 南京市 / 鼓楼区').waitFor();
        await chooseOption(formItem(form, '项目阶段').locator('.ant-select'), step);
        return form;
      };
      let form = await edit('施工图阶段');
      await form.getByRole('button', { name: '保 存' }).click();
      await dev.waitForURL(`**/project/detail?id=${projectId}`);
      await dev.getByText('「已登记」→「施工图阶段」').waitFor();

      form = await edit('设计阶段');
      await form.getByRole('button', { name: '保 存' }).click();
      await formItem(form, '阶段回退原因').getByText('请填写阶段回退原因').waitFor();
      await form.getByLabel('阶段回退原因').fill('施工图审查未通过，退回设计');
      await form.getByRole('button', { name: '保 存' }).click();
      await dev.waitForURL(`**/project/detail?id=${projectId}`);
      await dev.getByText('原因：施工图审查未通过，退回设计').waitFor();
      await shot(dev, 'developer-step-history-1366');
    },
    LONG,
  );

  it(
    'an organisation with no project meets 暂无项目 on its construction pages and learns what to do',
    async () => {
      const baseUrl = browser.baseURL;
      const login = await api(baseUrl, '/api/auth/login', { mobile: ACCOUNTS.platform, password: PASSWORD });
      const created = await api(
        baseUrl,
        '/api/admin/organizations',
        {
          name: '南京新开施工有限公司',
          type: 4,
          regionCode: '320115',
          adminMobile: '13900000441',
          adminRealName: '陈新',
        },
        login.access_token as string,
      );
      const page = await browser.newPage({ viewport: WIDE });
      await page.goto('/login');
      await page.getByLabel('手机号').fill('13900000441');
      await page.getByLabel('密码', { exact: true }).fill(created.initialPassword as string);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await userButton(page).waitFor();
      await page.goto('/projectConstruction/stock');
      await page.getByText('暂无项目').first().waitFor();
      expect(location(page)).not.toContain('/projectConstruction');
      await page.goto('/project/list');
      await page.getByText('暂无项目。建设单位邀请贵单位加入项目后').waitFor();
      await shot(page, 'no-project-list-1366');
    },
    LONG,
  );
});
