import { procurementSummaryEndpoints as api } from '@jcbb/contract/procurement-summary.endpoints';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { renderSummary, screenWidth, summaryDetail } from '../components/summary/testing.tsx';
import { MaterialsSummaryDetailPage } from './MaterialsSummaryDetailPage.tsx';

const PATH = '/buildMaterialProcurement/materialsSummaryDetail';

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

describe('材料汇总明细', { timeout: 60_000 }, () => {
  it('lists the category’s lines with ordered, delivered, green and why, and links back with the period', async () => {
    screenWidth(1366);
    signInAs(1, { name: '南京城建置业发展有限公司', orgId: 15 });
    const sent = fakeServer(answer(api.materialsSummaryDetail, () => summaryDetail()));
    renderSummary(<MaterialsSummaryDetailPage />, `${PATH}?projectId=1&categoryKey=01&fromMonth=2026-01`);
    const rock = (await screen.findByText('岩棉板')).closest('tr') as HTMLElement;
    expect(within(rock).getByText('否')).toBeInTheDocument();
    expect(within(rock).getByText('按到货判定')).toBeInTheDocument();
    expect(within(rock).getByText('到货时绿色证明已失效')).toBeInTheDocument();
    expect(within(rock).getByText('其中到货时为绿色：20')).toBeInTheDocument();
    const xps = screen.getByText('挤塑聚苯板').closest('tr') as HTMLElement;
    expect(within(xps).getByText('是')).toBeInTheDocument();
    expect(within(xps).getByText('按选定产品判定')).toBeInTheDocument();
    expect(within(xps).getByText('证明：GC-2026-0001')).toBeInTheDocument();
    expect(within(xps).getByText('绿筑 XPS 板')).toBeInTheDocument();
    expect(screen.getByText('天妃宫小学 · 保温材料')).toBeInTheDocument();
    expect(screen.getByText(/绿色 1 \/ 2 行/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回材料汇总' })).toHaveAttribute(
      'href',
      '/buildMaterialProcurement/materialsSummary?projectId=1&fromMonth=2026-01',
    );
    expect(sent[0]?.body).toEqual({ projectId: 1, categoryKey: '01', fromMonth: '2026-01' });
  });

  it('shows the lines as cards on a phone', async () => {
    screenWidth(390);
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    fakeServer(answer(api.materialsSummaryDetail, () => summaryDetail()));
    renderSummary(<MaterialsSummaryDetailPage />, `${PATH}?projectId=1&categoryKey=01`);
    expect(await screen.findByText('第 2 行 岩棉板')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader')).toBeNull();
  });

  it('asks nothing for an address without a project or category, and says not found for a 404', async () => {
    screenWidth(1366);
    signInAs(1, { name: '南京城建置业发展有限公司', orgId: 15 });
    const sent = fakeServer(answer(api.materialsSummaryDetail, () => failure(404, 40400, '项目不存在')));
    const { unmount } = renderSummary(<MaterialsSummaryDetailPage />, `${PATH}?projectId=1&categoryKey=x`);
    expect(await screen.findByText('没有找到这个项目或类别')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    unmount();
    renderSummary(<MaterialsSummaryDetailPage />, `${PATH}?projectId=99&categoryKey=01`);
    expect(await screen.findByText('没有找到这个项目或类别')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});
