import type { OrganizationData } from '@jcbb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser, session } from '../../../lib/session.ts';
import { referenceApi } from '../../reference/public.ts';
import { type CertificationItem, organizationApi } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { VerificationPage } from './VerificationPage.tsx';

const baseOrg = { id: 3, type: 6, type_enum: 'MANUFACTURER', status: '未认证', certStatus: 0 };
const base: SessionUser = {
  id: 8,
  username: 'wuhao',
  realName: '吴昊',
  mobile: '13800000008',
  headimgurl: null,
  roles: ['企业管理员'],
  org: { name: '苏州新材科技有限公司' },
  organization: baseOrg,
  companyId: 3,
};

function org(certStatus: number, extra: Partial<OrganizationData> = {}): OrganizationData {
  return {
    id: 3,
    name: '苏州新材科技有限公司',
    type: 6,
    type_enum: 'MANUFACTURER',
    typeName: '建材生产企业',
    certStatus,
    status: ['未认证', '审核中', '已认证', '未通过'][certStatus] ?? '未认证',
    certExempt: false,
    nature: 4,
    natureName: '私营企业',
    creditCode: '91320505MA1XWY7K4F',
    regionCode: '320505',
    regionPath: ['江苏省', '苏州市', '虎丘区'],
    address: '苏州市虎丘区科灵路 78 号',
    legalPerson: '吴芳',
    contactName: '吴昊',
    contactPhone: '0512-66881234',
    license: { id: 41, name: '营业执照.pdf' },
    rejectReason: null,
    certifiedAt: certStatus === 2 ? '2026-01-05 10:00:00' : null,
    modules: [],
    ...extra,
  };
}

const application = (status: number, statusName: string, reason: string | null = null): CertificationItem => ({
  id: 11,
  status,
  statusName,
  reason,
  details: {
    name: '苏州新材科技有限公司',
    nature: 4,
    natureName: '私营企业',
    regionCode: '320505',
    regionPath: ['江苏省', '苏州市', '虎丘区'],
    creditCode: '91320505MA1XWY7K4F',
    address: '苏州市虎丘区科灵路 78 号',
    legalPerson: '吴芳',
    contactName: '吴昊',
    contactPhone: '0512-66881234',
    licenseUploadId: 41,
    licenseName: '营业执照.pdf',
  },
  submitter: { id: 8, realName: '吴昊' },
  createdAt: '2026-01-04 09:00:00',
  reviewedAt: status === 1 ? null : '2026-01-05 10:00:00',
});

beforeEach(() => {
  vi.spyOn(referenceApi, 'orgNatures').mockResolvedValue([{ code: 4, name: '私营企业', enName: 'Private' }]);
  vi.spyOn(referenceApi, 'divisionChildren').mockResolvedValue([]);
});

afterEach(() => {
  session.setUser(null);
  vi.restoreAllMocks();
});

describe('VerificationPage', { timeout: 30_000 }, () => {
  it('offers a user without an organisation to create one', async () => {
    session.setUser({ ...base, roles: ['员工'], org: null, organization: null, companyId: null });
    const save = vi.spyOn(organizationApi, 'save').mockResolvedValue(org(0));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderWithProviders(<VerificationPage />);
    expect(screen.getByText('您的账号尚未加入企业')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('企业名称'), { target: { value: '苏州新材科技有限公司' } });
    await userEvent.click(screen.getByLabelText('企业类型'));
    await userEvent.click(await screen.findByTitle('建材生产企业'));
    await userEvent.click(screen.getByRole('button', { name: /创建企业/ }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: '苏州新材科技有限公司', type: 6 }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/organization/orgnizationVerification'));
  });

  it('does not offer government units or regulators for self-service creation', async () => {
    session.setUser({ ...base, roles: ['员工'], org: null, organization: null, companyId: null });
    renderWithProviders(<VerificationPage />);
    await userEvent.click(screen.getByLabelText('企业类型'));
    expect(await screen.findByTitle('建材生产企业')).toBeInTheDocument();
    expect(screen.queryByTitle('政府单位')).toBeNull();
    expect(screen.queryByTitle('监管单位')).toBeNull();
  });

  it('tells staff of an uncertified organisation to contact the administrator, with no form', async () => {
    session.setUser({ ...base, roles: ['员工'] });
    vi.spyOn(organizationApi, 'mine').mockResolvedValue(org(0));
    vi.spyOn(organizationApi, 'certificationHistory').mockResolvedValue([]);
    renderWithProviders(<VerificationPage />);
    expect(await screen.findByText('只有企业管理员可以提交企业认证，请联系企业管理员。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交认证' })).toBeNull();
  });

  it('gives the administrator the form, started from the last rejected application, with its reason', async () => {
    session.setUser({ ...base, organization: { ...baseOrg, certStatus: 3, status: '未通过' } });
    vi.spyOn(organizationApi, 'mine').mockResolvedValue(org(3, { rejectReason: '营业执照模糊' }));
    vi.spyOn(organizationApi, 'certificationHistory').mockResolvedValue([application(3, '已驳回', '营业执照模糊')]);
    renderWithProviders(<VerificationPage />);
    expect(await screen.findByRole('button', { name: '提交认证' })).toBeInTheDocument();
    expect(screen.getAllByText('营业执照模糊').length).toBeGreaterThan(0);
    expect(screen.getByLabelText<HTMLInputElement>('统一社会信用代码').value).toBe('91320505MA1XWY7K4F');
    expect(screen.getByText('营业执照.pdf')).toBeInTheDocument();
  });

  it('shows a pending application read-only', async () => {
    session.setUser({ ...base, organization: { ...baseOrg, certStatus: 1, status: '审核中' } });
    vi.spyOn(organizationApi, 'mine').mockResolvedValue(org(1));
    vi.spyOn(organizationApi, 'certificationHistory').mockResolvedValue([application(1, '待审核')]);
    renderWithProviders(<VerificationPage />);
    expect(await screen.findByText('已提交的认证信息')).toBeInTheDocument();
    expect(screen.getByText('认证申请已提交，正在等待平台审核，审核结果将通过站内消息通知。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交认证' })).toBeNull();
  });

  it('shows a certified organisation’s details read-only and brings the session up to date', async () => {
    session.setUser({ ...base, organization: { ...baseOrg, certStatus: 1, status: '审核中' } });
    vi.spyOn(organizationApi, 'mine').mockResolvedValue(org(2));
    vi.spyOn(organizationApi, 'certificationHistory').mockResolvedValue([application(2, '已通过')]);
    renderWithProviders(<VerificationPage />);
    expect(await screen.findByText('企业信息')).toBeInTheDocument();
    expect(screen.getByText('认证时间：2026-01-05 10:00:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交认证' })).toBeNull();
    await waitFor(() => expect(session.get().user?.organization?.status).toBe('已认证'));
  });
});
