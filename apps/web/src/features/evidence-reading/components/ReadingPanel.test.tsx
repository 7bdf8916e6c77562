import type { ReadingView } from '@jcbb/contract';
import { OrgType } from '@jcbb/contract/enums';
import { evidenceReadingEndpoints as api } from '@jcbb/contract/evidence-reading.endpoints';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { READING_POLL_MS } from '../api.ts';
import readingZh from '../locales/zh-CN.ts';
import { finding, readField, readingView } from '../testing.tsx';
import { ReadingPanel } from './ReadingPanel.tsx';

const key = { subject: 'listing', id: 12, uploadId: 31 } as const;
const render = () => renderWithProviders(<ReadingPanel {...key} />, { reading: readingZh });
const jpeg = () => new Response(new Blob(['jpeg']), { headers: { 'content-type': 'image/jpeg' } });
const createObjectURL = vi.fn((_: Blob) => 'blob:page');
const revokeObjectURL = vi.fn((_: string) => {});

beforeEach(() => {
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  vi.useRealTimers();
  session.setUser(null);
});

/** A report that names the wrong model (failed), a client to look at, an unchecked number and two agreeing rules. */
function checkedReport(over: Partial<ReadingView> = {}): ReadingView {
  return readingView({
    canReview: true,
    fields: [
      readField('reportNo', 'JC2026-018'),
      readField('productName', '岩棉板', { box: [0.1, 0.2, 0.5, 0.24] }),
      readField('model', 'YM-120', { confidence: 0.62, box: [0.1, 0.3, 0.4, 0.34] }),
      readField('client', '南京绿筑', { page: 1, box: [0.2, 0.1, 0.6, 0.14] }),
    ],
    items: [
      {
        name: '导热系数',
        requirement: '≤0.040',
        measured: '0.045',
        verdict: 'fail',
        confidence: 0.9,
        page: 1,
        box: [0.1, 0.5, 0.9, 0.54],
      },
      {
        name: '燃烧性能',
        requirement: 'A级',
        measured: 'A级',
        verdict: 'pass',
        confidence: 0.9,
        page: 1,
        box: [0.1, 0.6, 0.9, 0.64],
      },
    ],
    findings: [
      finding('ER-01', 'pass', { name: '文件类型' }),
      finding('ER-03', 'warn', {
        name: '委托单位/获证企业',
        message: '委托单位与上传企业不同',
        fields: [{ key: 'client', index: 0 }],
      }),
      finding('ER-07', 'unknown', { name: '报告编号重复使用' }),
      finding('ER-02', 'fail', {
        name: '产品与型号',
        message: '型号与产品的规格都不一致',
        expected: 'YM-100、YM-150',
        found: 'YM-120',
        definition: '规格型号与所附规格之一一致。',
        fields: [
          { key: 'productName', index: 0 },
          { key: 'model', index: 0 },
        ],
      }),
      finding('ER-06', 'fail', { name: '指标限值', message: '导热系数超出限值', items: [0] }),
      finding('ER-10', 'pass', { name: 'CMA 资质标志' }),
    ],
    ...over,
  });
}

const boxOf = (id: string) => document.querySelector<HTMLElement>(`[data-box="${id}"]`);

