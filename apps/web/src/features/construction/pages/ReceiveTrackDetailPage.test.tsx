import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, only, signInAs } from '../../../test/fake-server.ts';
import { shipment } from '../test-data.ts';
import { renderSite, screenWidth } from '../testing.tsx';
import { ReceiveTrackDetailPage } from './ReceiveTrackDetailPage.tsx';

const DETAIL = traceEndpoints.shipmentDetail;

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

describe('收货溯源详情 (a shipment on its way)', { timeout: 60_000 }, () => {
  it('shows what is still to come per line, with 收货 for the construction unit and the full trace a link away', async () => {
    screenWidth(1366);
    signInAs(4);
    fakeServer(
      answer(
        DETAIL,
        only(4, () => shipment(4)),
      ),
    );
    renderSite(<ReceiveTrackDetailPage />, '/project/receiveTrackDetail?id=4');
    expect(await screen.findByText('在途发货单 FH20261128000004')).toBeInTheDocument();
    const blocks = screen.getByText(/蒸压加气混凝土砌块 · B06 A5.0/).closest('tr') as HTMLElement;
    expect(within(blocks).getByText('批号 JQ20261105 · 4 个追溯码')).toBeInTheDocument();
    expect(within(blocks).getAllByText('20 立方米')).toHaveLength(2);
    expect(within(blocks).getByText('LJC-2025-0104-00318')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '完整溯源信息' })).toHaveAttribute(
      'href',
      '/productionManagement/sourceDetail?id=4',
    );
    await userEvent.click(screen.getByRole('button', { name: /^收\s?货$/ }));
    expect(await screen.findByText('已扫 0 / 4 个追溯码')).toBeInTheDocument();
  });

  it('offers no 收货 to the supervisor, and says so for a shipment it may not see', async () => {
    signInAs(3);
    fakeServer(
      answer(
        DETAIL,
        only(4, () => shipment(4)),
      ),
    );
    const { unmount } = renderSite(<ReceiveTrackDetailPage />, '/project/receiveTrackDetail?id=4');
    expect(await screen.findByText('在途发货单 FH20261128000004')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^收\s?货$/ })).not.toBeInTheDocument();
    unmount();
    renderSite(<ReceiveTrackDetailPage />, '/project/receiveTrackDetail?id=5');
    expect(await screen.findByText('发货单不存在，或您的单位无权查看')).toBeInTheDocument();
  });
});
