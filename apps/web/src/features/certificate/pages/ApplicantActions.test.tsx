import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApplicationDetail, certificateApi } from '../api.ts';
import { canWithdraw } from '../rules.ts';
import { renderWithProviders } from '../testing.tsx';
import { ApplicantActions } from './ApplicationDetailPage.tsx';

afterEach(() => vi.restoreAllMocks());

const base: ApplicationDetail = {
  id: 12,
  type: 3,
  typeName: '认证申请',
  status: 1,
  statusName: '待审核',
  applicant: { id: 2, name: '南京绿筑新材料有限公司' },
  product: { id: 5, name: '蒸压加气混凝土砌块' },
  body: { id: 8, name: '江苏绿色建材认证中心' },
  starRating: 2,
  certNo: null,
  validUntil: null,
  remarks: null,
  reason: null,
  certificateId: null,
  createdAt: '2026-11-20 10:00:00',
  submittedAt: '2026-11-20 10:05:00',
  decidedAt: null,
  evidence: [],
  history: [],
};

describe('withdrawing an application', () => {
  it('is possible only before a decision', () => {
    expect([0, 1, 2, 3, 4].map(canWithdraw)).toEqual([true, true, false, false, false]);
  });

  it('offers 撤回申请 while awaiting review and calls the withdraw API after confirmation', async () => {
    const withdraw = vi
      .spyOn(certificateApi, 'withdraw')
      .mockResolvedValue({ ...base, status: 4, statusName: '已撤回' });
    renderWithProviders(<ApplicantActions d={base} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '撤回申请' }));
    expect(await screen.findByText('撤回后认证机构将不再处理此申请，确定撤回吗？')).toBeInTheDocument();
    expect(withdraw).not.toHaveBeenCalled();
    const popover = (await screen.findByRole('tooltip')) as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: '撤回申请' }));
    await waitFor(() => expect(withdraw).toHaveBeenCalledWith(12));
  }, 20_000);

  it('offers no withdrawal once the body decided (approved, rejected) or after a withdrawal', () => {
    for (const status of [2, 3, 4]) {
      const { unmount } = renderWithProviders(
        <ApplicantActions d={{ ...base, status, certificateId: status === 2 ? 3 : null }} />,
      );
      expect(screen.queryByRole('button', { name: '撤回申请' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('lets a draft be edited or withdrawn', () => {
    renderWithProviders(<ApplicantActions d={{ ...base, status: 0, submittedAt: null }} />);
    expect(screen.getByRole('button', { name: '编辑草稿' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '撤回申请' })).toBeInTheDocument();
  });
});
