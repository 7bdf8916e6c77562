import { basicMaterialEndpoints } from '@jcbb/contract/basic-material.endpoints';
import type { EndpointData } from '@jcbb/contract/endpoint';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { answer } from '../../../../test/fake-server.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { MaterialLine, MaterialList } from '../../list-api.ts';
import listZh from '../../locales/list.zh-CN.ts';

// antd tables and forms render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** Render a material list or policy page with its strings at `path`. */
export const renderList = (ui: ReactNode, path = '/') => renderWithProviders(ui, { procurementList: listZh }, { path });

export const SPORTS = 4;

export const materialLine = (id: number, over: Partial<MaterialLine> = {}): MaterialLine => ({
  id,
  lineNo: id,
  classifyCode: '0106',
  classifyName: '预拌混凝土',
  commonName: '预拌混凝土',
  spec: 'C30',
  unitId: 32,
  unitName: '立方米',
  quantity: '120',
  requiredBy: '2026-12-28',
  useLocation: '1#楼基础',
  budgetUnitPriceFen: 52_000,
  amountFen: 6_240_000,
  remarks: null,
  source: 'manual',
  kind: 'mandatory',
  categoryCode: '0106',
  categoryName: '预拌混凝土',
  categoryConfidence: 'unconfirmed',
  green: false,
  chosen: null,
  evidence: null,
  inquiryCount: 0,
  orderCount: 0,
  ...over,
});

const compliance = {
  mandatory: { lines: 0, greenLines: 0, met: true, applicable: false, failingLineIds: [] },
  optional: {
    kindsUsed: 0,
    greenKinds: 0,
    coverageBp: 0,
    minPct: 40,
    met: true,
    applicable: false,
    failingCategoryCodes: [],
    failingLineIds: [],
  },
  greenShareByValueBp: null,
  greenAmountFen: 0,
  standardAmountFen: 0,
  greenShareByKindBp: null,
  met: true,
};

/** A 2025-edition project's list (the live panel recomputes; the server's compliance is not read). */
export const materialList = (over: Partial<MaterialList> = {}): MaterialList => ({
  projectId: SPORTS,
  projectName: '建邺区青少年体育中心',
  editionCode: '2025',
  editionName: '绿色建筑和绿色建材政府采购需求标准（2025年版）',
  listId: 9,
  status: 'draft',
  version: 1,
  reopenReason: null,
  confirmedAt: null,
  confirmedByName: null,
  rule: { mandatoryGreenPct: 100, optionalCoverageMinPct: 40, testReportMaxAgeDays: 365 },
  ruleConfidence: 'secondary',
  placement: [
    { classifyCode: '0106', category: { code: '0106', name: '预拌混凝土', kind: 'mandatory' } },
    { classifyCode: '0202', category: { code: '0202', name: '建筑幕墙', kind: 'optional' } },
    { classifyCode: '0212', category: { code: '0212', name: '石材', kind: 'optional' } },
  ],
  lines: [],
  compliance,
  budgetFen: 0,
  versions: [],
  actions: { save: true, confirm: true, reopen: false },
  ...over,
});

/** What the list page asks besides the list: the caller's projects (as given), the classification tree, names. */
export const listPickers = (projects: EndpointData<typeof projectEndpoints.userProjectList>) => [
  answer(projectEndpoints.userProjectList, () => projects),
  answer(productEndpoints.getBuildingMaterialsClassifyList, () => [
    {
      code: '01',
      name: '围护结构及混凝土类',
      children: [{ code: '0106', name: '预拌混凝土' }],
    },
    {
      code: '02',
      name: '门窗幕墙及装饰装修类',
      children: [
        { code: '0202', name: '建筑幕墙' },
        { code: '0212', name: '石材' },
      ],
    },
  ]),
  answer(basicMaterialEndpoints.page, () => ({ list: [], total: 0 })),
];
