import { constructionEndpoints } from '@jcbb/contract/construction.endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, fieldErrors, signInAs } from '../../../test/fake-server.ts';
import { delivery } from '../test-data.ts';
import { renderSite, screenWidth } from '../testing.tsx';
import { ReceiveInvoiceDetailPage } from './ReceiveInvoiceDetailPage.tsx';

const api = constructionEndpoints;

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

describe('收货单详情 (a delivery’s papers)', { timeout: 60_000 }, () => {
  it('lets the receiving unit add the invoice later; a refusal shows under its field', async () => {
    screenWidth(1366);
    signInAs(4);
    let refused = false;
    const sent = fakeServer(
      answer(api.deliveryDetail, () => delivery(2)),
      answer(api.deliveryPapers, () => {
        if (refused) return { id: 2 };
        refused = true;
        return fieldErrors({ 'invoiceUploadIds.0': '文件不存在', invoiceNo: '发票号码不能超过 50 个字' });
      }),
    );
    renderSite(<ReceiveInvoiceDetailPage />, '/project/receiveInvoiceDetail?id=2');
    expect(await screen.findByText('到货单据 JC202611280002')).toBeInTheDocument();
    expect(screen.getByText('发票常在货到之后才开，到了再在这里补上。')).toBeInTheDocument();
    const form = screen.getByRole('button', { name: '保存单据' }).closest('form') as HTMLElement;
    expect(within(form).getByRole('textbox', { name: '送货单号' })).toHaveValue('SN-0001');
    expect(within(form).getByText('送货单.pdf')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: '发票号码' }), 'FP-20261130');
    await userEvent.click(within(form).getByRole('button', { name: '保存单据' }));
    expect(await within(form).findByText('发票号码不能超过 50 个字')).toBeInTheDocument();
    expect(within(form).getByText('文件不存在')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: '保存单据' }));
    await waitFor(() => expect(sent.filter((s) => s.endpoint === api.deliveryPapers)).toHaveLength(2));
    expect(sent.filter((s) => s.endpoint === api.deliveryPapers).at(-1)?.body).toMatchObject({
      id: 2,
      invoiceNo: 'FP-20261130',
      deliveryNoteUploadIds: [41],
    });
  });

  it('shows the papers read-only to the project’s other members', async () => {
    signInAs(3);
    fakeServer(answer(api.deliveryDetail, () => delivery(2, { canEdit: false, invoiceNo: 'FP-1' })));
    renderSite(<ReceiveInvoiceDetailPage />, '/project/receiveInvoiceDetail?id=2');
    expect(await screen.findByText('FP-1')).toBeInTheDocument();
    expect(screen.getByText('送货单.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存单据' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /到货详情/ })).toHaveAttribute(
      'href',
      '/projectConstruction/receiveDetail?id=2',
    );
  });
});
