import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { address, page, renderTrace } from '../console-testing.tsx';
import { TraceDashboardPage } from './TraceDashboardPage.tsx';

const { dashboard: DASHBOARD, addressList: ADDRESSES } = traceEndpoints;

const empty = {
  shippedThisMonth: 0,
  inTransit: 0,
  awaitingOverDays: 0,
  stockByProduct: [],
  topReceivers: [],
  carbonByMonth: [],
  carbonByProduct: [],
  carbonByTransport: [],
  alerts: [],
};

const busy = {
  shippedThisMonth: 12,
  inTransit: 5,
  awaitingOverDays: 2,
  stockByProduct: [{ productId: 5, productName: '透水砖', unitName: '块', quantity: 3800 }],
  topReceivers: [
    { name: '南京恒通建材贸易有限公司', kind: 'org' as const, shipments: 7 },
    { name: '天妃宫小学', kind: 'project' as const, shipments: 3 },
  ],
  carbonByMonth: [
    { month: '2026-02', measuredKg: 820.4, defaultKg: 300, missingMassShipments: 0 },
    { month: '2026-03', measuredKg: 1500, defaultKg: 0, missingMassShipments: 2 },
  ],
  carbonByProduct: [{ productName: '透水砖', kgCO2e: 2620.4 }],
  carbonByTransport: [{ transportType: 3, name: '重型柴油货车运输（载重 18t）', kgCO2e: 2620.4 }],
  alerts: [
    {
      kind: 'two_sites',
      message: '此码出现在两个不同的项目现场，请核实货物来源',
      code: 'ABCDEFGHIJKLMNOPQRST',
      shipmentId: 42,
      createTime: '2026-03-08 09:00:00',
    },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

// antd cards are slow in jsdom on a shared machine: each test gets 60 s (the default is 20).
describe('the trace dashboard', { timeout: 60_000 }, () => {
  it('shows the KPIs, stock, receivers, transport carbon and alerts with their links', async () => {
    signInAs(6);
    fakeServer(answer(DASHBOARD, () => busy));
    renderTrace(<TraceDashboardPage />, '/productionManagement/dashboard');
    const shipped = (await screen.findByText('本月发货单')).closest('.ant-card') as HTMLElement;
    expect(within(shipped).getByText('12')).toBeInTheDocument();
    expect(within(shipped).getByRole('link')).toHaveAttribute('href', '/productionManagement/trackList');
    const awaiting = screen.getByText('超过 7 天未收货').closest('.ant-card') as HTMLElement;
    expect(within(awaiting).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('3,800 块')).toBeInTheDocument();
    expect(screen.getByText('天妃宫小学（项目）')).toBeInTheDocument();
    // Measured and default distances stacked: the month's total, and what is missing its mass.
    expect(screen.getByText('1.12 t')).toBeInTheDocument();
    expect(screen.getByText(/2 单缺质量/)).toBeInTheDocument();
    expect(screen.getByText(/有 2 张发货单的规格缺少单位质量/)).toBeInTheDocument();
    expect(screen.getAllByText('2.62 t')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '追溯码 ABCDEFGHIJKLMNOPQRST' })).toHaveAttribute(
      'href',
      '/mobile/detail?code=ABCDEFGHIJKLMNOPQRST',
    );
    expect(screen.getByRole('link', { name: '查看发货单' })).toHaveAttribute(
      'href',
      '/productionManagement/sourceDetail?id=42',
    );
    expect(screen.queryByText('开始使用溯源')).toBeNull();
  });

  it('tells a new manufacturer what to do first, ticking off the address it already has', async () => {
    signInAs(6);
    fakeServer(
      answer(DASHBOARD, () => empty),
      answer(ADDRESSES, () => page([address(1)])),
    );
    renderTrace(<TraceDashboardPage />, '/productionManagement/dashboard');
    const guide = (await screen.findByText('开始使用溯源')).closest('.ant-card') as HTMLElement;
    const steps = within(guide).getAllByRole('listitem');
    expect(await within(steps[0] as HTMLElement).findByText('已完成')).toBeInTheDocument();
    expect(within(steps[1] as HTMLElement).getByRole('link', { name: '去新建批次' })).toHaveAttribute(
      'href',
      '/productionManagement/productDashboard',
    );
    expect(within(steps[2] as HTMLElement).getByRole('link', { name: '去发货' })).toHaveAttribute(
      'href',
      '/productionManagement/sendProduct',
    );
  });

  it('starts a distributor with an address and goods to receive', async () => {
    signInAs(7);
    fakeServer(
      answer(DASHBOARD, () => empty),
      answer(ADDRESSES, () => page([])),
    );
    renderTrace(<TraceDashboardPage />, '/productionManagement/dashboard');
    expect(await screen.findByRole('link', { name: '去添加地址' })).toHaveAttribute(
      'href',
      '/productionManagement/addressManagement',
    );
    expect(screen.getByRole('link', { name: '查看待收货' })).toHaveAttribute('href', '/productionManagement/sources');
    expect(screen.queryByText('已完成')).toBeNull();
  });
});
