import type { EndpointDef } from '@jcbb/contract/endpoint';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import {
  answer,
  fakeServer,
  fieldErrors,
  only,
  type Route,
  type Sent,
  signInAs,
} from '../../../../test/fake-server.ts';
import { detail, findButton, findByText, line, render } from '../../components/ship/ship-testing.tsx';
import type { ShipmentDetail } from '../../ship-api.ts';
import { SourceDetailPage } from './SourceDetailPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

function open(shipment: ShipmentDetail, ...extra: Route[]) {
  const sent = fakeServer(
    answer(
      traceEndpoints.shipmentDetail,
      only(shipment.id, () => shipment),
    ),
    ...extra,
  );
  render(<SourceDetailPage />, `/productionManagement/sourceDetail?id=${shipment.id}`);
  return sent;
}
const buttonTexts = () =>
  [...document.querySelectorAll('.ant-card-extra button, .ant-card-body > div > .ant-space button')].map((b) =>
    (b.textContent ?? '').replace(/\s/g, ''),
  );
const ACTION_WORDS = ['收货', '确认发货', '继续编辑', '退货', '关闭', '作废', '取消发货单'];
const shownActions = () => buttonTexts().filter((t) => ACTION_WORDS.includes(t));
const bodyOf = (sent: Sent[], endpoint: EndpointDef) => sent.find((s) => s.endpoint === endpoint)?.body;

describe('the shipment detail', () => {
  it('offers a receiver only what `actions` allows, and shows the events with their ledger proof folded', async () => {
    signInAs(7, { name: '南京恒通建材贸易有限公司' });
    open(
      detail(5, {
        side: 'receiver',
        actions: ['receive', 'close'],
        events: [
          {
            eventId: 'ni:///sha-256;abc?ver=CBV2.0',
            eventType: 'ObjectEvent',
            bizStep: 'shipping',
            disposition: 'in_transit',
            eventTime: '2026-05-10 09:00:00',
            orgName: '南京绿筑新材料有限公司',
            cityName: '南京市',
            leafIndex: 42,
            contentSha256: 'abc',
          },
        ],
      }),
    );
    expect(await screen.findByText('FH202605100005')).toBeInTheDocument();
    await waitFor(() => expect(shownActions().sort()).toEqual(['关闭', '收货']));
    expect(screen.getByText('发货')).toBeInTheDocument();
    expect(screen.getByText('已上链存证 · 序号 42')).toBeInTheDocument();
    expect(screen.getByText('技术详情')).toBeInTheDocument();
    expect(screen.getByText('GB-2026-0001').closest('a')).toHaveAttribute('href', '/free/certificate?no=GB-2026-0001');

    fireEvent.click(await findButton('收货'));
    expect(await findByText('.ant-drawer-title', '收货·FH202605100005')).toBeInTheDocument();
  }, 120_000);

  it('lets the shipper of a draft continue it, and offers nothing the server did not list', async () => {
    signInAs(6);
    open(detail(6, { status: 1, statusName: '草稿', shippedTime: null, actions: ['edit', 'ship', 'cancel'] }));
    await waitFor(() => expect(shownActions().sort()).toEqual(['取消发货单', '确认发货', '继续编辑'].sort()));
    fireEvent.click(await findButton('继续编辑'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/productionManagement/sendProduct?id=6'),
    );
  }, 120_000);

  it('voids a shipment with a reason, and puts the server’s refusal of the reason under the field', async () => {
    signInAs(6);
    let calls = 0;
    const sent = open(
      detail(7, { actions: ['void'] }),
      answer(traceEndpoints.shipmentVoid, () => {
        calls += 1;
        return calls === 1 ? fieldErrors({ reason: '原因不能只有标点' }) : { id: 7, number: 'FH202605100007' };
      }),
    );
    await waitFor(() => expect(shownActions()).toEqual(['作废']));
    fireEvent.click(await findButton('作废'));
    const dialog = await findByText('.ant-modal', /作废发货单FH202605100007/);
    fireEvent.change(dialog.querySelector('textarea') as HTMLTextAreaElement, { target: { value: '车辆未出发' } });
    fireEvent.click(await findButton('作废', dialog));
    expect(await findByText('.ant-modal .ant-form-item-explain', '原因不能只有标点')).toBeInTheDocument();
    expect(bodyOf(sent, traceEndpoints.shipmentVoid)).toMatchObject({ id: 7, reason: '车辆未出发' });
    fireEvent.click(await findButton('作废', dialog));
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).toBeNull(),
    );
  }, 120_000);

  it('turns a receipt’s rejected goods into a return draft and opens it in the wizard', async () => {
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    const sent = open(
      detail(8, {
        side: 'receiver',
        status: 4,
        actions: ['return'],
        lines: [line(1, { progress: { shipped: 100, accepted: 90, rejected: 10, cancelled: 0, outstanding: 0 } })],
        receipts: [
          {
            id: 31,
            number: 'SH202605110001',
            shipmentId: 8,
            arrivedOn: '2026-05-11',
            deliveryNoteNo: 'SN-1',
            remarks: null,
            photos: [],
            receiverName: '江苏筑安建设工程有限公司',
            lines: [
              {
                shipmentLineId: 1,
                received: 100,
                accepted: 90,
                rejected: 10,
                rejectReason: 'damaged',
                rejectedCodes: [],
              },
            ],
            createTime: '2026-05-11 10:00:00',
          },
        ],
      }),
      answer(traceEndpoints.returnPrefill, () => ({ id: 99, number: 'FH202605110099' })),
    );
    expect(await screen.findByText('破损')).toBeInTheDocument();
    fireEvent.click(await findButton('退货'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/productionManagement/sendProduct?id=99'),
    );
    expect(bodyOf(sent, traceEndpoints.returnPrefill)).toMatchObject({ receiptId: 31 });
  }, 120_000);
});
