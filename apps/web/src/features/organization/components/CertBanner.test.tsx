import type { OrganizationData } from '@jcbb/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser, session } from '../../../lib/session.ts';
import { organizationApi } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { CertBanner } from './CertBanner.tsx';

const STAFF_WARNING = '贵单位尚未完成企业认证，部分功能受限，请联系企业管理员完成认证';

function user(roles: string[], organization: { type: number; certStatus: number; status: string } | null): SessionUser {
  return {
    id: 9,
    username: 'u',
    realName: '测试',
    mobile: '13800000008',
    headimgurl: null,
    roles,
    org: organization ? { name: '苏州新材科技有限公司' } : null,
    organization: organization ? { id: 3, type_enum: 'MANUFACTURER', ...organization } : null,
    companyId: organization ? 3 : null,
  };
}

const uncertified = { type: 6, certStatus: 0, status: '未认证' };

afterEach(() => {
  session.setUser(null);
  vi.restoreAllMocks();
});

describe('CertBanner', () => {
  it('gives the enterprise administrator of an uncertified organisation a link to certify', () => {
    session.setUser(user(['企业管理员'], uncertified));
    renderWithProviders(<CertBanner />, { path: '/home' });
    expect(screen.getByRole('alert')).toHaveTextContent('贵单位尚未完成企业认证');
    expect(screen.getByRole('link', { name: '去认证' })).toHaveAttribute(
      'href',
      '/organization/orgnizationVerification',
    );
  });

  it('gives other members the warning only', () => {
    session.setUser(user(['员工'], uncertified));
    renderWithProviders(<CertBanner />, { path: '/home' });
    expect(screen.getByRole('alert')).toHaveTextContent(STAFF_WARNING);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing to government units (type 5), even uncertified', () => {
    session.setUser(user(['企业管理员', '住建委'], { type: 5, certStatus: 0, status: '未认证' }));
    renderWithProviders(<CertBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing to certified organisations', () => {
    session.setUser(user(['企业管理员'], { type: 6, certStatus: 2, status: '已认证' }));
    renderWithProviders(<CertBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing to users without an organisation, nor to the platform operator', () => {
    session.setUser(user(['员工'], null));
    const { unmount } = renderWithProviders(<CertBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    session.setUser(user(['super_admin'], null));
    renderWithProviders(<CertBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a pending application is under review', () => {
    session.setUser(user(['员工'], { type: 6, certStatus: 1, status: '审核中' }));
    renderWithProviders(<CertBanner />);
    expect(screen.getByRole('alert')).toHaveTextContent('审核中');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('gives the reason of a rejection, and the administrator a link to resubmit', async () => {
    vi.spyOn(organizationApi, 'mine').mockResolvedValue({
      rejectReason: '营业执照模糊不清',
    } as OrganizationData);
    session.setUser(user(['企业管理员'], { type: 6, certStatus: 3, status: '未通过' }));
    renderWithProviders(<CertBanner />, { path: '/home' });
    expect(await screen.findByText('驳回原因：营业执照模糊不清')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '重新提交' })).toBeInTheDocument();
  });

  it('leaves the link out on the certification page itself', () => {
    session.setUser(user(['企业管理员'], uncertified));
    renderWithProviders(<CertBanner />, { path: '/organization/orgnizationVerification' });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
