import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, fieldErrors, type Sent } from '../../../test/fake-server.ts';
import type { ContractDetail } from '../sales-api.ts';
import { contract, line, renderSales, signInDealer } from '../sales-testing.tsx';
import { ContractSendProductPage } from './ContractSendProductPage.tsx';

let sent: Sent[];
let current: ContractDetail;
let refuse = false;

const warehouse = {
  id: 2,
  kind: 'warehouse' as const,
  name: '恒通栖霞仓库',
  regionCode: '320113',
  regionName: '江苏省 南京市 栖霞区',
  detail: '仙林大道 1 号',
  contactName: '陈立新',
  contactPhone: '13800000002',
  isDefault: true,
  enabled: true,
  inUse: true,
};
const stock = {
  productId: 3,
  productName: '岩棉保温板',
  specId: 5,
  specName: 'TR10 50 厚',
  unitName: '平方米',
  lotId: 77,
  batchNo: 'YM20261101',
  usable: 600,
  quarantined: 0,
  rejected: 0,
  pendingInbound: 0,
  pendingOutbound: 0,
  massPerUnitKg: 6,
  classifyCode: '0201',
};

beforeEach(() => {
  refuse = false;
  signInDealer();
  current = contract({
    status: 'active',
    actions: ['complete', 'terminate', 'ship'],
    lines: [
      line({ shippedQuantity: 100, remainingQuantity: 200 }),
      line({ id: 32, lineNo: 2, shippedQuantity: 50, remainingQuantity: 0, quantity: 50 }),
    ],
  });
  sent = fakeServer(
    answer(api.contractDetail, () => current),
    answer(traceEndpoints.addressList, () => ({ list: [warehouse], total: 1 })),
    answer(traceEndpoints.stockList, () => ({ list: [stock], total: 1 })),
    answer(api.contractShip, () =>
      refuse
        ? fieldErrors({ 'lines.0.quantity': '超出合同剩余数量 200' })
        : { shipmentId: 90, number: 'FH202611280001' },
    ),
  );
});
afterEach(() => session.setUser(null));

const open = () => renderSales(<ContractSendProductPage />, '/productionManagement/contractSendProduct?id=5');

describe('shipping against a contract', () => {
  it('offers the lines with something left, drafts the shipment and opens the send wizard on it', async () => {
    const view = open();
    expect(await screen.findByText('按合同发货：HT-2026-001')).toBeTruthy();
    expect(await screen.findByText(/^1\. 岩棉保温板/)).toBeTruthy();
    expect(screen.queryByText(/^2\. 岩棉保温板/)).toBeNull();
    await screen.findByTitle(/恒通栖霞仓库/);
    // The row starts on the lot that holds the specification.
    expect(await screen.findByTitle(/^YM20261101 · 可用 600 平方米/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '生成发货草稿并进入发货向导' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/productionManagement/sendProduct'));
    expect(view.router.state.location.search).toBe('?id=90');
    expect(sent.find((s) => s.endpoint === api.contractShip)?.body).toMatchObject({
      id: 5,
      fromAddressId: 2,
      lines: [{ contractLineId: 31, lotId: 77, quantity: '200' }],
    });
  });

  it('shows the server’s refusal under the line’s quantity', async () => {
    refuse = true;
    open();
    await screen.findByTitle(/恒通栖霞仓库/);
    await screen.findByTitle(/^YM20261101/);
    fireEvent.click(screen.getByRole('button', { name: '生成发货草稿并进入发货向导' }));
    expect(await screen.findByText('超出合同剩余数量 200')).toBeTruthy();
  });

  it('ships nothing from a contract that is not in force', async () => {
    current = contract({ status: 'signed' });
    open();
    expect(await screen.findByText('合同未在履行中，不能发货')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '生成发货草稿并进入发货向导' })).toBeNull();
  });
});
