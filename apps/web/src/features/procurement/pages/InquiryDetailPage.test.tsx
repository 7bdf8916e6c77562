import { sourcingEndpoints as api } from '@jcbb/contract/procurement-sourcing.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, type Sent } from '../../../test/fake-server.ts';
import type { InquiryDetail } from '../sourcing-api.ts';
import { inquiry, quote, renderSourcing, signInDeveloper } from '../sourcing-testing.tsx';
import { InquiryDetailPage } from './InquiryDetailPage.tsx';

let sent: Sent[];
let current: InquiryDetail;

beforeEach(() => {
  signInDeveloper();
  current = inquiry();
  sent = fakeServer(
    answer(api.inquiryDetail, ({ body }) => (body.id === '9' ? current : failure(404, 40400, '询价单不存在'))),
    answer(api.inquiryAward, () => {
      current = { ...current, status: 'awarded', orderId: 3, orderNumber: 'CG202611280001', actions: [] };
      return current;
    }),
  );
});
afterEach(() => session.setUser(null));

const open = (id = 9) => renderSourcing(<InquiryDetailPage />, `/buildMaterialProcurement/inquiryDetail?id=${id}`);

describe('the buyer’s inquiry', () => {
  it('keeps the quotes sealed while quoting is open: only how many are in', async () => {
    open();
    expect(await screen.findByText(/报价截止前不公开报价内容/)).toBeTruthy();
    expect(screen.queryByText('报价比较')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /定\s*标/ })).toBeNull();
  });

  it('compares the quotes after the deadline and awards one with a reason', async () => {
    current = inquiry({
      status: 'evaluating',
      actions: ['award', 'fail', 'new_round'],
      quotes: [
        quote(),
        quote({ id: 72, supplierOrgId: 12, supplierName: '南京恒通建材贸易有限公司', amountFen: 1_850_000 }),
      ],
    });
    open();
    expect(await screen.findByText(/南京恒通建材贸易有限公司 · ¥18500\.00/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /定\s*标/ })[0] as HTMLElement);
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '价格最低，证书覆盖需用日期' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /定\s*标/ }));
    await waitFor(() =>
      expect(
        sent.some(
          (s) =>
            s.endpoint === api.inquiryAward && s.body.quoteId === 71 && s.body.reason === '价格最低，证书覆盖需用日期',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('CG202611280001')).toBeTruthy();
  });
});
