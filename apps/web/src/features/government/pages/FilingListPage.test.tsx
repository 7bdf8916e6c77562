import { governmentFilingEndpoints as api } from '@jcbb/contract/government-filing.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer } from '../../../test/fake-server.ts';
import {
  committeeList,
  filerList,
  renderFiling,
  signInBuilder,
  signInCommittee,
} from '../components/filing/testing.tsx';
import { FilingListPage } from './FilingListPage.tsx';

afterEach(() => session.setUser(null));

const open = () => renderFiling(<FilingListPage />, '/govProcurementInfo/materialFill');

describe('the filer’s filings', () => {
  it('shows each quarter with its state and countdown, and opens a quarter’s draft', async () => {
    signInBuilder();
    const sent = fakeServer(
      answer(api.filingList, () => filerList()),
      answer(api.filingOpen, () => ({ id: 9 })),
    );
    open();
    expect(await screen.findByText('剩余 38 天')).toBeTruthy();
    expect(screen.getByText('已确认')).toBeTruthy();
    expect(screen.getByText('已逾期 146 天')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看 南京市鼓楼区天妃宫小学新建工程 2026-Q3' }).getAttribute('href')).toBe(
      '/govProcurementInfo/materialFill/detail?id=5',
    );
    fireEvent.click(screen.getByRole('button', { name: '开始填报 南京市鼓楼区天妃宫小学新建工程 2026-Q4' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/govProcurementInfo/materialFill/detail?id=9'),
    );
    expect(sent.find((s) => s.endpoint === api.filingOpen)?.body).toEqual({ projectId: 1, period: '2026-Q4' });
  });

  it('says so when no project is in the policy', async () => {
    signInBuilder();
    fakeServer(answer(api.filingList, () => filerList({ projects: [] })));
    open();
    expect(await screen.findByText('暂无纳入政府采购绿色建材政策范围的项目')).toBeTruthy();
  });
});

describe('the committee’s filings', () => {
  it('lists the quarter’s filings and overdue projects, filters them, and closes the quarter', async () => {
    signInCommittee();
    let closed = false;
    const sent = fakeServer(
      answer(api.filingList, () => committeeList({ periodClosed: closed })),
      answer(api.filingClosePeriod, () => {
        closed = true;
        return { period: '2026-Q3', locked: 2 };
      }),
    );
    open();
    expect(await screen.findByRole('link', { name: '南京市鼓楼区天妃宫小学新建工程' })).toBeTruthy();
    expect(screen.getByText('逾期未报送（1 个项目）')).toBeTruthy();
    expect(screen.getByText('建邺区青少年体育中心')).toBeTruthy();
    expect(screen.getByText('已逾期 54 天')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '仅看逾期' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === api.filingList).at(-1)?.body).toMatchObject({ late: 'true' }),
    );
    fireEvent.click(screen.getByRole('button', { name: '关闭季度' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('已确认的 2 份填报将锁定');
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭季度' }));
    await waitFor(() => expect(sent.some((s) => s.endpoint === api.filingClosePeriod)).toBe(true));
    expect(sent.find((s) => s.endpoint === api.filingClosePeriod)?.body).toEqual({ period: '2026-Q3' });
    expect(await screen.findByText('本季度已关闭')).toBeTruthy();
  });
});
