import { shanghaiToday } from '@jcbb/contract/time';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import {
  answer,
  type Failure,
  fakeServer,
  fieldErrors,
  only,
  type Sent,
  signInAs,
} from '../../../../test/fake-server.ts';
import { SourceDetailPage } from '../../pages/ship/SourceDetailPage.tsx';
import { choose, detail, findButton, findByText, line, render } from './ship-testing.tsx';

let sent: Sent[];
let answers: Failure[];

beforeEach(() => {
  signInAs(7, { name: '南京恒通建材贸易有限公司' });
  answers = [];
  sent = fakeServer(
    answer(
      traceEndpoints.shipmentDetail,
      only(5, () =>
        detail(5, {
          side: 'receiver',
          actions: ['receive', 'close'],
          lines: [
            line(1, {
              quantity: 100,
              progress: { shipped: 100, accepted: 0, rejected: 0, cancelled: 0, outstanding: 100 },
            }),
            line(2, {
              lineNo: 2,
              specName: 'A3.5 B05 600×240×200',
              quantity: 50,
              progress: { shipped: 50, accepted: 0, rejected: 0, cancelled: 0, outstanding: 50 },
            }),
          ],
        }),
      ),
    ),
    answer(traceEndpoints.receiptCreate, () => answers.shift() ?? { id: 61, number: 'SH202605110061' }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const receipts = () => sent.filter((s) => s.endpoint === traceEndpoints.receiptCreate).map((s) => s.body);
const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('the receipt form', () => {
  it('refuses a rejection without its reason, then sends a partial receipt with the rejection', async () => {
    render(<SourceDetailPage />, '/productionManagement/sourceDetail?id=5&receive=1');
    expect(await findByText('.ant-drawer-title', '收货·FH202605100005')).toBeInTheDocument();
    // Line 1: 60 of 100 arrived, 5 of them rejected; line 2 not this time.
    typeInto('第 1 行实收数量', '60');
    typeInto('第 1 行拒收数量', '5');
    typeInto('第 2 行实收数量', '0');
    expect(await screen.findByText('55 块')).toBeInTheDocument();
    fireEvent.click(await findButton('提交收货'));
    expect(await findByText('.ant-form-item-explain-error', '有拒收数量时请选择拒收原因')).toBeInTheDocument();
    expect(receipts()).toEqual([]);

    await choose('第 1 行拒收原因', '破损');
    fireEvent.click(await findButton('提交收货'));
    await waitFor(() => expect(receipts()).toHaveLength(1));
    expect(receipts()[0]).toMatchObject({
      shipmentId: 5,
      arrivedOn: shanghaiToday(),
      photoUploadIds: [],
      lines: [
        { shipmentLineId: 1, received: 60, accepted: 55, rejected: 5, rejectReason: 'damaged', rejectedCodes: [] },
      ],
    });
    expect(receipts()[0]?.lines).toHaveLength(1);
    expect(await screen.findByText('收货单 SH202605110061 已提交')).toBeInTheDocument();
  }, 120_000);

  it('checks quantities against what is outstanding, and puts the server’s messages under the right line', async () => {
    answers = [fieldErrors({ 'lines.0.received': '该行已有收货，未收数量已变化' })];
    render(<SourceDetailPage />, '/productionManagement/sourceDetail?id=5&receive=1');
    await findByText('.ant-drawer-title', '收货·FH202605100005');
    typeInto('第 1 行实收数量', '120');
    fireEvent.click(await findButton('提交收货'));
    expect(await findByText('.ant-form-item-explain-error', '实收数量不能超过未收的100块')).toBeInTheDocument();
    expect(receipts()).toEqual([]);

    // Only line 2 is received: the server's `lines.0` is the form's second line.
    typeInto('第 1 行实收数量', '0');
    typeInto('第 2 行实收数量', '50');
    fireEvent.click(await findButton('提交收货'));
    await waitFor(() => expect(receipts()).toHaveLength(1));
    expect(receipts()[0]).toMatchObject({ lines: [{ shipmentLineId: 2, received: 50, accepted: 50, rejected: 0 }] });
    await waitFor(() => expect(itemOf('第 2 行实收数量')).toHaveTextContent('该行已有收货，未收数量已变化'));
    expect(itemOf('第 1 行实收数量')).not.toHaveTextContent('该行已有收货');
  }, 120_000);
});
