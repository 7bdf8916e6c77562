import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { SIGNING_PARAM_KEYS } from '@jcbb/contract/signing';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import { answer, fakeServer, type Sent, signInAs } from '../../../../test/fake-server.ts';
import { userProject } from '../../../project/test-data.ts';
import { choose, findButton, render, type ShipmentListData, summary } from '../../components/ship/ship-testing.tsx';
import { incomingListData, outgoingListData } from '../../shipment-list-data.ts';
import { SourcesPage, TrackListPage } from './ShipmentListPages.tsx';

let sent: Sent[];
let listed: ShipmentListData;
let projects: ReturnType<typeof userProject>[];

beforeEach(() => {
  listed = { list: [], total: 0 };
  projects = [];
  sent = fakeServer(
    answer(traceEndpoints.shipmentList, () => listed),
    answer(projectEndpoints.userProjectList, () => ({ list: projects, total: projects.length })),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const lists = () => sent.filter((s) => s.endpoint === traceEndpoints.shipmentList).map((s) => s.body);

describe('the shipment lists', () => {
  it('start with the navigation the same queries the page first asks for (route data), projects only for site units', async () => {
    // What was asked: each call's path and body without the signature's fields (which differ on every call), sorted.
    const unsigned = (body: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(body).filter(([key]) => !(SIGNING_PARAM_KEYS as readonly string[]).includes(key)),
      );
    const asked = () => sent.map((s) => `${s.path} ${JSON.stringify(unsigned(s.body))}`).sort();
    const cases = [
      [6, 'out', outgoingListData, <TrackListPage key="out" />, 1],
      [7, 'in', incomingListData, <SourcesPage key="in" />, 1],
      [4, 'in', incomingListData, <SourcesPage key="in" />, 2],
    ] as const;
    for (const [orgType, direction, data, page, calls] of cases) {
      signInAs(orgType);
      sent.length = 0;
      await data(new QueryClient());
      const byData = asked();
      expect(byData).toHaveLength(calls);
      expect(byData.join()).toContain(`"direction":"${direction}"`);
      sent.length = 0;
      const view = render(page, `/productionManagement/${direction === 'out' ? 'trackList' : 'sources'}`);
      await waitFor(() => expect(sent).toHaveLength(calls));
      expect(asked()).toEqual(byData);
      view.unmount();
    }
  }, 120_000);

  it('shows what was shipped with a receipt bar: accepted green, rejected red, the rest grey, in words too', async () => {
    signInAs(6);
    listed = {
      list: [
        summary(1, {
          status: 3,
          progress: { shipped: 100, accepted: 60, rejected: 10, cancelled: 0, outstanding: 30 },
        }),
      ],
      total: 1,
    };
    render(<TrackListPage />, '/productionManagement/trackList');
    const bar = await screen.findByLabelText('已收 60 · 拒收 10 · 未收 30');
    const widths = Object.fromEntries(
      [...bar.querySelectorAll('[data-segment]')].map((s) => [
        s.getAttribute('data-segment'),
        (s as HTMLElement).style.width,
      ]),
    );
    // The outstanding 30 % is the bar's own grey background: no segment.
    expect(widths).toEqual({ accepted: '60%', rejected: '10%' });
    expect(screen.getByText('已收 60 · 拒收 10 · 未收 30')).toBeInTheDocument();
    expect(screen.getByText('部分收货')).toBeInTheDocument();
    // Shown to one decimal above 100 kg (stored to the gram).
    expect(screen.getByText('161.3 kgCO₂e')).toBeInTheDocument();
    expect(screen.getByText('标准默认')).toBeInTheDocument();
    expect(lists()[0]).toMatchObject({ direction: 'out', take: 10, skip: 0 });

    // A status filter asks again from the first page.
    await choose('状态', '已收货');
    await waitFor(() => expect(lists().at(-1)).toMatchObject({ direction: 'out', status: 4, skip: 0 }));
  }, 120_000);

  it('says 缺少质量数据 rather than a figure, and offers the wizard when nothing was shipped', async () => {
    signInAs(6);
    listed = {
      list: [
        summary(2, {
          carbon: {
            distanceKm: 35,
            distanceSource: 'measured',
            factor: '0.129',
            massKg: null,
            kgCO2e: null,
            missingMassLines: 1,
          },
        }),
      ],
      total: 1,
    };
    render(<TrackListPage />, '/productionManagement/trackList');
    expect(await screen.findByText('缺少质量数据')).toBeInTheDocument();
    expect(screen.queryByText('标准默认')).toBeNull();
    fireEvent.click(await findButton('产品发货'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/productionManagement/sendProduct'));
  }, 120_000);

  it('lists incoming goods with 收货 only where something is still on its way', async () => {
    signInAs(7, { name: '南京恒通建材贸易有限公司' });
    listed = {
      list: [
        summary(3, { status: 2 }),
        summary(4, { status: 4, progress: { shipped: 100, accepted: 100, rejected: 0, cancelled: 0, outstanding: 0 } }),
      ],
      total: 2,
    };
    render(<SourcesPage />, '/productionManagement/sources');
    expect(await screen.findByText('货源管理')).toBeInTheDocument();
    const receive = await findButton('收货');
    expect(
      [...document.querySelectorAll('button')].filter((b) => b.textContent?.replace(/\s/g, '') === '收货'),
    ).toHaveLength(1);
    expect(lists()[0]).toMatchObject({ direction: 'in' });
    // What was accepted is stock: 库存详情 is a link away.
    expect(screen.getByRole('link', { name: /库存详情/ })).toHaveAttribute(
      'href',
      '/productionManagement/inventoryDetail',
    );
    fireEvent.click(receive);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/productionManagement/sourceDetail?id=3&receive=1'),
    );
  }, 120_000);

  it('takes a construction unit from 材料来源 to 库存详情 of the project it filtered on', async () => {
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    projects = [userProject(7, { name: '天妃宫小学' })];
    render(<SourcesPage />, '/productionManagement/sources');
    expect(await screen.findByText('材料来源')).toBeInTheDocument();
    const stock = screen.getByRole('link', { name: /库存详情/ });
    expect(stock).toHaveAttribute('href', '/productionManagement/inventoryDetail');
    await choose('项目', '天妃宫小学');
    await waitFor(() => expect(stock).toHaveAttribute('href', '/productionManagement/inventoryDetail?projectId=7'));
    fireEvent.click(stock);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/productionManagement/inventoryDetail?projectId=7'),
    );
  }, 120_000);
});
