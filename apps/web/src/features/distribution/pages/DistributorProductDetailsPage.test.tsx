import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, type Sent } from '../../../test/fake-server.ts';
import { record, renderSales, signInDealer } from '../sales-testing.tsx';
import { DistributorProductDetailsPage } from './DistributorProductDetailsPage.tsx';

let sent: Sent[];

beforeEach(() => {
  signInDealer();
  sent = fakeServer(
    answer(api.productDetail, ({ body }) =>
      body.id === '7'
        ? record({ coverage: 'expiring', coveredUntil: '2026-12-18' })
        : failure(404, 40400, '产品记录不存在'),
    ),
    answer(api.productDelete, () => ({ id: 7 })),
  );
});
afterEach(() => session.setUser(null));

describe('a product record', () => {
  it('shows its price, supply and coverage, and deletes it after asking', async () => {
    const view = renderSales(<DistributorProductDetailsPage />, '/distributor/productDetails?id=7');
    expect(await screen.findByText('授权即将到期 · 授权至 2026-12-18')).toBeTruthy();
    expect(screen.getByText('¥48.50 / 平方米')).toBeTruthy();
    expect(screen.getByText('恒通栖霞仓库')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    expect(within(dialog).getByText('删除“岩棉保温板”的经销记录？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/distributor/productList'));
    expect(sent.find((s) => s.endpoint === api.productDelete)?.body).toMatchObject({ id: 7 });
  });

  it('says so for a record that is not the distributor’s', async () => {
    renderSales(<DistributorProductDetailsPage />, '/distributor/productDetails?id=8');
    expect(await screen.findByText('经销产品记录不存在')).toBeTruthy();
  });
});
