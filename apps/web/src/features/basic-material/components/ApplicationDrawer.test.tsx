import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classificationApi } from '../../../components/ClassificationSelect.tsx';
import { ApiError } from '../../../lib/http.ts';
import { type AdminBasicMaterialItem, basicMaterialApi } from '../api.ts';
import { application, classificationTree } from '../test-data.ts';
import { renderWithProviders } from '../testing.tsx';
import { ApplicationDrawer } from './ApplicationDrawer.tsx';

const pending = application();
/** What the detail call answers: the application as the server has it now. */
let current: AdminBasicMaterialItem = pending;
const decidedAs = (next: AdminBasicMaterialItem) => {
  current = next;
  return Promise.resolve(next);
};

beforeEach(() => {
  current = pending;
  vi.spyOn(classificationApi, 'tree').mockResolvedValue(classificationTree);
  vi.spyOn(basicMaterialApi, 'application').mockImplementation(() => Promise.resolve(current));
});
afterEach(() => vi.restoreAllMocks());

function setup() {
  renderWithProviders(<ApplicationDrawer id={pending.id} initial={pending} onClose={() => {}} />);
  return userEvent.setup();
}

/** The open dialog whose text includes `text` (the drawer, a modal or a confirmation). */
function dialogWith(text: string) {
  return waitFor(() => {
    const dialog = screen.queryAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!dialog) throw new Error(`no dialog with ${text}`);
    return dialog;
  });
}

const buttonIn = (dialog: HTMLElement, label: string) =>
  Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent?.replace(/\s/g, '') === label) as HTMLElement;

const nameInput = () => screen.getByLabelText('通用名称') as HTMLInputElement;

describe('ApplicationDrawer', { timeout: 30_000 }, () => {
  it('approves with the corrections made on the prefilled form, after a confirmation', async () => {
    const approve = vi
      .spyOn(basicMaterialApi, 'approve')
      .mockImplementation(() => decidedAs({ ...pending, commonName: '发泡陶瓷保温装饰板', status: 1, code: 'BM032' }));
    const user = setup();
    const drawer = await dialogWith('审核通过');
    expect(nameInput().value).toBe('发泡陶瓷保温板');
    await waitFor(() =>
      expect(within(drawer).getByRole('combobox', { name: '产品分类' }).closest('.ant-select')).toHaveTextContent(
        '保温系统材料',
      ),
    );
    fireEvent.change(nameInput(), { target: { value: ' 发泡陶瓷保温装饰板 ' } });
    await user.click(buttonIn(drawer, '通过'));
    const confirm = await dialogWith('确定通过「发泡陶瓷保温装饰板」的申请吗？');
    expect(approve).not.toHaveBeenCalled();
    await user.click(buttonIn(confirm, '通过'));
    await waitFor(() =>
      expect(approve).toHaveBeenCalledWith(7, {
        commonName: '发泡陶瓷保温装饰板',
        classifyCode: '0105',
        units: [{ unitId: 31, formats: ['50mm', '80mm'] }],
      }),
    );
    // The decision replaces the form.
    expect(await screen.findByText('BM032')).toBeInTheDocument();
    expect(screen.queryByLabelText('通用名称')).not.toBeInTheDocument();
  });

  it('refuses to approve without a name, and shows the server’s field errors on the form', async () => {
    const approve = vi.spyOn(basicMaterialApi, 'approve').mockRejectedValue(
      new ApiError('该通用名称已存在或正在审核中', 40000, 400, {
        fields: [
          { field: 'commonName', message: '该通用名称已存在或正在审核中' },
          { field: 'units.0.formats.1', message: '规格不能超过 50 个字' },
        ],
      }),
    );
    const user = setup();
    const drawer = await dialogWith('审核通过');
    fireEvent.change(nameInput(), { target: { value: '  ' } });
    await user.click(buttonIn(drawer, '通过'));
    expect(await screen.findByText('请输入通用名称')).toBeInTheDocument();
    expect(approve).not.toHaveBeenCalled();

    fireEvent.change(nameInput(), { target: { value: '岩棉板' } });
    await user.click(buttonIn(drawer, '通过'));
    await user.click(buttonIn(await dialogWith('确定通过「岩棉板」的申请吗？'), '通过'));
    expect(await screen.findByText('该通用名称已存在或正在审核中')).toBeInTheDocument();
    expect(await screen.findByText('规格不能超过 50 个字')).toBeInTheDocument();
    // Still pending: the form and its buttons stay.
    expect(buttonIn(drawer, '通过')).not.toBeDisabled();
  });

  it('tells the administrator when the application was decided meanwhile', async () => {
    vi.spyOn(basicMaterialApi, 'approve').mockRejectedValue(new ApiError('该申请已审核，请勿重复操作', 40900, 409));
    const user = setup();
    const drawer = await dialogWith('审核通过');
    await user.click(buttonIn(drawer, '通过'));
    await user.click(buttonIn(await dialogWith('确定通过「发泡陶瓷保温板」的申请吗？'), '通过'));
    expect(await screen.findByText('该申请已审核，请勿重复操作')).toBeInTheDocument();
  });

  it('refuses to reject without a reason, then rejects with the trimmed reason', async () => {
    const reject = vi.spyOn(basicMaterialApi, 'reject').mockImplementation(() =>
      decidedAs({
        ...pending,
        status: 3,
        rejectReason: '与已有名称重复',
        decidedBy: { id: 1, realName: '平台审核员' },
        decidedAt: '2026-03-02 10:00:00',
      }),
    );
    const user = setup();
    const drawer = await dialogWith('审核通过');
    await user.click(buttonIn(drawer, '驳回'));
    const modal = await dialogWith('驳回「发泡陶瓷保温板」的申请');
    await user.click(buttonIn(modal, '驳回'));
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '重' } });
    await user.click(buttonIn(modal, '驳回'));
    expect(await screen.findByText('驳回原因至少 2 个字')).toBeInTheDocument();
    expect(reject).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '  与已有名称重复 ' } });
    await user.click(buttonIn(modal, '驳回'));
    await waitFor(() => expect(reject).toHaveBeenCalledWith(7, '与已有名称重复'));
    expect(await screen.findByText('未通过')).toBeInTheDocument();
    expect(screen.getByText('与已有名称重复')).toBeInTheDocument();
  });

  it('shows the server’s message on the reason and keeps the buttons disabled while a call is in flight', async () => {
    let answer: (error: Error) => void = () => {};
    vi.spyOn(basicMaterialApi, 'reject').mockImplementation(
      () =>
        new Promise((_resolve, fail) => {
          answer = fail;
        }),
    );
    const user = setup();
    const drawer = await dialogWith('审核通过');
    await user.click(buttonIn(drawer, '驳回'));
    const modal = await dialogWith('驳回「发泡陶瓷保温板」的申请');
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '资料不全' } });
    await user.click(buttonIn(modal, '驳回'));
    await waitFor(() => expect(buttonIn(drawer, '通过')).toBeDisabled());
    expect(buttonIn(drawer, '驳回')).toBeDisabled();
    answer(
      new ApiError('参数错误', 40000, 400, { fields: [{ field: 'reason', message: '驳回原因不能超过 200 个字' }] }),
    );
    expect(await screen.findByText('驳回原因不能超过 200 个字')).toBeInTheDocument();
    await waitFor(() => expect(buttonIn(drawer, '通过')).not.toBeDisabled());
  });
});
