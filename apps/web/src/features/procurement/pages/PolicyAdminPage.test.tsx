import { procurementPolicyEndpoints as api } from '@jcbb/contract/procurement-policy.endpoints';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, fieldErrors, signInAs } from '../../../test/fake-server.ts';
import { screenWidth } from '../../../test/screen-width.ts';
import { renderList } from '../components/list/testing.tsx';
import { PolicyAdminPage } from './PolicyAdminPage.tsx';

afterEach(() => {
  session.setUser(null);
});

const rule = {
  editionCode: '2025',
  mandatoryGreenPct: 100,
  optionalCoverageMinPct: 40,
  testReportMaxAgeDays: 365,
  confidence: 'secondary' as const,
  note: '财库〔2024〕36号',
  updatedAt: '2026-11-28 10:00:00',
};
const category = {
  id: 77,
  editionCode: '2025',
  code: '0212',
  name: '石材',
  groupName: '门窗幕墙及装饰装修类',
  kind: 'optional' as const,
  confidence: 'unconfirmed' as const,
  note: '必选类/可选类划分为平台暂定',
  sort: 12,
  classes: [{ code: '0212', name: '石材' }],
  updatedAt: '2026-11-28 10:00:00',
};

const pickers = () => [
  answer(api.policyEditions, () => [
    { code: '2022', name: '需求标准（2022年版）', batchCode: '2022', rule: null, categoryCount: 0, mandatoryCount: 0 },
    { code: '2025', name: '需求标准（2025年版）', batchCode: '2025', rule, categoryCount: 1, mandatoryCount: 0 },
  ]),
  answer(api.policyEdition, () => ({ code: '2025', name: '需求标准（2025年版）', rule, categories: [category] })),
  answer(productEndpoints.getBuildingMaterialsClassifyList, () => []),
];

describe('采购政策数据', { timeout: 60_000 }, () => {
  it('shows the edition’s rule and categories with their confidence, and saves the rule field by field', async () => {
    screenWidth(1366);
    signInAs(0, { name: '建材帮帮平台', orgId: 1, roles: ['super_admin'] });
    let refuse = true;
    const sent = fakeServer(
      ...pickers(),
      answer(api.policyRuleSave, () =>
        refuse
          ? fieldErrors({ optionalCoverageMinPct: '可选类覆盖率下限不能大于 100' })
          : { ...rule, optionalCoverageMinPct: 50 },
      ),
    );
    renderList(<PolicyAdminPage />, '/admin/procurement-policy');
    const row = (await screen.findByText('门窗幕墙及装饰装修类')).closest('tr') as HTMLElement;
    expect(within(row).getByText('可选类')).toBeInTheDocument();
    expect(within(row).getByText('待核实')).toBeInTheDocument();
    expect(within(row).getByText('0212 石材')).toBeInTheDocument();
    expect(screen.getAllByText('据转载').length).toBeGreaterThan(0);

    const pct = await screen.findByLabelText('可选类覆盖率下限（%）');
    await waitFor(() => expect(pct).toHaveValue('40'));
    await userEvent.clear(pct);
    await userEvent.type(pct, '50');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('可选类覆盖率下限不能大于 100')).toBeInTheDocument();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.filter((s) => s.endpoint === api.policyRuleSave)).toHaveLength(2));
    expect(sent.filter((s) => s.endpoint === api.policyRuleSave)[1]?.body).toMatchObject({
      editionCode: '2025',
      mandatoryGreenPct: 100,
      optionalCoverageMinPct: 50,
      testReportMaxAgeDays: 365,
      confidence: 'secondary',
    });
  });

  it('changes a category’s kind and shows its history', async () => {
    screenWidth(1366);
    signInAs(0, { name: '建材帮帮平台', orgId: 1, roles: ['super_admin'] });
    const sent = fakeServer(
      ...pickers(),
      answer(api.policyCategorySave, () => ({ ...category, kind: 'mandatory' as const })),
      answer(api.policyAudit, () => [
        {
          id: 3,
          action: 'category.save',
          actorName: '平台管理员',
          time: '2026-11-28 11:00:00',
          before: { kind: 'optional' },
          after: { kind: 'mandatory' },
        },
      ]),
    );
    renderList(<PolicyAdminPage />, '/admin/procurement-policy');
    const row = (await screen.findByText('门窗幕墙及装饰装修类')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByText('必选类'));
    await userEvent.click(within(dialog).getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === api.policyCategorySave)?.body).toMatchObject({
        id: 77,
        name: '石材',
        kind: 'mandatory',
        confidence: 'unconfirmed',
      }),
    );
    await userEvent.click(within(row).getByRole('button', { name: '修改记录' }));
    expect(await screen.findByText(/平台管理员 · category.save/)).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === api.policyAudit)?.body).toEqual({ target: 'category', key: '77' });
  });
});
