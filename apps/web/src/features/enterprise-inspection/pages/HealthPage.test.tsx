import { enterpriseInspectionEndpoints as api } from '@jcbb/contract/enterprise-inspection.endpoints';
import { OrgType } from '@jcbb/contract/enums';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { screenWidth } from '../../../test/screen-width.ts';
import type { InspectionHealth, InspectionRow } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { HealthPage } from './HealthPage.tsx';

afterEach(() => session.setUser(null));

const fig = (count: number, link: string) => ({ count, link });
const health: InspectionHealth = {
  today: '2026-06-15',
  certificates: {
    valid: fig(5, '/blockchain/certificate/index'),
    within30: fig(1, '/blockchain/certificate/index'),
    within60: fig(1, '/blockchain/certificate/index'),
    within90: fig(2, '/blockchain/certificate/index'),
    expired: fig(0, '/blockchain/certificate/index'),
    revoked: fig(0, '/blockchain/certificate/index'),
  },
  listings: {
    active: fig(7, '/productCenter/productManagement'),
    rejected: fig(1, '/productCenter/productManagement'),
    byCity: [{ cityCode: '320100', cityName: '南京市', active: 7, rejected: 1 }],
  },
  authorisationsExpiring: fig(1, '/agent/index'),
  failedSamplings: fig(0, '/product/spotCheck'),
  failedSpotChecks: fig(1, '/product/spotCheck'),
  openRectifications: fig(1, '/enterpriseInspection/info'),
  overdueRectifications: fig(0, '/enterpriseInspection/info'),
  productsMissingDocuments: fig(3, '/product/list'),
  productsMissingMass: fig(0, '/specs/list'),
  calendar: [
    { date: '2026-06-29', kind: 'rectification', title: '监管抽查', link: '/enterpriseInspection/detail?id=4' },
    { date: '2026-07-10', kind: 'certificate', title: '岩棉板 CGBM-1', link: '/blockchain/certificate/index' },
  ],
};
const row: InspectionRow = {
  id: 4,
  subjectOrgId: 11,
  subjectOrgName: '南京绿筑',
  inspectorOrgName: '南京市住房和城乡建设委员会',
  inspectorName: '王工',
  kind: 'spot_check',
  inspectedOn: '2026-06-12',
  result: 'rectify',
  rectificationDeadline: '2026-06-29',
  state: 'open',
  overdue: false,
};

describe('the health page', () => {
  it('shows each figure with a link to where it is fixed, the records and the calendar', async () => {
    screenWidth(1366);
    signInAs(OrgType.MANUFACTURER);
    fakeServer(
      answer(api.health, () => health),
      answer(api.list, () => ({ list: [row], total: 1 })),
    );
    renderWithProviders(<HealthPage />);
    const fix = await screen.findByRole('link', { name: '30 天内到期：去处理' });
    expect(fix.getAttribute('href')).toBe('/blockchain/certificate/index');
    expect(screen.getByRole('link', { name: '缺少证书或检测报告的产品：去处理' }).getAttribute('href')).toBe(
      '/product/list',
    );
    // A figure at zero asks nothing.
    expect(screen.queryByRole('link', { name: '已过期：去处理' })).toBeNull();
    expect(screen.getByText('南京市：入库 7，驳回 1')).toBeTruthy();
    expect(screen.getByText('截至 2026-06-15（北京时间）')).toBeTruthy();

    const [table] = screen.getAllByRole('table') as [HTMLElement];
    expect(within(table).getByText('南京市住房和城乡建设委员会')).toBeTruthy();
    expect(within(table).getByRole('link', { name: '查看' }).getAttribute('href')).toBe(
      '/enterpriseInspection/detail?id=4',
    );
    const deadline = screen.getByRole('link', { name: '监管抽查' });
    expect(deadline.getAttribute('href')).toBe('/enterpriseInspection/detail?id=4');
  });

  it('lists what is coming on a phone instead of the month view', async () => {
    screenWidth(390);
    signInAs(OrgType.MANUFACTURER);
    fakeServer(
      answer(api.health, () => health),
      answer(api.list, () => ({ list: [row], total: 1 })),
    );
    renderWithProviders(<HealthPage />);
    expect(await screen.findByText('2026-07-10')).toBeTruthy();
    expect(screen.getByText('岩棉板 CGBM-1').closest('a')?.getAttribute('href')).toBe('/blockchain/certificate/index');
  });
});
