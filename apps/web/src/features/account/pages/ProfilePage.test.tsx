import { OrgType } from '@jcbb/contract';
import { accountEndpoints } from '@jcbb/contract/account.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, fieldErrors, signInAs } from '../../../test/fake-server.ts';
import type { Profile } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { ProfilePage } from './ProfilePage.tsx';

afterEach(() => {
  session.setUser(null);
  vi.restoreAllMocks();
});

const profile = (over: Partial<Profile> = {}): Profile => ({
  id: 1,
  mobile: '13800000009',
  username: 'lvzhu_staff',
  realName: '郑敏',
  email: null,
  contactPhone: null,
  avatarUploadId: null,
  avatarUrl: null,
  roles: ['员工'],
  organization: { id: 11, name: '南京绿筑新材料有限公司' },
  division: { id: 2, name: '生产部' },
  createdAt: '2026-01-05 09:30:00',
  passwordChangedAt: null,
  recentSignIns: [
    {
      at: '2026-11-28 09:00:00',
      ip: '10.0.0.8',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
      current: true,
      active: true,
    },
    { at: '2026-11-20 18:00:00', ip: null, userAgent: null, current: false, active: false },
  ],
  ...over,
});

describe('/account/profile', { timeout: 30_000 }, () => {
  it('shows the sign-in mobile (not editable), the division and the recent sign-ins, with the password page', async () => {
    signInAs(OrgType.MANUFACTURER, { roles: ['员工'] });
    fakeServer(answer(accountEndpoints.profile, () => profile()));
    renderWithProviders(<ProfilePage />);
    expect(await screen.findByDisplayValue('13800000009')).toBeDisabled();
    expect(screen.getByText(/暂不支持在此修改/)).toBeInTheDocument();
    expect(screen.getByText('生产部')).toBeInTheDocument();
    expect(screen.getByText('Chrome · Windows · 10.0.0.8')).toBeInTheDocument();
    expect(screen.getByText('本次登录')).toBeInTheDocument();
    expect(screen.getByText('未知设备 · 未知地址')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '修改密码' })).toHaveAttribute('href', '/user/password');
  });

  it('saves the name and puts it in the session (the top bar), and shows the server’s field message', async () => {
    signInAs(OrgType.MANUFACTURER, { roles: ['员工'], user: { realName: '郑敏' } });
    let refuse = true;
    const sent = fakeServer(
      answer(accountEndpoints.profile, () => profile()),
      answer(accountEndpoints.saveProfile, ({ body }) => {
        if (refuse) {
          refuse = false;
          return fieldErrors({ email: '邮箱已被停用' });
        }
        return profile({ realName: (body as { realName: string }).realName });
      }),
    );
    renderWithProviders(<ProfilePage />);
    const name = await screen.findByDisplayValue('郑敏');
    fireEvent.change(name, { target: { value: '郑新' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('邮箱已被停用')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(session.get().user?.realName).toBe('郑新'));
    const bodies = sent.filter((s) => s.endpoint === accountEndpoints.saveProfile).map((s) => s.body);
    expect(bodies.at(-1)).toMatchObject({ realName: '郑新', email: '', contactPhone: '' });
  });
});
