import { procurementEndpoints as api } from '@jcbb/contract/procurement.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, fieldErrors, type Sent } from '../../../test/fake-server.ts';
import type { OrderDetail } from '../orders-api.ts';
import { orderDetail, renderOrders, signInDeveloper } from '../orders-testing.tsx';
import { OrderDetailPage } from './OrderDetailPage.tsx';

let sent: Sent[];
let current: OrderDetail;

beforeEach(() => {
  signInDeveloper();
  current = orderDetail();
  sent = fakeServer(
    answer(api.orderDetail, ({ body }) => (body.id === '7' ? current : failure(404, 40400, '采购订单不存在'))),
    answer(api.orderClose, ({ body }) => {
      if (!body.reason) return fieldErrors({ reason: '订单尚未全部到货，请填写关闭原因' });
      current = { ...current, status: 'closed', actions: [], statusReason: String(body.reason) };
      return { id: 7 };
    }),
  );
});
afterEach(() => session.setUser(null));

const open = (id = 7) => renderOrders(<OrderDetailPage />, `/buildMaterialProcurement/orderDetail?id=${id}`);

describe('the buyer’s order page', () => {
  it('shows each line ordered, shipped, accepted, rejected and still to ship, and its shipments', async () => {
    open();
    expect(await screen.findByText('部分到货')).toBeTruthy();
    const text = document.body.textContent ?? '';
    for (const q of ['100 平方米', '60 平方米', '50 平方米', '2 平方米', '40 平方米']) expect(text).toContain(q);
    expect(screen.getByRole('link', { name: 'FH202611200001' }).getAttribute('href')).toBe(
      '/productionManagement/sourceDetail?id=31',
    );
  });

  it('closes a short order only with a reason, shown under the field', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: '关闭订单' }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '余量不再需要' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /关闭订单/ }));
    await waitFor(() => expect(sent.some((s) => s.endpoint === api.orderClose)).toBe(true));
    expect(sent.find((s) => s.endpoint === api.orderClose)?.body).toEqual({ id: 7, reason: '余量不再需要' });
    expect(await screen.findByText('已关闭')).toBeTruthy();
  });

  it('says so when the order is not the caller’s', async () => {
    open(8);
    expect(await screen.findByText('采购订单不存在或无权查看')).toBeTruthy();
  });
});
