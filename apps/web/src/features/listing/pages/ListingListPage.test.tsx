import { Role } from '@jcbb/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser, session } from '../../../lib/session.ts';
import { type ListingList, type ListingRow, listingApi } from '../api.ts';
import { rowActions } from '../listing-actions.ts';
import { renderWithProviders } from '../testing.tsx';
import { ListingListPage } from './ListingListPage.tsx';

const row = (id: number, status: number, extra: Partial<ListingRow> = {}): ListingRow => ({
  id,
  productId: 10 + id,
  materialName: `产品${id}`,
  brand: '绿筑',
  classifyCode: '0101',
  classifyName: '墙体材料',
  orgId: 1,
  orgName: '南京绿筑新材料有限公司',
  cityCode: '320100',
  cityName: '南京市',
  status,
  statusName: '',
  govProcurement: false,
  notGreen: false,
  notGreenReason: null,
  rejectReason: null,
  submittedAt: null,
  listedAt: null,
  updatedAt: '2026-01-01 10:00:00',
  ...extra,
});

const page: ListingList = {
  list: [row(1, 0), row(2, 4, { rejectReason: '检测报告已过期' }), row(3, 3)],
  total: 3,
};

function signIn(roles: string[]) {
  const user: SessionUser = {
    id: 1,
    username: 'u',
    realName: '张三',
    mobile: '13800000001',
    headimgurl: null,
    roles,
    org: { name: '南京绿筑新材料有限公司' },
    organization: { id: 1, type: 6, type_enum: 'manufacturer', status: '已认证', certStatus: 2 },
    companyId: 1,
  };
  session.setUser(user, ['jcbb-production']);
  // The filters' pickers.
  vi.spyOn(listingApi, 'products').mockResolvedValue({ list: [], total: 0 });
  vi.spyOn(listingApi, 'pushCities').mockResolvedValue([]);
}

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

async function rowOf(name: string) {
  const link = await screen.findByRole('link', { name });
  return link.closest('tr, .ant-card') as HTMLElement;
}

describe('ListingListPage', { timeout: 30_000 }, () => {
  it('offers delete and delist to the enterprise administrator', async () => {
    signIn([Role.ENTERPRISE_ADMIN]);
    vi.spyOn(listingApi, 'list').mockResolvedValue(page);
    renderWithProviders(<ListingListPage />);
    expect(within(await rowOf('产品1')).getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
    expect(within(await rowOf('产品2')).getByRole('button', { name: /删\s*除/ })).toBeInTheDocument();
    expect(within(await rowOf('产品3')).getByRole('button', { name: /下\s*架/ })).toBeInTheDocument();
  });

  it('hides delete and delist from staff, and shows rejection reasons', async () => {
    signIn([Role.STAFF]);
    vi.spyOn(listingApi, 'list').mockResolvedValue(page);
    renderWithProviders(<ListingListPage />);
    await rowOf('产品1');
    expect(screen.queryByRole('button', { name: /删\s*除/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /下\s*架/ })).not.toBeInTheDocument();
    // Staff still edit, submit and resubmit.
    expect(within(await rowOf('产品1')).getByRole('button', { name: /提\s*交/ })).toBeInTheDocument();
    expect(within(await rowOf('产品2')).getByRole('button', { name: '修改后重新提交' })).toBeInTheDocument();
    expect(screen.getByText('驳回原因：检测报告已过期')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    signIn([Role.ENTERPRISE_ADMIN]);
    vi.spyOn(listingApi, 'list').mockResolvedValue({ list: [], total: 0 });
    renderWithProviders(<ListingListPage />);
    expect(await screen.findByText('暂无入库记录，点击“申请入库”选择产品和城市')).toBeInTheDocument();
  });
});

describe('rowActions', () => {
  it('follows the transition table: staff never delist or delete; audit states only show details', () => {
    expect(rowActions(1, [Role.ENTERPRISE_ADMIN])).toEqual(['details']);
    expect(rowActions(2, [Role.ENTERPRISE_ADMIN])).toEqual(['details']);
    expect(rowActions(3, [Role.ENTERPRISE_ADMIN])).toEqual(['details', 'delist']);
    expect(rowActions(3, [Role.STAFF])).toEqual(['details']);
    expect(rowActions(6, [Role.STAFF])).toEqual(['resubmit', 'details']);
    expect(rowActions(6, [Role.ENTERPRISE_ADMIN])).toEqual(['resubmit', 'details', 'delete']);
  });
});
