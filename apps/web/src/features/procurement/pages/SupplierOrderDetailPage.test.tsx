import { procurementEndpoints as api } from '@jcbb/contract/procurement.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent } from '../../../test/fake-server.ts';
import type { OrderDetail } from '../orders-api.ts';
import { orderDetail, orderLine, renderOrders, signInMaker } from '../orders-testing.tsx';
import { SupplierOrderDetailPage } from './SupplierOrderDetailPage.tsx';

let sent: Sent[];
let current: OrderDetail;

beforeEach(() => {
  signInMaker();
  current = orderDetail({
    side: 'supplier',
    status: 'sent',
    actions: ['confirm', 'decline'],
    shipments: [],
    lines: [orderLine({ shipped: '0', delivered: '0', rejected: '0', outstanding: '100' })],
  });
  sent = fakeServer(
    answer(api.orderDetail, () => current),
    answer(api.orderConfirm, () => {
      current = { ...current, status: 'confirmed', actions: ['ship'] };
      return { id: 7 };
    }),
    answer(api.orderDecline, () => ({ id: 7 })),
  );
});
afterEach(() => session.setUser(null));

const open = () => renderOrders(<SupplierOrderDetailPage />, '/procurementSales/orderDetail?id=7');

describe('the supplier’s order page', () => {
  it('confirms a sent order after asking, then offers to ship against it', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: '确认订单' }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(sent.some((s) => s.endpoint === api.orderConfirm && s.body.id === 7)).toBe(true));
    expect(await screen.findByRole('button', { name: '按订单发货' })).toBeTruthy();
  });

  it('declines with a reason', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: '拒绝订单' }));
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '该规格已停产' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /拒绝订单/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === api.orderDecline)?.body).toEqual({ id: 7, reason: '该规格已停产' }),
    );
  });
});
