import { constructionEndpoints } from '@jcbb/contract/construction.endpoints';
import { evidenceReadingEndpoints as readingApi } from '@jcbb/contract/evidence-reading.endpoints';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, fieldErrors, signInAs } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import readingZh from '../../evidence-reading/locales/zh-CN.ts';
import { finding, readingView } from '../../evidence-reading/testing.tsx';
import { uploaded } from '../components/spot-check/spot-check-testing.tsx';
import constructionZh from '../locales/zh-CN.ts';
import { delivery, inspection } from '../test-data.ts';
import { renderSite, screenWidth } from '../testing.tsx';
import { ReceiveDetailPage } from './ReceiveDetailPage.tsx';

const api = constructionEndpoints;

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

/** The inspection drawer (found by its title: jsdom gives nested dialogs one title id). */
const drawer = async () =>
  (await screen.findByText(/^进场验收 JC202611280002-1$/)).closest('[role=dialog]') as HTMLElement;
const radio = (scope: HTMLElement, name: string) => within(scope).getByRole('radio', { name });

describe('到货详情 and the inspection', { timeout: 90_000 }, () => {
  it('shows the delivery; the inspector’s verdict is held to the two gates and reaches inspectionDecide', async () => {
    screenWidth(1366);
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    let refused = false;
    const sent = fakeServer(
      answer(api.deliveryDetail, () => delivery(2)),
      answer(api.inspectionDetail, () => inspection(1)),
      answer(api.inspectionDecide, () => {
        if (refused) return { id: 1 };
        refused = true;
        return fieldErrors({ reason: '请写明原因' });
      }),
    );
    renderSite(<ReceiveDetailPage />, '/projectConstruction/receiveDetail?id=2&inspection=1');
    expect(await screen.findByText('到货单 JC202611280002')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FH202611280004' })).toHaveAttribute(
      'href',
      '/project/receiveTrackDetail?id=4',
    );
    expect(screen.getByText('未开票（可后补）')).toBeInTheDocument();
    const d = await drawer();
    expect(
      within(d).getByText(/无合格证不得进场：产品合格证、出厂检验报告、绿色建材认证证书或检测报告/),
    ).toBeInTheDocument();
    expect(
      within(d).getByText(/须复试的材料复试合格前不得使用：这批材料要见证取样送检（抗压强度、密度等级）/),
    ).toBeInTheDocument();
    expect(within(d).getByText('生产厂家未随批次上传质量证明文件')).toBeInTheDocument();

    // The factory test report is missing: only a failure is possible.
    expect(await within(d).findByText('缺少必备文件（出厂检验报告）：只能判定不合格。')).toBeInTheDocument();
    expect(radio(d, '合格，放行')).toBeDisabled();
    expect(radio(d, '待见证复试')).toBeDisabled();
    expect(radio(d, '不合格，拒收')).toBeEnabled();
    // With it present, the material's retest still bars a pass: 待见证复试 is the verdict.
    await userEvent.click(within(d).getByRole('switch', { name: '出厂检验报告齐全' }));
    expect(await within(d).findByText(/这批材料须见证取样复试/)).toBeInTheDocument();
    expect(radio(d, '合格，放行')).toBeDisabled();
    expect(radio(d, '让步接收')).toBeDisabled();
    await userEvent.click(radio(d, '外观、数量符合'));
    await userEvent.click(radio(d, '待见证复试'));
    await userEvent.type(within(d).getByRole('textbox', { name: '出厂检验报告的说明' }), '随车原件已核对');
    await userEvent.click(within(d).getByRole('button', { name: '提交监理确认' }));
    expect(await within(d).findByText('请写明原因')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: '提交监理确认' }));
    await waitFor(() => expect(sent.filter((s) => s.endpoint === api.inspectionDecide)).toHaveLength(2));
    expect(sent.filter((s) => s.endpoint === api.inspectionDecide).at(-1)?.body).toEqual({
      id: 1,
      checks: [
        { kind: 'conformity', present: true },
        { kind: 'factory_test', present: true, remark: '随车原件已核对' },
        { kind: 'green', present: true },
      ],
      visualResult: 'ok',
      verdict: 'retest',
      photoUploadIds: [],
    });
  });

  it('lets the supervisor approve the verdict, or send it back with a reason', async () => {
    screenWidth(390);
    signInAs(3, { name: '南京正衡工程监理有限公司' });
    const submitted = inspection(1, {
      state: 'submitted',
      verdict: 'retest',
      visualResult: 'ok',
      inspectorName: '王强',
      decidedAt: '2026-11-28 10:30:00',
      checks: inspection(1).checks.map((c) => ({ ...c, present: true })),
      actions: ['confirm'],
    });
    const sent = fakeServer(
      answer(api.deliveryDetail, () => delivery(2, { canEdit: false })),
      answer(api.inspectionDetail, () => submitted),
      answer(api.inspectionConfirm, () => ({ id: 1 })),
    );
    renderSite(<ReceiveDetailPage />, '/projectConstruction/receiveDetail?id=2&inspection=1');
    const d = await drawer();
    expect(await within(d).findByText(/施工单位验收结论：待见证复试/)).toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: '提交监理确认' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '补充单据' })).not.toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: /^同\s?意$/ }));
    expect(await screen.findByText('这批材料将留在待验区，待见证取样复试合格后放行。')).toBeInTheDocument();
    const confirm = screen
      .getAllByText('同意施工单位的验收结论？')
      .map((e) => e.closest('.ant-modal'))
      .find(Boolean) as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: /^同\s?意$/ }));
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === api.inspectionConfirm).map((s) => s.body)).toEqual([
        { id: 1, approve: true },
      ]),
    );

    await userEvent.click(within(d).getByRole('button', { name: /^退\s?回$/ }));
    const back = (await screen.findByText('退回施工单位重新验收')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(back).getByRole('button', { name: /^退\s?回$/ }));
    expect(await within(back).findByText('退回须写明原因（至少 2 个字）')).toBeInTheDocument();
    await userEvent.type(within(back).getByRole('textbox', { name: '退回原因' }), '合格证复印件不清晰');
    await userEvent.click(within(back).getByRole('button', { name: /^退\s?回$/ }));
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === api.inspectionConfirm).at(-1)?.body).toEqual({
        id: 1,
        approve: false,
        reason: '合格证复印件不清晰',
      }),
    );
  });

  it('returns or destroys rejected goods, and adds the invoice that came later', async () => {
    screenWidth(1366);
    signInAs(4);
    const sent = fakeServer(
      answer(api.deliveryDetail, () => delivery(2)),
      answer(api.inspectionDetail, () =>
        inspection(1, { state: 'rejected', verdict: 'fail', reason: '无出厂检验报告', actions: ['dispose'] }),
      ),
      answer(api.inspectionDispose, () => ({ id: 1, returnShipment: { id: 31, number: 'FH202611300002' } })),
      answer(api.deliveryPapers, () => ({ id: 2 })),
    );
    renderSite(<ReceiveDetailPage />, '/projectConstruction/receiveDetail?id=2&inspection=1');
    const d = await drawer();
    expect(await within(d).findByText('30 立方米 不合格，退场或就地销毁后出账。')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: /^退\s?场$/ }));
    const modal = (await screen.findByText('不合格品退场')).closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText(/同时生成退货单，当即发回发货单位/)).toBeInTheDocument();
    await userEvent.type(within(modal).getByRole('textbox', { name: '说明' }), '退回生产厂家');
    await userEvent.click(within(modal).getByRole('button', { name: /^退\s?场$/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === api.inspectionDispose)?.body).toEqual({
        id: 1,
        disposal: 'returned',
        remark: '退回生产厂家',
      }),
    );
    expect(await screen.findByText('已退场，退货单 FH202611300002 已发出')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(await screen.findByRole('button', { name: '补充单据' }));
    const papers = (await screen.findAllByText('补充单据'))
      .map((e) => e.closest('.ant-modal'))
      .find(Boolean) as HTMLElement;
    await userEvent.type(within(papers).getByRole('textbox', { name: '发票号码' }), 'FP-20261130');
    await userEvent.click(within(papers).getByRole('button', { name: '保存单据' }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === api.deliveryPapers)?.body).toEqual({
        id: 2,
        deliveryNoteNo: 'SN-0001',
        invoiceNo: 'FP-20261130',
        deliveryNoteUploadIds: [41],
        invoiceUploadIds: [],
      }),
    );
  });

  it('shows the supervisor the lot’s codes and opens the delivery’s papers and checklist files, through the delivery', async () => {
    screenWidth(390);
    signInAs(3, { name: '南京正衡工程监理有限公司' });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const decided = inspection(1, {
      state: 'submitted',
      verdict: 'retest',
      visualResult: 'ok',
      checks: inspection(1).checks.map((c, k) =>
        k === 0 ? { ...c, uploadId: 55, uploadName: '合格证扫描.pdf' } : { ...c, present: true },
      ),
      photos: [{ uploadId: 56, name: '到场照片.jpg' }],
      codeCount: 19,
      actions: ['confirm'],
    });
    const sent = fakeServer(
      answer(api.deliveryDetail, () => delivery(2, { canEdit: false })),
      answer(api.inspectionDetail, () => decided),
      answer(
        api.deliveryFile,
        () => new Response(new Blob(['%PDF-']), { headers: { 'content-type': 'application/octet-stream' } }),
      ),
      answer(readingApi.reading, () => readingView({ findings: [finding('ER-02', 'fail')] })),
    );
    renderWithProviders(
      <ReceiveDetailPage />,
      { construction: constructionZh, reading: readingZh },
      { path: '/projectConstruction/receiveDetail?id=2&inspection=1' },
    );
    const d = await drawer();
    expect(await within(d).findByText('随货 19 个')).toBeInTheDocument();
    // The 合格证 as read, beside its file: asked for as the inspection's (the photo is no checklist document).
    expect(await within(d).findByRole('button', { name: '识别结果：1 项不一致，点击查看' })).toBeInTheDocument();
    for (const s of sent.filter((s) => s.endpoint === readingApi.reading)) {
      expect(s.body).toEqual({ subject: 'inspection', id: '1', uploadId: '55' });
    }
    await userEvent.click(await within(d).findByRole('button', { name: '合格证扫描.pdf' }));
    await userEvent.click(within(d).getByRole('button', { name: '到场照片.jpg' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('button', { name: '送货单.pdf' }));
    await waitFor(() => expect(saved).toEqual(['合格证扫描.pdf', '到场照片.jpg', '送货单.pdf']));
    expect(sent.filter((s) => s.endpoint === api.deliveryFile).map((s) => s.body)).toEqual([
      { id: '2', uploadId: '55' },
      { id: '2', uploadId: '56' },
      { id: '2', uploadId: '41' },
    ]);
  });

  it('saves a scan the inspector attaches at once, and shows what the platform read of it before the verdict', async () => {
    screenWidth(1366);
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    let saved = false;
    const sent = fakeServer(
      answer(api.deliveryDetail, () => delivery(2)),
      answer(api.inspectionDetail, () =>
        saved
          ? inspection(1, {
              checks: inspection(1).checks.map((c, k) =>
                k === 0 ? { ...c, uploadId: 501, uploadName: '合格证扫描.pdf' } : c,
              ),
            })
          : inspection(1),
      ),
      answer(fileEndpoints.upload, () => uploaded(501, '合格证扫描.pdf')),
      answer(api.inspectionChecks, () => {
        saved = true;
        return { id: 1 };
      }),
      answer(readingApi.reading, () => readingView({ findings: [finding('ER-02', 'fail')] })),
    );
    renderWithProviders(
      <ReceiveDetailPage />,
      { construction: constructionZh, reading: readingZh },
      { path: '/projectConstruction/receiveDetail?id=2&inspection=1' },
    );
    const d = await drawer();
    const input = (await waitFor(() => d.querySelector('input[type=file]'))) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], '合格证扫描.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(sent.filter((s) => s.endpoint === api.inspectionChecks)).toHaveLength(1));
    expect(sent.find((s) => s.endpoint === api.inspectionChecks)?.body).toEqual({
      id: 1,
      checks: [
        { kind: 'conformity', present: true, uploadId: 501 },
        { kind: 'factory_test', present: false },
        { kind: 'green', present: true },
      ],
    });
    // Saved, the file is the checklist's: its reading shows beside it, and nothing was decided.
    expect(await within(d).findByRole('button', { name: '识别结果：1 项不一致，点击查看' })).toBeInTheDocument();
    expect(sent.filter((s) => s.endpoint === api.inspectionDecide)).toHaveLength(0);
  });

  it('finds the delivery of an inspection named alone in the address', async () => {
    signInAs(4);
    fakeServer(
      answer(api.inspectionDetail, () => inspection(1)),
      answer(api.deliveryDetail, () => delivery(2)),
    );
    const { router } = renderSite(<ReceiveDetailPage />, '/projectConstruction/receiveDetail?inspection=1');
    await waitFor(() => expect(router.state.location.search).toBe('?id=2&inspection=1'));
    expect(await screen.findByText('到货单 JC202611280002')).toBeInTheDocument();
  });
});
