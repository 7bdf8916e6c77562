import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, fieldErrors, type Sent } from '../../../test/fake-server.ts';
import { formPickers, record, renderSales, signInDealer } from '../sales-testing.tsx';
import { DistributorProductEditPage } from './DistributorProductEditPage.tsx';

let sent: Sent[];
let refuse = false;

beforeEach(() => {
  refuse = false;
  signInDealer();
  sent = fakeServer(
    ...formPickers(),
    answer(traceEndpoints.addressList, () => ({ list: [], total: 0 })),
    answer(api.productDetail, () => record()),
    answer(api.productSave, () =>
      refuse ? fieldErrors({ productId: '生产企业尚未授权本单位销售该产品（或该规格型号）' }) : { id: 7 },
    ),
  );
});
afterEach(() => session.setUser(null));

describe('a product record’s form', () => {
  it('edits a record: the price typed in yuan goes in fen, and the record opens after saving', async () => {
    const view = renderSales(<DistributorProductEditPage />, '/distributor/productEdit?id=7');
    const price = (await screen.findByLabelText('价格（元）')) as HTMLInputElement;
    expect(price.value).toBe('48.50');
    fireEvent.change(price, { target: { value: '52.3' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/distributor/productDetails'));
    expect(sent.find((s) => s.endpoint === api.productSave)?.body).toMatchObject({
      id: 7,
      productId: 3,
      specId: 5,
      priceFen: 5230,
      priceUnit: '平方米',
      supplyRegionCodes: ['320100'],
      supplyAddressIds: [2],
      status: 'on_sale',
    });
  });

  it('shows the server’s refusal of an unlicensed product under the product', async () => {
    refuse = true;
    renderSales(<DistributorProductEditPage />, '/distributor/productEdit?id=7');
    await screen.findByLabelText('价格（元）');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('生产企业尚未授权本单位销售该产品（或该规格型号）')).toBeTruthy();
  });
});
