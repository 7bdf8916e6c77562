import { governmentFilingEndpoints as api } from '@jcbb/contract/government-filing.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, fieldErrors } from '../../../test/fake-server.ts';
import { filingDetail, renderFiling, signInBuilder, signInCommittee } from '../components/filing/testing.tsx';
import type { FilingDetail } from '../filing-api.ts';
import { FilingDetailPage } from './FilingDetailPage.tsx';

afterEach(() => session.setUser(null));

const open = (id = 7) => renderFiling(<FilingDetailPage />, `/govProcurementInfo/materialFill/detail?id=${id}`);

describe('a filer’s draft', () => {
  it('tells platform lines from typed ones, marks changed fields, links the sources and shows the checks', async () => {
    signInBuilder();
    fakeServer(answer(api.filingDetail, () => filingDetail()));
    open();
    expect(await screen.findAllByText('平台数据')).toHaveLength(1);
    expect(screen.getByText('手工填报')).toBeTruthy();
    expect(screen.getByText('已修改').getAttribute('title')).toBe('已修改：金额');
    expect(screen.getByRole('link', { name: '到货单 JC202611190001' }).getAttribute('href')).toBe(
      '/projectConstruction/receiveDetail?id=4',
    );
    expect(screen.getByText('请填写金额')).toBeTruthy();
    expect(screen.getByText('还有未通过的检查，请按提示修改后再报送')).toBeTruthy();
    expect(screen.getByText('剩余 38 天')).toBeTruthy();
    expect(screen.getByText('83.33%')).toBeTruthy();
  });

  it('adds a typed line (yuan sent as fen) and shows the server’s refusal under its field', async () => {
    signInBuilder();
    let calls = 0;
    const sent = fakeServer(
      answer(api.filingDetail, () => filingDetail()),
      answer(api.filingSave, () => {
        calls += 1;
        return calls === 1 ? fieldErrors({ 'lines.0.supplierCreditCode': '统一社会信用代码校验位不正确' }) : { id: 7 };
      }),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: '新增手工填报' }));
    const dialog = await screen.findByRole('dialog');
    const field = (label: string) => within(dialog).getByLabelText(label);
    fireEvent.change(field('材料名称'), { target: { value: '预拌混凝土' } });
    fireEvent.change(field('规格型号'), { target: { value: 'C30' } });
    fireEvent.change(field('数量'), { target: { value: '100' } });
    fireEvent.change(field('单位'), { target: { value: '立方米' } });
    fireEvent.change(field('金额（元）'), { target: { value: '46500.5' } });
    fireEvent.change(field('供应商名称'), { target: { value: '南京江北商品混凝土有限公司' } });
    fireEvent.change(field('统一社会信用代码'), { target: { value: '91320111MA1MCX7P40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('统一社会信用代码校验位不正确')).toBeTruthy();
    const body = sent.find((s) => s.endpoint === api.filingSave)?.body as { id: number; lines: object[] };
    expect(body.id).toBe(7);
    expect(body.lines[0]).toMatchObject({
      commonName: '预拌混凝土',
      quantity: '100',
      amountFen: 4_650_050,
      supplierCreditCode: '91320111MA1MCX7P40',
      isGreen: false,
      evidenceKind: 'none',
      deliveryDate: '2026-10-01',
      procurementMethod: 'open_tender',
    });
    expect(body.lines[0]).not.toHaveProperty('id');
  });

  it('submits after a confirmation', async () => {
    signInBuilder();
    let current: FilingDetail = filingDetail({ checks: [] });
    const sent = fakeServer(
      answer(api.filingDetail, () => current),
      answer(api.filingSubmit, () => {
        current = { ...current, status: 'submitted', actions: [] };
        return { id: 7 };
      }),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: /^报\s*送$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(sent.some((s) => s.endpoint === api.filingSubmit)).toBe(true));
    expect(await screen.findByText('已报送')).toBeTruthy();
  });

  it('shows the committee’s reason on a returned filing', async () => {
    signInBuilder();
    fakeServer(
      answer(api.filingDetail, () =>
        filingDetail({
          status: 'returned',
          returnReason: '砌块缺少绿色建材证明',
          actions: ['save', 'prefill', 'submit'],
        }),
      ),
    );
    open();
    expect(await screen.findByText('住建委已退回：砌块缺少绿色建材证明')).toBeTruthy();
  });

  it('says so when the filing is not the caller’s', async () => {
    signInBuilder();
    fakeServer(answer(api.filingDetail, () => failure(404, 40400, '填报不存在')));
    open(8);
    expect(await screen.findByText('填报不存在或无权查看')).toBeTruthy();
  });
});

describe('the committee', () => {
  it('returns a filing with a reason, read only otherwise', async () => {
    signInCommittee();
    let current = filingDetail({ status: 'submitted', role: 'committee', actions: ['return', 'confirm'], checks: [] });
    const sent = fakeServer(
      answer(api.filingDetail, () => current),
      answer(api.filingReturn, ({ body }) => {
        current = { ...current, status: 'returned', returnReason: String(body.reason), actions: [] };
        return { id: 7 };
      }),
    );
    open();
    expect(await screen.findByRole('button', { name: /^确\s*认$/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增手工填报' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^退\s*回$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '请补充砌块的证书' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /退\s*回/ }));
    await waitFor(() => expect(sent.some((s) => s.endpoint === api.filingReturn)).toBe(true));
    expect(sent.find((s) => s.endpoint === api.filingReturn)?.body).toEqual({ id: 7, reason: '请补充砌块的证书' });
    expect(await screen.findByText('住建委已退回：请补充砌块的证书')).toBeTruthy();
  });
});