describe('ReadingPanel', () => {
  it('asks again while the document is queued or read, and stops once it is read', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signInAs(OrgType.MANUFACTURER);
    const states: ReadingView[] = [
      readingView({ state: 'queued', pagesDone: 0, pagesTotal: null, kind: null, pages: [] }),
      readingView({ state: 'reading', pagesDone: 1, pagesTotal: 3, kind: null, pages: [] }),
      checkedReport({ canReview: false }),
    ];
    const sent = fakeServer(
      answer(api.reading, () => states.shift() ?? checkedReport({ canReview: false })),
      answer(api.page, jpeg),
    );
    render();
    expect(await screen.findByText('排队识别')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(READING_POLL_MS));
    expect(await screen.findByText('识别中（第 2 / 3 页）')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');

    await act(() => vi.advanceTimersByTimeAsync(READING_POLL_MS));
    expect(await screen.findByText('识别为：检验检测报告')).toBeInTheDocument();
    const asked = sent.filter((s) => s.endpoint === api.reading);
    expect(asked).toHaveLength(3);
    expect(asked[0]?.body).toEqual({ subject: 'listing', id: '12', uploadId: '31' });

    // Done is final: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(READING_POLL_MS * 3));
    expect(sent.filter((s) => s.endpoint === api.reading)).toHaveLength(3);
  });

  it('says why a file cannot be read, and stops asking', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    signInAs(OrgType.MANUFACTURER);
    const sent = fakeServer(
      answer(api.reading, () =>
        readingView({
          state: 'refused',
          refusal: 'encrypted',
          refusalText: 'PDF 已加密，无法读取内容，请上传未加密的文件',
          kind: null,
          pages: [],
        }),
      ),
    );
    render();
    expect(await screen.findByText('无法识别')).toBeInTheDocument();
    expect(screen.getByText('PDF 已加密，无法读取内容，请上传未加密的文件')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(READING_POLL_MS * 2));
    expect(sent).toHaveLength(1);
  });

  it('says a reading failed', async () => {
    signInAs(OrgType.MANUFACTURER);
    fakeServer(answer(api.reading, () => readingView({ state: 'failed', kind: null, pages: [] })));
    render();
    expect(await screen.findByText('识别失败')).toBeInTheDocument();
    expect(screen.getByText('识别出错，已记录，可稍后再看。')).toBeInTheDocument();
  });

  it('lists what disagrees first, folds what agrees, and marks a selected finding on its page', async () => {
    signInAs(OrgType.MANUFACTURER, { roles: ['super_admin'] });
    const sent = fakeServer(
      answer(api.reading, () => checkedReport()),
      answer(api.page, jpeg),
    );
    render();
    await screen.findByText('识别为：检验检测报告');
    const findings = screen.getByLabelText('核对结果');
    const shown = [...findings.querySelectorAll('[data-finding]')].map((li) => li.getAttribute('data-finding'));
    expect(shown).toEqual(['ER-02', 'ER-06', 'ER-03', 'ER-07']);
    expect(within(findings).getByText('ER-02 产品与型号')).toBeInTheDocument();
    expect(within(findings).getByText('平台记录：YM-100、YM-150')).toBeInTheDocument();
    expect(within(findings).getByText('文件所示：YM-120')).toBeInTheDocument();

    // The rule's definition behind its toggle.
    expect(screen.queryByText(/规格型号与所附规格之一一致/)).toBeNull();
    const [firstRule] = within(findings).getAllByText('规则说明');
    fireEvent.click(firstRule as HTMLElement);
    expect(screen.getByText('ER-02 第 1 版：规格型号与所附规格之一一致。')).toBeInTheDocument();

    // What agrees, folded.
    expect(screen.queryByText('ER-10 CMA 资质标志')).toBeNull();
    fireEvent.click(within(findings).getByText('2 项一致'));
    expect(screen.getByText('ER-10 CMA 资质标志')).toBeInTheDocument();
    expect(findings.querySelector('[data-finding="ER-10"]')?.getAttribute('data-outcome')).toBe('pass');

    // The first page, its preview from an object URL; the failed finding's fields red, the others faint.
    await waitFor(() => expect(screen.getByAltText('第 1 页')).toHaveAttribute('src', 'blob:page'));
    expect(sent.find((s) => s.endpoint === api.page)?.body).toEqual({
      subject: 'listing',
      id: '12',
      uploadId: '31',
      page: '0',
    });
    expect(boxOf('field:model#0')?.dataset.tone).toBe('fail');
    expect(boxOf('field:reportNo#0')?.dataset.tone).toBe('plain');
    expect(boxOf('field:client#0')).toBeNull(); // on page 2

    // Selecting the client's warning turns to page 2 and marks its box.
    fireEvent.click(screen.getByLabelText('在文件上标出：ER-03 委托单位/获证企业'));
    expect(await screen.findByAltText('第 2 页')).toBeInTheDocument();
    await waitFor(() => expect(boxOf('field:client#0')?.dataset.tone).toBe('warn'));
    expect(boxOf('field:client#0')?.dataset.strong).toBe('true');
    expect(boxOf('field:model#0')).toBeNull();
    // The failed test item: its row red, and its box drawn on its page.
    expect(document.querySelector('[data-item="0"]')?.getAttribute('data-failed')).toBe('true');
    expect(document.querySelector('[data-item="1"]')?.getAttribute('data-failed')).toBe('false');
    expect(boxOf('item:0')?.dataset.tone).toBe('fail');
    expect(boxOf('item:1')).toBeNull();

    // The product finding back on page 1, its boxes outlined.
    fireEvent.click(screen.getByLabelText('在文件上标出：ER-02 产品与型号'));
    expect(await screen.findByAltText('第 1 页')).toBeInTheDocument();
    await waitFor(() => expect(boxOf('field:productName#0')?.dataset.strong).toBe('true'));
    expect(screen.getByLabelText('在文件上标出：ER-02 产品与型号')).toHaveAttribute('aria-pressed', 'true');

    // Hovering a field row outlines its box.
    expect(boxOf('field:reportNo#0')?.dataset.strong).toBe('false');
    fireEvent.mouseEnter(document.querySelector('[data-field="field:reportNo#0"]') as HTMLElement);
    expect(boxOf('field:reportNo#0')?.dataset.strong).toBe('true');
  });

  it('lets an auditor correct and confirm a field, then shows the checks run again', async () => {
    signInAs(OrgType.MANUFACTURER, { roles: ['super_admin'] });
    const corrected = checkedReport({
      fields: checkedReport().fields.map((f) =>
        f.key === 'model'
          ? {
              ...f,
              value: 'YM-100',
              review: { value: 'YM-100', confirmed: false, userName: '王审核', at: '2026-06-15T09:30:00.000Z' },
            }
          : f,
      ),
      findings: [finding('ER-02', 'pass', { name: '产品与型号' })],
    });
    const sent = fakeServer(
      answer(api.reading, () => checkedReport()),
      answer(api.page, jpeg),
      answer(api.review, () => corrected),
    );
    render();
    await screen.findByText('识别为：检验检测报告');
    expect(screen.getByText('置信度 62%')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('更正 规格型号'));
    const input = screen.getByLabelText('规格型号的核对值');
    expect(input).toHaveValue('YM-120');
    fireEvent.change(input, { target: { value: 'YM-100' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

    await screen.findByText('已更正');
    expect(sent.find((s) => s.endpoint === api.review)?.body).toEqual({
      subject: 'listing',
      id: 12,
      uploadId: 31,
      key: 'model',
      index: 0,
      value: 'YM-100',
    });
    const row = document.querySelector('[data-field="field:model#0"]') as HTMLElement;
    expect(within(row).getByText('YM-120').tagName).toBe('DEL');
    expect(within(row).getByText('YM-100')).toBeInTheDocument();
    expect(within(row).queryByText('置信度 62%')).toBeNull();
    // Who corrected it and when (Beijing time), on hovering the mark.
    fireEvent.mouseEnter(within(row).getByText('已更正'));
    expect(await screen.findByText('王审核 于 2026-06-15 17:30 更正（原识别：YM-120）')).toBeInTheDocument();
    // The findings are the server's new ones.
    expect(screen.queryByText('ER-06 指标限值')).toBeNull();
    expect(screen.getByText('1 项一致')).toBeInTheDocument();

    // Confirming posts the value as it stands.
    fireEvent.click(screen.getByLabelText('确认 报告编号'));
    await waitFor(() => expect(sent.filter((s) => s.endpoint === api.review)).toHaveLength(2));
    expect(sent.filter((s) => s.endpoint === api.review)[1]?.body).toMatchObject({
      key: 'reportNo',
      index: 0,
      value: 'JC2026-018',
    });
  });

  it('keeps a correction open when the server refuses it', async () => {
    signInAs(OrgType.MANUFACTURER, { roles: ['super_admin'] });
    const sent = fakeServer(
      answer(api.reading, () => checkedReport()),
      answer(api.page, jpeg),
      answer(api.review, () => failure(403, 40300, '只有审核方可以核对识别结果')),
    );
    render();
    await screen.findByText('识别为：检验检测报告');
    fireEvent.click(screen.getByLabelText('更正 规格型号'));
    fireEvent.change(screen.getByLabelText('规格型号的核对值'), { target: { value: 'YM-100' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.filter((s) => s.endpoint === api.review)).toHaveLength(1));
    // The client toasts the refusal (lib/http.ts); the edit stays open with what was typed.
    await waitFor(() => expect(screen.getByRole('button', { name: /保\s*存/ })).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByLabelText('规格型号的核对值')).toHaveValue('YM-100');
    expect(screen.queryByText('已更正')).toBeNull();
  });

  it('shows the manufacturer what the auditors will see, without review buttons', async () => {
    signInAs(OrgType.MANUFACTURER);
    fakeServer(
      answer(api.reading, () => {
        const report = checkedReport({ canReview: false });
        const marks = [readField('cma', 'true'), readField('cnas', 'false'), readField('conclusion', 'pass')];
        return { ...report, fields: [...report.fields, ...marks] };
      }),
      answer(api.page, jpeg),
    );
    const view = render();
    await screen.findByText('识别为：检验检测报告');
    expect(screen.getByText('以下是审核人员将看到的识别结果，仅供核对参考，由审核人员确认。')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^确认/)).toBeNull();
    expect(screen.queryByLabelText(/^更正/)).toBeNull();
    expect(screen.getByText('置信度 62%')).toBeInTheDocument();

    // Marks and the conclusion in words, not the stored true / pass.
    const fieldRow = (key: string) => document.querySelector(`[data-field="field:${key}#0"]`) as HTMLElement;
    expect(within(fieldRow('cma')).getByText('有')).toBeInTheDocument();
    expect(within(fieldRow('cnas')).getByText('无')).toBeInTheDocument();
    expect(within(fieldRow('conclusion')).getByText('合格')).toBeInTheDocument();
    expect(screen.queryByText('true')).toBeNull();

    // The preview's object URL is let go with the panel.
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    view.unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:page');
  });
});
