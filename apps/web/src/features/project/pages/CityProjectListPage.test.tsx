import { Role } from '@jcbb/contract';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent, signInAs } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { CityProject } from '../api.ts';
import projectZh from '../locales/zh-CN.ts';
import { cityProject } from '../test-data.ts';
import { CityProjectListPage } from './CityProjectListPage.tsx';

const CITY_LIST = projectEndpoints.cityProjectList;

let sent: Sent[];
let rows: CityProject[];

beforeEach(() => {
  rows = [];
  sent = fakeServer(answer(CITY_LIST, () => ({ list: rows, total: rows.length })));
  signInAs(5, {
    name: '南京市住房和城乡建设委员会',
    orgId: 6,
    roles: [Role.CITY_COMMITTEE],
    user: { id: 6, realName: '周婷', mobile: '13800000006' },
  });
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
