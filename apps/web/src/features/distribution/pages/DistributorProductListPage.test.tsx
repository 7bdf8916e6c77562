import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent } from '../../../test/fake-server.ts';
import { licensedItem, record, renderSales, signInDealer } from '../sales-testing.tsx';
import { DistributorProductListPage } from './DistributorProductListPage.tsx';

let sent: Sent[];

beforeEach(() => {
  signInDealer();
  sent = fakeServer(
    answer(api.productList, () => ({
      list: [
        record(),
        record({
          id: 8,
          productName: '断桥铝合金节能窗',
          coverage: 'expiring',
          coveredUntil: '2026-12-18',
          priceFen: null,
        }),
        record({ id: 9, productName: '水性建筑涂料（内墙）', coverage: 'not_covered', coveredUntil: null }),
      ],
      total: 3,
    })),
    answer(api.licensedList, ({ body }) => {
      const pending = licensedItem({ itemId: 2, authorisationId: 10, number: 'AU20261128-0004', state: 'issued' });
      const list = body.state === 'issued' ? [pending] : [licensedItem(), pending];
      return { list: body.take === 1 ? list.slice(0, 1) : list, total: list.length };
    }),
  );
});
afterEach(() => session.setUser(null));

describe('the distributor’s products', () => {
  it('shows each record’s price and coverage today', async () => {
    renderSales(<DistributorProductListPage />, '/distributor/productList');
    expect(await screen.findByText('授权有效 · 授权至 2027-12-31')).toBeTruthy();
    expect(screen.getByText('授权即将到期 · 授权至 2026-12-18')).toBeTruthy();
    expect(screen.getByText('无有效授权')).toBeTruthy();
    expect(screen.getByText('面议')).toBeTruthy();
    expect(screen.getAllByText('¥48.50 / 平方米').length).toBeGreaterThan(0);
  });

  it('lists the licensed products, says how many letters await acceptance and filters to them', async () => {
    renderSales(<DistributorProductListPage />, '/distributor/productList?tab=licensed');
    expect(await screen.findByText('有 1 份授权书待您确认，确认后方可按授权销售和发货。')).toBeTruthy();
    expect(screen.getAllByText(/20,000 平方米/).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '待确认' }));
    await waitFor(() =>
      expect(sent.some((s) => s.endpoint === api.licensedList && s.body.state === 'issued' && s.body.take === 10)).toBe(
        true,
      ),
    );
    await waitFor(() => expect(screen.queryByText(/份授权书待您确认/)).toBeNull());
    expect(screen.getByRole('link', { name: 'AU20261128-0004' }).getAttribute('href')).toBe(
      '/distributor/licensedProductDetails?id=10',
    );
  });
});
