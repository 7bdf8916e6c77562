import { governmentRiskEndpoints as api } from '@jcbb/contract/government-risk.endpoints';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer } from '../../../test/fake-server.ts';
import { alertRow, renderRisk, screenWidth, signInCommittee, signInDeveloper } from '../components/risk/testing.tsx';
import { RiskAlertsPage } from './RiskAlertsPage.tsx';

afterEach(() => session.setUser(null));

const list = (
  rows = [
    alertRow(),
    alertRow({
      id: 3,
      ruleCode: 'GBM-01',
      ruleName: '到货时绿色建材证书已失效',
      severity: 'high',
      resolvedAt: '2026-11-29 10:00:00',
    }),
  ],
) => answer(api.alertList, () => ({ list: rows, total: rows.length, openBySeverity: { high: 1, medium: 1, low: 0 } }));

describe('the risk alerts page', () => {
  it('shows the committee its alerts with severity and state, and runs the rules now', async () => {
    screenWidth(1366);
    signInCommittee();
    const sent = fakeServer(
      list(),
      answer(api.riskRun, () => ({ runId: 9, scope: 'city:320100', opened: 2, stillOpen: 5, resolved: 1 })),
      answer(api.subscriptionList, () => ({ list: [] })),
    );
    renderRisk(<RiskAlertsPage />);
    expect(await screen.findByRole('link', { name: '见证取样比例偏低' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '见证取样比例偏低' }).getAttribute('href')).toBe(
      '/govProcurementInfo/riskAlerts/detail?id=2',
    );
    expect(screen.getAllByText('高').length).toBeGreaterThan(0);
    expect(screen.getByText('问题已消除')).toBeTruthy();
    expect(screen.getByText('未关闭：高 1 · 中 1 · 低 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即运行' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(sent.some((s) => s.endpoint === api.riskRun)).toBe(true));
    expect(await screen.findByText('运行完成：新增 2 条，仍存在 5 条，已消除 1 条')).toBeTruthy();
  });

  it('filters by severity and quarter', async () => {
    screenWidth(1366);
    signInCommittee();
    const sent = fakeServer(
      list(),
      answer(api.subscriptionList, () => ({ list: [] })),
    );
    renderRisk(<RiskAlertsPage />);
    await screen.findByRole('link', { name: '见证取样比例偏低' });
    fireEvent.change(screen.getByRole('searchbox', { name: '季度' }), { target: { value: '2026-q3' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: '季度' }), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === api.alertList).at(-1)?.body).toMatchObject({ period: '2026-Q3' }),
    );
  });

  it('gives the committee 我的关注: its subscriptions and the alerts on them', async () => {
    screenWidth(1366);
    signInCommittee();
    const sent = fakeServer(
      list(),
      answer(api.subscriptionList, () => ({
        list: [
          {
            id: 4,
            subjectKind: 'supplier' as const,
            subjectId: 1,
            label: '南京绿筑新型建材有限公司',
            openAlerts: 2,
            createdAt: '2026-11-29 10:00:00',
          },
        ],
      })),
      answer(api.subscriptionDelete, () => ({ list: [] })),
    );
    renderRisk(<RiskAlertsPage />);
    fireEvent.click(await screen.findByRole('tab', { name: '我的关注' }));
    expect(await screen.findByText('南京绿筑新型建材有限公司')).toBeTruthy();
    await waitFor(() =>
      expect(sent.some((s) => s.endpoint === api.alertList && s.body.followed === 'true')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: '取消关注' }));
    await waitFor(() => expect(sent.find((s) => s.endpoint === api.subscriptionDelete)?.body).toEqual({ id: 4 }));
  });

  it('shows an organisation its 待说明 filter and cards on a phone, without 立即运行', async () => {
    signInDeveloper();
    const sent = fakeServer(list([alertRow({ status: 'acknowledged', awaitingMe: true })]));
    renderRisk(<RiskAlertsPage />);
    await screen.findByRole('link', { name: '见证取样比例偏低' });
    // The card's tag, beside the filter of the same name.
    expect(screen.getAllByText('待说明')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '立即运行' })).toBeNull();
    expect(screen.queryByRole('tab', { name: '我的关注' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: '待说明' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === api.alertList).at(-1)?.body).toMatchObject({ awaitingMe: 'true' }),
    );
  });
});
