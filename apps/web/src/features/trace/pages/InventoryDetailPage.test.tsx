import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { userProject } from '../../project/test-data.ts';
import { page, renderTrace } from '../console-testing.tsx';
import { InventoryDetailPage } from './InventoryDetailPage.tsx';

const { stockList: LIST, stockCard: CARD } = traceEndpoints;
const PROJECTS = projectEndpoints.userProjectList;

const balance = {
  productId: 5,
  productName: '透水砖',
  specId: 11,
  specName: '200×100×60',
  unitName: '块',
  lotId: 9,
  batchNo: 'B2026-009',
  usable: 800,
  quarantined: 0,
  rejected: 20,
  pendingInbound: 0,
  pendingOutbound: 150,
  massPerUnitKg: 2.5,
  classifyCode: '0301',
};

const move = (id: number, occurredAt: string, reason: string, reasonName: string, quantity: number, after: number) => ({
  id,
  occurredAt,
  reason,
  reasonName,
  bucket: 'usable' as const,
  lotId: 9,
  batchNo: 'B2026-009',
  quantity,
  balanceAfter: after,
  docType: reason === 'produce' ? 'lot' : 'shipment',
  docId: reason === 'produce' ? 9 : 42,
  docNumber: reason === 'produce' ? 'B2026-009' : 'FH20260305001',
});

// Sent oldest first on purpose: the card shows the newest first whatever the order of the page.
const card = {
  ...page([
    move(1, '2026-03-01 09:00:00', 'produce', '生产入库', 1000, 1000),
    move(2, '2026-03-05 14:00:00', 'ship', '发货出库', -200, 800),
    move(3, '2026-03-06 10:00:00', 'void', '发货作废回库', 200, 1000),
    move(4, '2026-03-07 16:30:00', 'ship', '发货出库', -200, 800),
  ]),
  productName: '透水砖',
  specName: '200×100×60',
  unitName: '块',
  usable: 800,
  quarantined: 0,
  rejected: 20,
  pendingInbound: 0,
  pendingOutbound: 150,
};

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

// antd tables and cards are slow in jsdom on a shared machine: each test gets 60 s (the default is 20).
describe('the stock page', { timeout: 60_000 }, () => {
  it('shows a specification’s stock card newest first, with its running balances and documents', async () => {
    signInAs(6);
    const sent = fakeServer(
      answer(LIST, () => page([balance])),
      answer(CARD, () => card),
    );
    renderTrace(<InventoryDetailPage />, '/productionManagement/inventoryDetail?specId=11&lotId=9');
    const title = await screen.findByText('库存卡：透水砖 200×100×60');
    const cardEl = title.closest('.ant-card') as HTMLElement;
    const items = within(cardEl).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/^[+−]/).textContent)).toEqual(['−200', '+200', '−200', '+1,000']);
    expect(items.map((li) => within(li).getByText(/^结存/).textContent)).toEqual([
      '结存 800',
      '结存 1,000',
      '结存 800',
      '结存 1,000',
    ]);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'FH20260305001' })).toHaveAttribute(
      'href',
      '/productionManagement/sourceDetail?id=42',
    );
    // The lot's own entry is not a shipment: no link.
    expect(within(items[3] as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(cardEl).getByText('拒收待退')).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === CARD)?.body).toMatchObject({ specId: 11, lotId: 9, take: 50, skip: 0 });
    expect(sent.find((s) => s.endpoint === CARD)?.body).not.toHaveProperty('projectId');

    fireEvent.click(within(cardEl).getByRole('button', { name: '关闭库存卡' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/productionManagement/inventoryDetail'),
    );
  });

  it('lists the stock and opens a stock card from it', async () => {
    signInAs(7);
    const sent = fakeServer(
      answer(LIST, () => page([balance])),
      answer(CARD, () => card),
    );
    renderTrace(<InventoryDetailPage />, '/productionManagement/inventoryDetail');
    const item = (await screen.findByText('透水砖 · 200×100×60')).closest('li') as HTMLElement;
    expect(within(item).getByText(/可用 800 块 · 拒收待退 20 块 · 待发 150 块/)).toBeInTheDocument();
    fireEvent.click(within(item).getByRole('button', { name: '库存卡' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/productionManagement/inventoryDetail?specId=11&lotId=9',
      ),
    );
    expect(await screen.findByText('库存卡：透水砖 200×100×60')).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === LIST)?.body).not.toHaveProperty('projectId');
  });

  it('shows a construction unit the stock of its project', async () => {
    signInAs(4);
    const project = { id: 3, name: '天妃宫小学' };
    const sent = fakeServer(
      answer(PROJECTS, () => page([userProject(project.id, { name: project.name })])),
      answer(LIST, () => page([])),
    );
    renderTrace(<InventoryDetailPage />, '/productionManagement/inventoryDetail');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/productionManagement/inventoryDetail?projectId=3'),
    );
    await waitFor(() => expect(sent.find((s) => s.endpoint === LIST)?.body).toMatchObject({ projectId: 3 }));
    expect(sent.find((s) => s.endpoint === PROJECTS)?.body).toMatchObject({ type: 1, orgType: 4 });
    expect(await screen.findByText(/暂无库存/)).toBeInTheDocument();
  });
});
