import { sourcingEndpoints as api } from '@jcbb/contract/procurement-sourcing.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, type Sent } from '../../../test/fake-server.ts';
import type { SupplierInquiry } from '../sourcing-api.ts';
import { renderSourcing, signInMaker, supplierInquiry } from '../sourcing-testing.tsx';
import { SupplierInquiryDetailPage } from './SupplierInquiryDetailPage.tsx';

let sent: Sent[];
let current: SupplierInquiry;

beforeEach(() => {
  signInMaker();
  current = supplierInquiry();
  sent = fakeServer(
    answer(api.supplierInquiryDetail, ({ body }) => (body.id === '9' ? current : failure(404, 40400, '询价单不存在'))),
    answer(api.quoteSave, () => {
      current = {
        ...current,
        actions: ['save', 'submit'],
        myQuote: {
          id: 71,
          supplierOrgId: 1,
          supplierName: '南京绿筑新型建材有限公司',
          round: 1,
          status: 'draft',
          amountFen: 1_800_000,
          validUntil: null,
          remarks: null,
          submittedAt: null,
          lines: [],
        },
      };
      return current;
    }),
  );
});
afterEach(() => session.setUser(null));

const open = () => renderSourcing(<SupplierInquiryDetailPage />, '/procurementSales/inquiryDetail?id=9');

describe('the supplier’s quote', () => {
  it('saves a quote in fen for the spec it offers, then offers to submit it', async () => {
    open();
    const price = (await screen.findByLabelText('单价（元） 1')) as HTMLInputElement;
    fireEvent.change(price, { target: { value: '36' } });
    fireEvent.click(screen.getByRole('button', { name: '保存报价' }));
    await waitFor(() => {
      const s = sent.find((x) => x.endpoint === api.quoteSave);
      expect((s?.body as { lines: unknown[] } | undefined)?.lines[0]).toMatchObject({
        inquiryLineId: 11,
        specId: 5,
        unitPriceFen: 3600,
      });
    });
    expect(await screen.findByRole('button', { name: '提交报价' })).toBeTruthy();
  });

  it('says the quote is sealed, and shows nothing to edit once quoting has closed', async () => {
    current = supplierInquiry({ status: 'evaluating', actions: [] });
    open();
    expect(await screen.findByText(/报价密封/)).toBeTruthy();
    expect(screen.getByText('报价已截止')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存报价' })).toBeNull();
  });
});
