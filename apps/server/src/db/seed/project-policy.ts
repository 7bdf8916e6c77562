/**
 * The batches of China's policy of government procurement supporting green building materials, and the editions of
 * its demand standard (需求标准) a project follows. Reference data (seeded by reference.ts), not code: a new batch or
 * edition is a new row here. The instruments are named in docs/decisions.md, "Projects".
 */
export interface PolicyBatchSource {
  code: string;
  name: string;
  instrument: string;
  effectiveFrom: string;
  sort: number;
}

export const policyBatchSource: readonly PolicyBatchSource[] = [
  {
    code: '2020',
    name: '2020 年试点（6 个城市）',
    instrument: '财库〔2020〕31号',
    effectiveFrom: '2020-10-13',
    sort: 1,
  },
  {
    code: '2022',
    name: '2022 年扩大实施（48 个市、市辖区）',
    instrument: '财库〔2022〕35号',
    effectiveFrom: '2022-11-01',
    sort: 2,
  },
  {
    code: '2025',
    name: '2025 年扩大实施（101 个市、市辖区）',
    instrument: '财库〔2024〕36号',
    effectiveFrom: '2025-01-01',
    sort: 3,
  },
];

export interface StandardEditionSource {
  code: string;
  name: string;
  batchCode: string;
  sort: number;
}

export const standardEditionSource: readonly StandardEditionSource[] = [
  { code: '2020-trial', name: '绿色建筑和绿色建材政府采购基本要求（试行）', batchCode: '2020', sort: 1 },
  { code: '2022', name: '绿色建筑和绿色建材政府采购需求标准', batchCode: '2022', sort: 2 },
  { code: '2025', name: '绿色建筑和绿色建材政府采购需求标准（2025年版）', batchCode: '2025', sort: 3 },
];
