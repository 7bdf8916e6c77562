import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderWithProviders } from '../../../../test/render.tsx';
import summaryZh from '../../locales/summary.zh-CN.ts';
import type { RegionDistricts, SummaryData, SummaryDetail, SummaryLine, SummaryProject } from '../../summary-api.ts';

// antd tables render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** Render a summary or region page with its strings at `path`. */
export const renderSummary = (ui: ReactNode, path = '/') =>
  renderWithProviders(ui, { procurementSummary: summaryZh }, { path });

export { screenWidth } from '../../../../test/screen-width.ts';

export const page = <T,>(list: T[]) => ({ list, total: list.length });

/** The demo school: 2025 edition, one mandatory line failing, optional coverage 1 of 3 kinds (33.3 % < 40 %). */
export const summaryProject = (over: Partial<SummaryProject> = {}): SummaryProject => ({
  projectId: 1,
  projectName: '天妃宫小学',
  editionCode: '2025',
  inPolicy: true,
  ruleConfidence: 'primary',
  lines: 4,
  budgetFen: 1_000_000,
  orderedFen: 600_000,
  deliveredFen: 250_000,
  greenShareByValueBp: 4500,
  greenShareByKindBp: 5000,
  mandatory: { applicable: true, met: false, lines: 2, greenLines: 1, failingLineIds: [12] },
  optional: {
    applicable: true,
    met: false,
    kindsUsed: 3,
    greenKinds: 1,
    coverageBp: 3333,
    minPct: 40,
    failingCategoryCodes: ['03'],
    failingLineIds: [14],
  },
  met: false,
  ...over,
});

export const summaryData = (over: Partial<SummaryData> = {}): SummaryData => ({
  projects: [summaryProject()],
  categories: [
    { key: '01', name: '保温材料', groupName: '围护结构' },
    { key: '03', name: '防水卷材', groupName: null },
    { key: 'outside', name: '标准外', groupName: null },
  ],
  cells: [
    {
      projectId: 1,
      categoryKey: '01',
      kind: 'mandatory',
      lines: 2,
      greenLines: 1,
      budgetFen: 700_000,
      orderedFen: 500_000,
      deliveredFen: 250_000,
      greenFen: 450_000,
      greenShareBp: 6429,
    },
    {
      projectId: 1,
      categoryKey: '03',
      kind: 'optional',
      lines: 1,
      greenLines: 0,
      budgetFen: 200_000,
      orderedFen: 100_000,
      deliveredFen: 0,
      greenFen: 0,
      greenShareBp: 0,
    },
    {
      projectId: 1,
      categoryKey: 'outside',
      kind: 'outside',
      lines: 1,
      greenLines: 0,
      budgetFen: 100_000,
      orderedFen: 0,
      deliveredFen: 0,
      greenFen: 0,
      greenShareBp: 0,
    },
  ],
  failures: [
    {
      projectId: 1,
      lineId: 12,
      lineNo: 2,
      commonName: '岩棉板',
      categoryKey: '01',
      categoryName: '保温材料',
      kind: 'mandatory',
      reason: 'delivered_not_green',
    },
    {
      projectId: 1,
      lineId: 14,
      lineNo: 4,
      commonName: 'SBS 卷材',
      categoryKey: '03',
      categoryName: '防水卷材',
      kind: 'optional',
      reason: 'not_chosen',
    },
  ],
  failuresTotal: 2,
  ...over,
});

export const summaryLine = (over: Partial<SummaryLine> = {}): SummaryLine => ({
  lineId: 11,
  lineNo: 1,
  classifyCode: '0101',
  commonName: '挤塑聚苯板',
  spec: 'XPS 50 厚',
  unitId: 1,
  quantity: '100',
  requiredBy: '2026-03-15',
  budgetFen: 450_000,
  orderedQuantity: '100',
  orderedFen: 400_000,
  deliveredQuantity: '0',
  greenDeliveredQuantity: '0',
  deliveredFen: 0,
  productName: '绿筑 XPS 板',
  green: true,
  basis: 'planned',
  evidenceName: 'GC-2026-0001',
  reason: null,
  ...over,
});

export const summaryDetail = (over: Partial<SummaryDetail> = {}): SummaryDetail => {
  const cell = summaryData().cells[0];
  if (!cell) throw new Error('no cell');
  return {
    project: { projectId: 1, projectName: '天妃宫小学', editionCode: '2025', inPolicy: true },
    category: { key: '01', name: '保温材料', groupName: '围护结构' },
    cell,
    lines: [
      summaryLine(),
      summaryLine({
        lineId: 12,
        lineNo: 2,
        commonName: '岩棉板',
        spec: null,
        budgetFen: 250_000,
        orderedFen: 100_000,
        deliveredQuantity: '50',
        greenDeliveredQuantity: '20',
        deliveredFen: 250_000,
        green: false,
        basis: 'delivered',
        evidenceName: null,
        reason: 'delivered_not_green',
      }),
    ],
    ...over,
  };
};

export const districtsData = (over: Partial<RegionDistricts> = {}): RegionDistricts => ({
  city: { code: '320100', name: '南京市', provinceName: '江苏省' },
  districts: [
    { code: '320115', name: '江宁区', productCount: 9, supplierCount: 2 },
    { code: '320113', name: '栖霞区', productCount: 3, supplierCount: 1 },
    { code: '320102', name: '玄武区', productCount: 0, supplierCount: 0 },
  ],
  productCount: 14,
  supplierCount: 4,
  elsewhereProductCount: 2,
  ...over,
});
