import { STATISTICS_DEFINITION_VERSION } from '@jcbb/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderWithProviders } from '../../../../test/render.tsx';
import zh from '../../locales/statistics.zh-CN.ts';
import type { StatisticsData, StatisticsLineRow, StatisticsProjectRow } from '../../statistics-api.ts';

// antd renders slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** Render the dashboard (or a piece of it) with its strings at `path`. */
export const renderStatistics = (ui: ReactNode, path = '/govProcurementInfo/statisticsList') =>
  renderWithProviders(ui, { governmentStatistics: zh }, { path });

/** Pick `option` in the antd Select named `label`. */
export async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
      (o) => o.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

/** The open drawer whose title is `title`. */
export const findDrawer = (title: string) =>
  waitFor(() => {
    const found = screen
      .queryAllByRole('dialog')
      .find((d) => d.querySelector('.ant-drawer-title')?.textContent === title);
    if (!found) throw new Error(`no drawer ${title}`);
    return found;
  });

/** Nanjing in 2026-Q3: three projects in scope, two filed, one failing its mandatory lines. */
export const statisticsData = (over: Partial<StatisticsData> = {}): StatisticsData => ({
  definitionVersion: STATISTICS_DEFINITION_VERSION,
  cityCode: '320100',
  cityName: '南京市',
  period: '2026-Q3',
  periods: ['2026-Q1', '2026-Q2', '2026-Q3'],
  computedAt: '2026-08-01T02:30:00.000Z',
  kpis: {
    projects: 3,
    floorAreaM2: 125_400.5,
    filedProjects: 2,
    overdueProjects: 1,
    greenSpendFen: 1_234_567_800,
    standardSpendFen: 2_838_000_000,
    greenShareBp: 4350,
    mandatoryProjects: 2,
    mandatoryFailingProjects: 1,
    mandatoryComplianceBp: 5000,
    optionalProjects: 2,
    optionalFailingProjects: 0,
    certifiedProducts: 48,
    certificatesExpiring90: 5,
    openAlerts: { high: 1, medium: 2, low: 0 },
    paymentFiled: 2,
    paymentBelowMin: 1,
  },
  districts: [
    {
      regionCode: '320115',
      name: '江宁区',
      projects: 2,
      greenSpendFen: 1_000_000_000,
      standardSpendFen: 2_000_000_000,
      greenShareBp: 5000,
    },
    {
      regionCode: '320102',
      name: '玄武区',
      projects: 1,
      greenSpendFen: 234_567_800,
      standardSpendFen: 838_000_000,
      greenShareBp: 2799,
    },
  ],
  categories: [
    {
      categoryCode: '01',
      name: '保温材料',
      kind: 'mandatory',
      lines: 4,
      amountFen: 1_500_000_000,
      greenAmountFen: 900_000_000,
      greenShareBp: 6000,
      stars: { '3': 500_000_000, '2': 300_000_000, report: 100_000_000 },
    },
    {
      categoryCode: '03',
      name: '防水卷材',
      kind: 'optional',
      lines: 2,
      amountFen: 1_338_000_000,
      greenAmountFen: 334_567_800,
      greenShareBp: 2500,
      stars: { '1': 334_567_800 },
    },
  ],
  starMix: [
    { bucket: '3', amountFen: 500_000_000 },
    { bucket: '2', amountFen: 300_000_000 },
    { bucket: '1', amountFen: 334_567_800 },
    { bucket: 'report', amountFen: 100_000_000 },
  ],
  trend: [
    {
      period: '2026-Q1',
      greenSpendFen: 500_000_000,
      standardSpendFen: 1_000_000_000,
      greenShareBp: 5000,
      ytdGreenSpendFen: 500_000_000,
      ytdStandardSpendFen: 1_000_000_000,
      ytdGreenShareBp: 5000,
    },
    {
      period: '2026-Q2',
      greenSpendFen: 0,
      standardSpendFen: 0,
      greenShareBp: null,
      ytdGreenSpendFen: 500_000_000,
      ytdStandardSpendFen: 1_000_000_000,
      ytdGreenShareBp: 5000,
    },
    {
      period: '2026-Q3',
      greenSpendFen: 1_234_567_800,
      standardSpendFen: 2_838_000_000,
      greenShareBp: 4350,
      ytdGreenSpendFen: 1_734_567_800,
      ytdStandardSpendFen: 3_838_000_000,
      ytdGreenShareBp: 4519,
    },
  ],
  projectsByType: [
    { type: 2, projects: 2, floorAreaM2: 100_000 },
    { type: 1, projects: 1, floorAreaM2: 25_400.5 },
  ],
  projectsByStep: [
    { step: 2, projects: 2 },
    { step: 3, projects: 1 },
  ],
  suppliers: {
    top: [
      {
        orgId: 11,
        name: '南京绿筑新材料有限公司',
        creditCode: '91320100MA1XXXXX1A',
        greenSpendFen: 900_000_000,
        amountFen: 1_200_000_000,
        shareBp: 7290,
        local: true,
      },
      {
        orgId: null,
        name: '安徽某防水材料厂',
        creditCode: null,
        greenSpendFen: 334_567_800,
        amountFen: 1_338_000_000,
        shareBp: 2710,
        local: null,
      },
    ],
    top5ShareBp: 10_000,
    localShareBp: 7290,
  },
  carbon: {
    totalKg: 18_456.7,
    byMode: [
      { mode: 'road_heavy', name: '重型柴油货车', kg: 15_000 },
      { mode: 'rail', name: '铁路', kg: 3456.7 },
    ],
    deliveries: 42,
    averageDistanceKm: 86.4,
    defaultDistanceShareBp: 1190,
    missingMass: 3,
  },
  inspections: {
    spotChecks: 6,
    spotChecksPassed: 5,
    retestsRequired: 10,
    witnessed: 2,
    witnessShareBp: 2000,
    samplesPassed: 7,
    samplesFailed: 1,
  },
  definitions: [
    {
      key: 'green_share',
      name: '绿色建材金额占比',
      nameEn: 'Green share by value',
      definition: '绿色建材金额 ÷ 需求标准内采购金额（服务端口径）',
      definitionEn: 'Green spend ÷ spend within the standard (server)',
      source: '采购填报明细（filing_facts）',
    },
  ],
  ...over,
});

