import { constructionEndpoints } from '@jcbb/contract/construction.endpoints';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { PROJECT, putDetail } from '../test-data.ts';
import { renderSite, screenWidth } from '../testing.tsx';
import { StockDetailPage } from './StockDetailPage.tsx';

const { stockPutDetail: DETAIL } = constructionEndpoints;

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

describe('库存明细', { timeout: 60_000 }, () => {
  it('shows the lot’s buckets, why it cannot be issued and each move', async () => {
    screenWidth(1366);
    signInAs(4);
    const sent = fakeServer(answer(DETAIL, () => putDetail(5)));
    renderSite(<StockDetailPage />, `/projectConstruction/stockDetail?lotId=5&projectId=${PROJECT}`);
    expect(await screen.findByText('蒸压加气混凝土砌块 · B06 A5.0')).toBeInTheDocument();
    expect(screen.getByText('暂不能领用：待见证取样复试合格后方可出库')).toBeInTheDocument();
    expect(screen.getByText('收货入库')).toBeInTheDocument();
    expect(screen.getByText('+30')).toBeInTheDocument();
    expect(screen.getByText('SH202611280004')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '验收记录' })).toHaveAttribute(
      'href',
      '/projectConstruction/receiveDetail?inspection=1',
    );
    expect(sent[0]?.body).toEqual({ projectId: PROJECT, lotId: 5 });
  });

  it('says so for a lot the project does not hold, and for an address without one', async () => {
    signInAs(4);
    fakeServer(answer(DETAIL, () => failure(404, 40400, '批次不存在')));
    const { unmount } = renderSite(
      <StockDetailPage />,
      `/projectConstruction/stockDetail?lotId=99&projectId=${PROJECT}`,
    );
    expect(await screen.findByText('批次不在这个项目的库存里，或您的单位无权查看')).toBeInTheDocument();
    unmount();
    renderSite(<StockDetailPage />, '/projectConstruction/stockDetail?lotId=abc');
    expect(screen.getByText('缺少批次或项目')).toBeInTheDocument();
  });
});
