import { constructionEndpoints as api } from '@jcbb/contract/construction.endpoints';
import { shanghaiToday } from '@jcbb/contract/time';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import {
  answer,
  type Failure,
  failure,
  fakeServer,
  fieldErrors,
  type Sent,
  signInAs,
} from '../../../test/fake-server.ts';
import type { IssueOrderDetail } from '../api.ts';
import {
  choose,
  findButton,
  findByText,
  issueLine,
  orderDetail,
  render,
  screenWidth,
  typeInto,
} from '../components/outbound/outbound-testing.tsx';
import { OutboundDetailPage } from './OutboundDetailPage.tsx';

let sent: Sent[];
let orders: Record<string, IssueOrderDetail>;
let returned: Failure[];

const CODES = ['AAAAAAAAAAAAAAAAAAA2', 'BBBBBBBBBBBBBBBBBBB3'];

beforeEach(() => {
  signInAs(4, { name: '江苏筑安建设工程有限公司', orgId: 3 });
  returned = [];
  orders = {
    '41': orderDetail(41, {
      issuedOn: '2026-11-20',
      lines: [
        issueLine(1, { quantity: 20, returnable: 14.5 }),
        issueLine(2, {
          lotId: 9,
          materialName: '蒸压加气混凝土砌块',
          specName: 'A5.0 B06',
          batchNo: 'JQ20261105',
          unitName: '立方米',
          quantity: 3,
          returnable: 3,
          codes: CODES,
          returnableCodes: CODES.map((code) => ({ code, quantity: 1.5 })),
        }),
      ],
      returned: true,
      returns: [{ id: 42, number: 'TK202611280042', issuedOn: '2026-11-28', reason: '楼梯铺贴变更，余料退回' }],
    }),
    '42': orderDetail(42, {
      number: 'TK202611280042',
      kind: 'return',
      returnOfId: 41,
      returnOfNumber: 'LY202611280041',
      remarks: '楼梯铺贴变更，余料退回',
      lines: [issueLine(3, { quantity: 5.5, returnable: 0 })],
      canReturn: false,
    }),
  };
  sent = fakeServer(
    answer(api.retrievalDetail, ({ body }) => orders[String(body.id)] ?? failure(404, 40400, '出库单不存在')),
    answer(api.retrievalReturn, () => returned.shift() ?? { id: 43, number: 'TK202611280043' }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const returns = () => sent.filter((s) => s.endpoint === api.retrievalReturn).map((s) => s.body);

describe('an issue order', () => {
  it('shows its lines with the inspection that released each lot, what is still out, and its returns', async () => {
    screenWidth(1366);
    render(<OutboundDetailPage />, '/projectConstruction/outboundDetail?id=41');
    expect(await screen.findByText('领用单 LY202611280041')).toBeInTheDocument();
    expect(screen.getByText('木工班组（王师傅）')).toBeInTheDocument();
    expect(screen.getByText('1#教学楼 3F 走廊地面')).toBeInTheDocument();
    const first = screen.getByText('GR-7').closest('tr') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'JC202611200001-1' })).toHaveAttribute(
      'href',
      '/projectConstruction/receiveDetail?id=31',
    );
    expect(within(first).getByText('14.5 平方米')).toBeInTheDocument();
    const coded = screen.getByText('JQ20261105').closest('tr') as HTMLElement;
    expect(within(coded).getByText('2 个码')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'TK202611280042' })).toHaveAttribute(
      'href',
      '/projectConstruction/outboundDetail?id=42',
    );
    expect(screen.getByText('楼梯铺贴变更，余料退回')).toBeInTheDocument();
  }, 60_000);

  it('returns to stock: a quantity for an uncoded line, codes for a coded one, with a reason', async () => {
    screenWidth(1366);
    returned = [fieldErrors({ 'lines.0.quantity': '超出可退数量：可退 10' })];
    render(<OutboundDetailPage />, '/projectConstruction/outboundDetail?id=41');
    fireEvent.click(await findButton('退库'));
    expect(await findByText('.ant-modal-title', '退库（LY202611280041）')).toBeInTheDocument();
    fireEvent.click(await findButton('确认退库'));
    expect(await findByText('.ant-form-item-explain-error', '请输入退库原因')).toBeInTheDocument();
    typeInto('reason', '楼梯铺贴变更，余料退回');
    fireEvent.click(await findButton('确认退库'));
    expect(await screen.findByText('请至少填写一行退库数量')).toBeInTheDocument();
    expect(returns()).toEqual([]);

    typeInto('花岗岩 600×600×20 的退库数量', '15');
    fireEvent.click(await findButton('确认退库'));
    expect(await findByText('.ant-form-item-explain-error', '超过可退数量14.5平方米')).toBeInTheDocument();
    typeInto('花岗岩 600×600×20 的退库数量', '12');
    await choose('蒸压加气混凝土砌块 A5.0 B06 退库的追溯码', 'BBBBBBBBBBBBBBBBBBB3');
    await waitFor(() => expect(screen.getByLabelText('蒸压加气混凝土砌块 A5.0 B06 的退库数量')).toHaveValue('1.5'));
    fireEvent.click(await findButton('确认退库'));
    await waitFor(() => expect(returns()).toHaveLength(1));
    expect(returns()[0]).toEqual({
      id: 41,
      returnedOn: shanghaiToday(),
      reason: '楼梯铺贴变更，余料退回',
      lines: [
        { lineId: 1, quantity: 12, codes: [] },
        { lineId: 2, quantity: 1.5, codes: ['BBBBBBBBBBBBBBBBBBB3'] },
      ],
    });
    // The server's message for the first line of the body goes under the first line of the form.
    const item = screen.getByLabelText('花岗岩 600×600×20 的退库数量').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(item).toHaveTextContent('超出可退数量：可退 10'));
    fireEvent.click(await findButton('确认退库'));
    await waitFor(() => expect(returns()).toHaveLength(2));
    expect(await screen.findByText('退库单 TK202611280043 已登记，材料已回到可用库存')).toBeInTheDocument();
  }, 120_000);

  it('shows a return document with the order it returns, from the project menu, without 退库', async () => {
    render(<OutboundDetailPage />, '/project/outboundOrderDetail?id=42');
    expect(await screen.findByText('退库单 TK202611280042')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LY202611280041' })).toHaveAttribute(
      'href',
      '/project/outboundOrderDetail?id=41',
    );
    expect(screen.getByText('退库原因')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /退\s*库/ })).toBeNull();
  }, 60_000);

  it('says so for an order that does not exist or an id that cannot be one', async () => {
    const view = render(<OutboundDetailPage />, '/projectConstruction/outboundDetail?id=99');
    expect(await screen.findByText('出库单不存在，或您的单位不能查看该项目')).toBeInTheDocument();
    view.unmount();
    render(<OutboundDetailPage />, '/projectConstruction/outboundDetail?id=x');
    expect(await screen.findByText('缺少出库单编号')).toBeInTheDocument();
  }, 60_000);
});