/** 2026-Q3 with nothing filed yet. */
export const emptyStatistics = (): StatisticsData => {
  const base = statisticsData();
  return statisticsData({
    kpis: {
      ...base.kpis,
      filedProjects: 0,
      overdueProjects: 0,
      greenSpendFen: 0,
      standardSpendFen: 0,
      greenShareBp: null,
      mandatoryProjects: 0,
      mandatoryFailingProjects: 0,
      mandatoryComplianceBp: null,
      optionalProjects: 0,
      paymentFiled: 0,
      paymentBelowMin: 0,
    },
    districts: [],
    categories: [],
    starMix: [],
  });
};

export const projectRow = (over: Partial<StatisticsProjectRow> = {}): StatisticsProjectRow => ({
  projectId: 7,
  name: '天妃宫小学',
  regionCode: '320115',
  regionName: '江宁区',
  type: 2,
  step: 2,
  floorAreaM2: 40_000,
  filingId: 31,
  filingStatus: 'submitted',
  late: false,
  greenSpendFen: 450_000_000,
  standardSpendFen: 1_000_000_000,
  greenShareBp: 4500,
  mandatoryMet: false,
  optionalCoverageBp: 5000,
  optionalMet: true,
  openAlerts: 1,
  ...over,
});

export const lineRow = (over: Partial<StatisticsLineRow> = {}): StatisticsLineRow => ({
  lineId: 501,
  filingId: 31,
  projectId: 7,
  projectName: '天妃宫小学',
  period: '2026-Q3',
  source: 'system',
  categoryCode: '01',
  categoryName: '保温材料',
  standardKind: 'mandatory',
  commonName: '岩棉板',
  spec: '100 厚',
  quantity: '120',
  unit: 'm³',
  amountFen: 36_000_000,
  supplierName: '南京绿筑新材料有限公司',
  isGreen: true,
  evidenceKind: 'platform_certificate',
  certificateNo: 'GC-2026-0001',
  star: 3,
  reportNo: null,
  deliveryDate: '2026-07-12',
  ...over,
});
