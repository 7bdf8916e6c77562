import { procurementSummaryEndpoints as api } from '@jcbb/contract/procurement-summary.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { userProject } from '../../project/test-data.ts';
import { page, renderSummary, screenWidth, summaryData, summaryProject } from '../components/summary/testing.tsx';
import { MaterialsSummaryPage } from './MaterialsSummaryPage.tsx';

const PROJECTS = projectEndpoints.userProjectList;
const PATH = '/buildMaterialProcurement/materialsSummary';

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

describe('材料汇总', { timeout: 60_000 }, () => {
  it('shows each project’s figures and rules, the category matrix and the failing lines, each linking to its lines', async () => {
    screenWidth(1366);
    signInAs(1, { name: '南京城建置业发展有限公司', orgId: 15 });
    const sent = fakeServer(
      answer(PROJECTS, () => page([userProject(1, { name: '天妃宫小学', orgType: 1 })])),
      answer(api.materialsSummary, () => summaryData()),
    );
    renderSummary(<MaterialsSummaryPage />, PATH);
    const card = (await screen.findByText('1 / 2 行为绿色建材')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('¥10,000.00')).toBeInTheDocument();
    expect(within(card).getByText('45%')).toBeInTheDocument();
    expect(within(card).getByText('必选类')).toBeInTheDocument();
    expect(within(card).getByText(/已用 3 种可选类，其中 1 种为绿色建材/)).toBeInTheDocument();
    expect(within(card).getByText('要求不低于 40%')).toBeInTheDocument();
    expect(within(card).getAllByText('未达标').length).toBeGreaterThanOrEqual(2);
    // The gauge's accessible name carries its figures (it draws nothing in jsdom).
    expect(screen.getByRole('img', { name: '天妃宫小学 可选类覆盖率 33.3%，要求 40%' })).toBeInTheDocument();
    // The matrix: a cell opens that project's lines of that category.
    expect(screen.getByRole('link', { name: '天妃宫小学 · 保温材料：查看明细' })).toHaveAttribute(
      'href',
      '/buildMaterialProcurement/materialsSummaryDetail?projectId=1&categoryKey=01',
    );
    const failures = screen.getByRole('region', { name: '未达标的材料行' });
    expect(within(failures).getByRole('link', { name: '第 2 行 岩棉板' })).toHaveAttribute(
      'href',
      '/buildMaterialProcurement/materialsSummaryDetail?projectId=1&categoryKey=01',
    );
    expect(within(failures).getByText(/到货时绿色证明已失效/)).toBeInTheDocument();
    expect(within(failures).getByText(/尚未选定产品/)).toBeInTheDocument();
    // Every project, no period.
    expect(sent.filter((s) => s.endpoint === api.materialsSummary)[0]?.body).toEqual({});
  });

  it('asks for one project and a period from the address, and keeps them in the links', async () => {
    screenWidth(1366);
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    const sent = fakeServer(
      answer(PROJECTS, () =>
        page([userProject(1, { name: '天妃宫小学' }), userProject(2, { name: '江宁区人民医院' })]),
      ),
      answer(api.materialsSummary, () => summaryData()),
    );
    renderSummary(<MaterialsSummaryPage />, `${PATH}?projectId=1&fromMonth=2026-01&toMonth=2026-06`);
    expect(await screen.findByRole('link', { name: '天妃宫小学 · 防水卷材：查看明细' })).toHaveAttribute(
      'href',
      '/buildMaterialProcurement/materialsSummaryDetail?projectId=1&categoryKey=03&fromMonth=2026-01&toMonth=2026-06',
    );
    expect(sent.filter((s) => s.endpoint === api.materialsSummary)[0]?.body).toEqual({
      projectId: 1,
      fromMonth: '2026-01',
      toMonth: '2026-06',
    });
  });

  it('switches to another project from the picker', async () => {
    screenWidth(1366);
    signInAs(1, { name: '南京城建置业发展有限公司', orgId: 15 });
    const sent = fakeServer(
      answer(PROJECTS, () =>
        page([userProject(1, { name: '天妃宫小学' }), userProject(2, { name: '江宁区人民医院' })]),
      ),
      answer(api.materialsSummary, (req) =>
        req.body.projectId === 2
          ? summaryData({
              projects: [summaryProject({ projectId: 2, projectName: '江宁区人民医院' })],
              cells: [],
              failures: [],
              failuresTotal: 0,
            })
          : summaryData(),
      ),
    );
    const { router } = renderSummary(<MaterialsSummaryPage />, PATH);
    await screen.findByText('1 / 2 行为绿色建材');
    await userEvent.click(screen.getByRole('combobox', { name: '项目' }));
    await userEvent.click(await screen.findByTitle('江宁区人民医院'));
    expect(await screen.findByText('没有未达标的材料行。')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?projectId=2');
    await waitFor(() =>
      expect(sent.some((s) => s.endpoint === api.materialsSummary && s.body.projectId === 2)).toBe(true),
    );
  });

  it('lists the matrix as cards on a phone, and says when a project is outside the policy', async () => {
    screenWidth(390);
    signInAs(1, { name: '南京城建置业发展有限公司', orgId: 15 });
    fakeServer(
      answer(PROJECTS, () => page([userProject(3, { name: '桥林保障房' })])),
      answer(api.materialsSummary, () =>
        summaryData({
          projects: [
            summaryProject({
              projectId: 3,
              projectName: '桥林保障房',
              inPolicy: false,
              editionCode: null,
              mandatory: { applicable: false, met: true, lines: 0, greenLines: 0, failingLineIds: [] },
              optional: { ...summaryProject().optional, applicable: false, met: true, minPct: null },
            }),
          ],
          cells: summaryData().cells.map((c) => ({ ...c, projectId: 3, kind: 'outside' as const })),
          failures: [],
          failuresTotal: 0,
        }),
      ),
    );
    renderSummary(<MaterialsSummaryPage />, PATH);
    expect(await screen.findByText(/项目不在绿色建材政策范围内/)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader')).toBeNull();
    expect(screen.getByRole('link', { name: '桥林保障房 · 保温材料：查看明细' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /可选类覆盖率/ })).toBeNull();
    expect(screen.queryByText('必选类')).toBeNull();
  });
});
