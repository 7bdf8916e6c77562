import { Role } from '@jcbb/contract';
import { SIGNING_PARAM_KEYS } from '@jcbb/contract/signing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser, session } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { CityProject } from '../api.ts';
import projectZh from '../locales/zh-CN.ts';
import { cityProject } from '../test-data.ts';
import { CityProjectListPage } from './CityProjectListPage.tsx';

const CITY_LIST = '/dolphin/api/project/city/list';

let sent: { path: string; body: Record<string, unknown> }[];
let rows: CityProject[];

beforeEach(() => {
  sent = [];
  rows = [];
  session.setToken('t');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const signed = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    // The request's signature fields differ on every call: what the page asked is the rest.
    const body = Object.fromEntries(
      Object.entries(signed).filter(([key]) => !(SIGNING_PARAM_KEYS as readonly string[]).includes(key)),
    );
    sent.push({ path: url.pathname, body });
    const data = url.pathname === CITY_LIST ? { list: rows, total: rows.length } : null;
    return new Response(JSON.stringify({ code: 0, msg: 'success', data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const user: SessionUser = {
    id: 6,
    username: 'u',
    realName: '周婷',
    mobile: '13800000006',
    headimgurl: null,
    roles: [Role.CITY_COMMITTEE],
    org: { name: '南京市住房和城乡建设委员会' },
    organization: { id: 6, type: 5, type_enum: 'GOVERNMENT', status: '已认证', certStatus: 2 },
    companyId: 6,
  };
  session.setUser(user, []);
});

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

const render = () => renderWithProviders(<CityProjectListPage />, { project: projectZh }, { path: '/gov/projects' });

describe("the city committee's project list", { timeout: 60_000 }, () => {
  it("lists the city's projects with a link to each, and a search asks again from the first page", async () => {
    rows = [cityProject(7, { name: '天妃宫小学新建工程' })];
    render();
    const link = await screen.findByRole('link', { name: '天妃宫小学新建工程' });
    expect(link.getAttribute('href')).toBe('/project/detail?id=7');
    expect(screen.getByText(/南京城建置业发展有限公司/)).toBeTruthy();
    const search = screen.getByLabelText('按项目名称搜索');
    fireEvent.change(search, { target: { value: '小学' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(sent.at(-1)?.body).toMatchObject({ name: '小学', skip: 0, take: 10 }));
  });

  it('says so when the city has no project', async () => {
    render();
    expect(await screen.findByText('本市暂无登记的项目。')).toBeTruthy();
  });
});
