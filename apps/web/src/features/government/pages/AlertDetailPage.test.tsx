import { governmentRiskEndpoints as api } from '@jcbb/contract/government-risk.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, fieldErrors } from '../../../test/fake-server.ts';
import { alertDetail, renderRisk, screenWidth, signInCommittee, signInDeveloper } from '../components/risk/testing.tsx';
import type { AlertDetail } from '../risk-api.ts';
import { AlertDetailPage } from './AlertDetailPage.tsx';

afterEach(() => session.setUser(null));

const open = (id = 2) => renderRisk(<AlertDetailPage />, `/govProcurementInfo/riskAlerts/detail?id=${id}`);
const detailOf = (current: () => AlertDetail) =>
  answer(api.alertDetail, ({ body }) => (body.id === '2' ? current() : failure(404, 40400, '预警不存在')));

describe('an alert’s page for the committee', () => {
  it('shows what was found, the rule folded away, the evidence with its public links, and the history', async () => {
    screenWidth(1366);
    signInCommittee();
    fakeServer(detailOf(() => alertDetail()));
    open();
    expect(await screen.findByText(/仅 1 批有见证取样/)).toBeTruthy();
    expect(screen.getByText('GBM-08（第 1 版）')).toBeTruthy();
    expect(screen.queryByText(/建建〔2000〕211号/)).toBeNull();
    fireEvent.click(screen.getByText('规则依据与判定口径'));
    expect(await screen.findByText(/建建〔2000〕211号/)).toBeTruthy();
    // A certificate is checked on its public page; a site's inspection has no page in the committee's console.
    expect(screen.getByRole('link', { name: '平台证书 CGBM-2026-000001' }).getAttribute('href')).toBe(
      '/free/certificate?no=CGBM-2026-000001',
    );
    expect(screen.queryByRole('link', { name: 'YS2026112901 热轧带肋钢筋' })).toBeNull();
    expect(screen.getByText(/证据账本第 42 号记录/)).toBeTruthy();
    expect(screen.getByText('系统发现')).toBeTruthy();
  });

  it('acknowledges, then confirms the problem with a reason given in the reason dialog', async () => {
    screenWidth(1366);
    signInCommittee();
    let current = alertDetail();
    const sent = fakeServer(
      detailOf(() => current),
      answer(api.alertAcknowledge, () => {
        current = { ...current, status: 'acknowledged', actions: ['dismiss', 'confirm'] };
        return { id: 2, status: 'acknowledged' as const };
      }),
      answer(api.alertConfirm, ({ body }) => {
        if (!body.reason) return fieldErrors({ reason: '请输入原因' });
        current = { ...current, status: 'confirmed', actions: ['close'], decisionReason: String(body.reason) };
        return { id: 2, status: 'confirmed' as const };
      }),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: /受\s*理/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(sent.find((s) => s.endpoint === api.alertAcknowledge)?.body).toEqual({ id: 2 }));
    fireEvent.click(await screen.findByRole('button', { name: '确认问题' }));
    const dialog = (await screen.findByRole('dialog', { name: '确认为问题' })) as HTMLElement;
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '见证比例不足属实' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认问题/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === api.alertConfirm)?.body).toEqual({ id: 2, reason: '见证比例不足属实' }),
    );
    expect(await screen.findByText('住建委结论')).toBeTruthy();
  }, 60_000);

  it('follows the alert’s project', async () => {
    screenWidth(1366);
    signInCommittee();
    const sent = fakeServer(
      detailOf(() => alertDetail()),
      answer(api.subscriptionSave, () => ({ list: [] })),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: /关注项目：南京市鼓楼区天妃宫小学新建工程/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === api.subscriptionSave)?.body).toEqual({
        subjectKind: 'project',
        subjectId: 1,
      }),
    );
  });

  it('says so when the alert is not the caller’s', async () => {
    signInCommittee();
    fakeServer(detailOf(() => alertDetail()));
    open(8);
    expect(await screen.findByText('预警不存在或无权查看')).toBeTruthy();
  });
});

describe('an alert’s page for the organisation asked to explain', () => {
  it('sends the explanation, and shows the server’s refusal under its field', async () => {
    signInDeveloper();
    let tries = 0;
    const sent = fakeServer(
      detailOf(() =>
        alertDetail({
          side: 'organisation',
          status: 'acknowledged',
          actions: ['explain'],
          awaitingMe: true,
          follows: [],
        }),
      ),
      answer(api.alertExplain, () => {
        tries += 1;
        return tries === 1
          ? fieldErrors({ explanation: '情况说明不能超过 2000 个字' })
          : { id: 2, status: 'explained' as const };
      }),
    );
    open();
    const box = await screen.findByRole('textbox', { name: '情况说明' });
    expect(screen.queryByRole('button', { name: /受\s*理/ })).toBeNull();
    fireEvent.change(box, { target: { value: '见证取样已排期，材料封存未用。' } });
    fireEvent.click(screen.getByRole('button', { name: '提交说明' }));
    expect(await screen.findByText('情况说明不能超过 2000 个字')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交说明' }));
    await waitFor(() => expect(sent.filter((s) => s.endpoint === api.alertExplain)).toHaveLength(2));
    expect(sent.find((s) => s.endpoint === api.alertExplain)?.body).toEqual({
      id: 2,
      explanation: '见证取样已排期，材料封存未用。',
      attachmentIds: [],
    });
  });
});
