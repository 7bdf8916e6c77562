import { shanghaiToday } from '@jcbb/contract/time';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing.tsx';
import { ApproveForm, defaultUntil } from './ApproveForm.tsx';

function setup(requestedStars: number | null = null) {
  const onApprove = vi.fn();
  const onReject = vi.fn();
  renderWithProviders(
    <ApproveForm requestedStars={requestedStars} submitting={false} onApprove={onApprove} onReject={onReject} />,
  );
  return { onApprove, onReject, user: userEvent.setup() };
}

function typeDate(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

// antd forms are slow to render on a shared 2-core machine.
describe('ApproveForm', { timeout: 20_000 }, () => {
  it('requires a certificate number and a star rating before it approves', async () => {
    const { onApprove, user } = setup(null);
    await user.click(screen.getByRole('button', { name: '通过并颁发证书' }));
    expect(await screen.findByText('请输入证书编号')).toBeInTheDocument();
    expect(screen.getByText('请选择星级')).toBeInTheDocument();
    expect(onApprove).not.toHaveBeenCalled();
  });

  it('refuses a malformed number', async () => {
    const { onApprove, user } = setup(2);
    // The messages are approveBody's certNo schema's: its length first, then its form.
    fireEvent.change(screen.getByLabelText('证书编号'), { target: { value: '-ab' } });
    await user.click(screen.getByRole('button', { name: '通过并颁发证书' }));
    expect(await screen.findByText('证书编号至少 4 位')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('证书编号'), { target: { value: '-abcd' } });
    await user.click(screen.getByRole('button', { name: '通过并颁发证书' }));
    expect(await screen.findByText('证书编号只能包含字母、数字和连字符，且不以连字符开头或结尾')).toBeInTheDocument();
    expect(onApprove).not.toHaveBeenCalled();
  });

  it('defaults to five years from today and sends the decision', async () => {
    const { onApprove, user } = setup(2);
    fireEvent.change(screen.getByLabelText('证书编号'), { target: { value: 'cgbm-2026-000009' } });
    await user.click(screen.getByRole('button', { name: '通过并颁发证书' }));
    const today = dayjs(shanghaiToday());
    await waitFor(() =>
      expect(onApprove).toHaveBeenCalledWith({
        certNo: 'CGBM-2026-000009',
        starRating: 2,
        validFrom: today.format('YYYY-MM-DD'),
        validUntil: defaultUntil(today).format('YYYY-MM-DD'),
      }),
    );
    expect(defaultUntil(dayjs('2026-07-01')).format('YYYY-MM-DD')).toBe('2031-06-30');
  });

  it("starts on today's date in Asia/Shanghai, not the browser's zone", async () => {
    // 00:30 on 22 November in Shanghai is still 21 November in UTC (and further west).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T16:30:00Z'));
    try {
      const { onApprove, user } = setup(2);
      fireEvent.change(screen.getByLabelText('证书编号'), { target: { value: 'CGBM-2026-000010' } });
      await user.click(screen.getByRole('button', { name: '通过并颁发证书' }));
      await waitFor(() =>
        expect(onApprove).toHaveBeenCalledWith(
          expect.objectContaining({ validFrom: '2026-11-22', validUntil: '2031-11-21' }),
        ),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a star rating of 1 to 3 from the stars', async () => {
    const { onApprove, user } = setup(null);
    fireEvent.change(screen.getByLabelText('证书编号'), { target: { value: 'CGBM-1' } });
    const stars = screen.getAllByRole('radio');
    expect(stars).toHaveLength(3);
    await user.click(stars[2] as HTMLElement);
    await user.click(screen.getByRole('button', { name: '通过并颁发证书' }));
    await waitFor(() => expect(onApprove).toHaveBeenCalledWith(expect.objectContaining({ starRating: 3 })));
  });

  it('requires the end of validity to come after its start', async () => {
    const { onApprove, user } = setup(1);
    fireEvent.change(screen.getByLabelText('证书编号'), { target: { value: 'CGBM-2026-000010' } });
    typeDate('有效期起', '2026-08-01');
    typeDate('有效期至', '2026-07-01');
    await user.click(screen.getByRole('button', { name: '通过并颁发证书' }));
    expect(await screen.findByText('有效期截止日期必须晚于起始日期')).toBeInTheDocument();
    expect(onApprove).not.toHaveBeenCalled();
  });

  it('opens the rejection from its own button', async () => {
    const { onReject, onApprove, user } = setup(1);
    await user.click(screen.getByRole('button', { name: /驳\s*回/ }));
    expect(onReject).toHaveBeenCalled();
    expect(onApprove).not.toHaveBeenCalled();
  });
});
