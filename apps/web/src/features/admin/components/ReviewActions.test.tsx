import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { adminApi, type CertificationDecision } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { ReviewActions } from './ReviewActions.tsx';

const decision: CertificationDecision = { id: 5, status: 3, statusName: '已驳回', orgId: 9, orgCertStatus: 3 };

afterEach(() => vi.restoreAllMocks());

function setup() {
  const onDecided = vi.fn();
  renderWithProviders(<ReviewActions id={5} orgName="苏州新材科技有限公司" onDecided={onDecided} />);
  return { onDecided, user: userEvent.setup() };
}

async function openReject(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /驳\s*回/ }));
  // antd gives every dialog the same labelling id under test, so the dialog is found by what it says.
  return waitFor(() => {
    const dialog = screen
      .queryAllByRole('dialog')
      .find((d) => d.textContent?.includes('驳回“苏州新材科技有限公司”的认证申请'));
    if (!dialog) throw new Error('no reject dialog');
    return dialog;
  });
}

const okButton = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll('button')).find(
    (b) => b.textContent?.replace(/\s/g, '') === '驳回',
  ) as HTMLElement;

describe('ReviewActions', { timeout: 30_000 }, () => {
  it('does not reject without a reason', async () => {
    const reject = vi.spyOn(adminApi, 'reject');
    const { user, onDecided } = setup();
    const dialog = await openReject(user);
    await user.click(okButton(dialog));
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    expect(reject).not.toHaveBeenCalled();
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('does not take blanks or one character as a reason', async () => {
    const reject = vi.spyOn(adminApi, 'reject');
    const { user } = setup();
    const dialog = await openReject(user);
    const reason = screen.getByLabelText('驳回原因');
    fireEvent.change(reason, { target: { value: '   ' } });
    await user.click(okButton(dialog));
    expect(await screen.findByText('请填写驳回原因')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: '糊' } });
    await user.click(okButton(dialog));
    expect(await screen.findByText('驳回原因至少 2 个字')).toBeInTheDocument();
    expect(reject).not.toHaveBeenCalled();
  });

  it('limits the reason to 200 characters', async () => {
    const { user } = setup();
    await openReject(user);
    expect(screen.getByLabelText('驳回原因')).toHaveAttribute('maxlength', '200');
  });

  it('rejects with the trimmed reason and reports the decision', async () => {
    const reject = vi.spyOn(adminApi, 'reject').mockResolvedValue(decision);
    const { user, onDecided } = setup();
    const dialog = await openReject(user);
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '  营业执照模糊不清 ' } });
    await user.click(okButton(dialog));
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith('rejected'));
    expect(reject).toHaveBeenCalledWith(5, '营业执照模糊不清');
  });

  it('shows the server’s message on the reason field', async () => {
    vi.spyOn(adminApi, 'reject').mockRejectedValue(
      new ApiError('参数错误', 40000, 400, { fields: [{ field: 'reason', message: '驳回原因不能超过 200 个字' }] }),
    );
    const { user, onDecided } = setup();
    const dialog = await openReject(user);
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '原因' } });
    await user.click(okButton(dialog));
    expect(await screen.findByText('驳回原因不能超过 200 个字')).toBeInTheDocument();
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('approves only after the confirmation', async () => {
    const approve = vi.spyOn(adminApi, 'approve').mockResolvedValue({ ...decision, status: 2, orgCertStatus: 2 });
    const { user, onDecided } = setup();
    await user.click(screen.getByRole('button', { name: /通\s*过/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定通过“苏州新材科技有限公司”的企业认证吗？');
    expect(approve).not.toHaveBeenCalled();
    const confirm = Array.from(dialog.querySelectorAll('button')).find(
      (b) => b.textContent?.replace(/\s/g, '') === '通过',
    ) as HTMLElement;
    await user.click(confirm);
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith('approved'));
    expect(approve).toHaveBeenCalledWith(5);
  });
});
