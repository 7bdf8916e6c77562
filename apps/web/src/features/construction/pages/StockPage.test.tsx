import { constructionEndpoints } from '@jcbb/contract/construction.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { userProject } from '../../project/test-data.ts';
import { PROJECT, stockRow } from '../test-data.ts';
import { page, renderSite, screenWidth } from '../testing.tsx';
import { StockPage } from './StockPage.tsx';

const { stockList: LIST } = constructionEndpoints;
const PROJECTS = projectEndpoints.userProjectList;

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

describe('项目库存', { timeout: 60_000 }, () => {
  it('opens on the first project and shows each lot’s buckets, its state and why it cannot be issued', async () => {
    screenWidth(1366);
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    const sent = fakeServer(
      answer(PROJECTS, () => page([userProject(PROJECT, { name: '江宁区人民医院门急诊综合楼' })])),
      answer(LIST, () =>
        page([
          stockRow(5),
          stockRow(6, {
            materialName: '花岗岩',
            specName: '600×600×20',
            batchNo: 'GR-01',
            unitName: '平方米',
            isGreen: false,
            quarantined: 0,
            usable: 80,
            issued: 12.5,
            state: 'released',
            blockedReason: null,
          }),
        ]),
      ),
    );
    const { router } = renderSite(<StockPage />, '/projectConstruction/stock');
    const blocks = (await screen.findByText('JQ20261105')).closest('tr') as HTMLElement;
    expect(within(blocks).getByText('30 立方米')).toBeInTheDocument();
    expect(within(blocks).getByText('待复试')).toBeInTheDocument();
    expect(within(blocks).getByText('待见证取样复试合格后方可出库')).toBeInTheDocument();
    const granite = screen.getByText('GR-01').closest('tr') as HTMLElement;
    expect(within(granite).getByText('80 平方米')).toBeInTheDocument();
    expect(within(granite).getByText('12.5 平方米')).toBeInTheDocument();
    expect(within(granite).getByText('已放行')).toBeInTheDocument();
    expect(within(granite).getByText('可领用')).toBeInTheDocument();
    // The project is in the address (a refresh or a link keeps it), and the list was asked for it.
    expect(router.state.location.search).toBe(`?projectId=${PROJECT}`);
    expect(sent.filter((s) => s.endpoint === LIST)[0]?.body).toMatchObject({ projectId: PROJECT, take: 10, skip: 0 });
    expect(within(granite).getByRole('link', { name: '批号 GR-01 的出入库明细' })).toHaveAttribute(
      'href',
      `/projectConstruction/stockDetail?lotId=6&projectId=${PROJECT}`,
    );
  });

  it('filters by state and keyword, and picks among several projects', async () => {
    screenWidth(1366);
    signInAs(3, { name: '南京正衡工程监理有限公司' });
    const sent = fakeServer(
      answer(PROJECTS, () =>
        page([
          userProject(PROJECT, { name: '江宁区人民医院门急诊综合楼', orgType: 3 }),
          userProject(8, { name: '天妃宫小学', orgType: 3 }),
        ]),
      ),
      answer(LIST, (req) => (req.body.projectId === 8 ? page([]) : page([stockRow(5)]))),
    );
    renderSite(<StockPage />, `/projectConstruction/stock?projectId=${PROJECT}`);
    await screen.findByText('JQ20261105');
    await userEvent.click(screen.getByRole('combobox', { name: '验收状态' }));
    await userEvent.click(await screen.findByTitle('待复试'));
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === LIST).at(-1)?.body).toMatchObject({ state: 'pending_retest' }),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: '材料、规格或批号' }), 'JQ{Enter}');
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === LIST).at(-1)?.body).toMatchObject({
        keyword: 'JQ',
        state: 'pending_retest',
      }),
    );
    await userEvent.click(screen.getByRole('combobox', { name: '选择项目' }));
    await userEvent.click(await screen.findByTitle('天妃宫小学'));
    expect(await screen.findByText('项目还没有库存')).toBeInTheDocument();
  });

  it('leads to the project’s Excel pages: the construction unit imports and exports, the supervision unit exports', async () => {
    screenWidth(1366);
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    fakeServer(
      answer(PROJECTS, () => page([userProject(PROJECT, { name: '江宁区人民医院门急诊综合楼' })])),
      answer(LIST, () => page([stockRow(5)])),
    );
    const { router } = renderSite(<StockPage />, `/projectConstruction/stock?projectId=${PROJECT}`);
    await screen.findByText('JQ20261105');
    await userEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/project/stockImport?projectId=${PROJECT}`,
    );
  });

  it('offers the supervision unit the export only', async () => {
    screenWidth(1366);
    signInAs(3, { name: '南京正衡工程监理有限公司' });
    fakeServer(
      answer(PROJECTS, () => page([userProject(PROJECT, { name: '江宁区人民医院门急诊综合楼', orgType: 3 })])),
      answer(LIST, () => page([stockRow(5)])),
    );
    const { router } = renderSite(<StockPage />, `/projectConstruction/stock?projectId=${PROJECT}`);
    await screen.findByText('JQ20261105');
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/project/stockExport?projectId=${PROJECT}`,
    );
  });
});
