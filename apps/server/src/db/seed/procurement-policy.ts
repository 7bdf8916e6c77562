import type { ConfidenceValue, StandardKindValue } from '@jcbb/contract';
import { classificationRows } from './material-classifications.ts';

/**
 * The demand standard's categories per edition, the rule each edition applies, and the policy cities (reference
 * data, docs/procurement.md "Policy data"). Seeded when missing only: the platform operator edits these rows in the
 * console (audited) and a restart never overwrites an edit. Each row says how sure we are of it.
 *
 * What is known: 财库〔2022〕35号 — every material in the standard must meet it; 财库〔2024〕36号 — 必选类 all green,
 * 可选类 green kinds ≥ 40 % of the kinds used (both read in reposts: secondary). What is not: the attachments' lists
 * of categories were not found in any source we could read. Until they are loaded, each edition's categories are the
 * platform's classification (the certification catalogue, one category per product class) and the 2025 split into
 * 必选类 / 可选类 is our working assumption, marked unconfirmed and shown as such in the console.
 */

export interface StandardCategorySource {
  editionCode: string;
  code: string;
  name: string;
  groupName: string;
  kind: StandardKindValue;
  confidence: ConfidenceValue;
  note: string;
  sort: number;
  /** The platform classifications that fall in it. */
  classifyCodes: string[];
}

/**
 * 2025: the classes assumed mandatory — the main structure and the envelope's energy and water tightness, which
 * every building uses; finishes, fittings and equipment (doors and windows, ceramics, coatings, pipes, lighting…)
 * are assumed optional. A working assumption until the edition's attachment is loaded (confidence: unconfirmed).
 */
const ASSUMED_MANDATORY_2025 = new Set([
  '预制构件',
  '砌体材料',
  '保温系统材料',
  '预拌混凝土',
  '预拌砂浆',
  '建筑节能玻璃',
  '建筑密封胶',
  '防水卷材',
  '防水涂料',
]);

const CATALOGUE_NOTE = '类目取自绿色建材产品分级认证目录，待以需求标准附件核对';
const SPLIT_NOTE = '必选类/可选类划分为平台暂定，待以《需求标准（2025年版）》附件核对';

export function standardCategorySource(): StandardCategorySource[] {
  const rows = classificationRows();
  const groups = new Map(rows.filter((r) => r.level === 1).map((r) => [r.code, r.name]));
  const classes = rows.filter((r) => r.level === 2);
  return ['2020-trial', '2022', '2025'].flatMap((editionCode) =>
    classes.map((c, i) => {
      const kind: StandardKindValue =
        editionCode !== '2025' || ASSUMED_MANDATORY_2025.has(c.name) ? 'mandatory' : 'optional';
      return {
        editionCode,
        code: c.code,
        name: c.name,
        groupName: groups.get(c.parentCode as string) ?? '',
        kind,
        confidence: 'unconfirmed' as const,
        note: editionCode === '2025' ? SPLIT_NOTE : CATALOGUE_NOTE,
        sort: i + 1,
        classifyCodes: [c.code],
      };
    }),
  );
}

export interface StandardRuleSource {
  editionCode: string;
  mandatoryGreenPct: number;
  optionalCoverageMinPct: number | null;
  testReportMaxAgeDays: number | null;
  confidence: ConfidenceValue;
  note: string;
}

export const standardRuleSource: readonly StandardRuleSource[] = [
  {
    editionCode: '2020-trial',
    mandatoryGreenPct: 100,
    optionalCoverageMinPct: null,
    testReportMaxAgeDays: 365,
    confidence: 'secondary',
    note: '试点期：纳入基本要求的建材均应满足要求（财库〔2020〕31号，据转载）；检测报告一年内有效为平台暂定',
  },
  {
    editionCode: '2022',
    mandatoryGreenPct: 100,
    optionalCoverageMinPct: null,
    testReportMaxAgeDays: 365,
    confidence: 'secondary',
    note: '纳入需求标准的建材应全部满足要求（财库〔2022〕35号，据转载）；检测报告一年内有效参照青岛做法，平台暂定',
  },
  {
    editionCode: '2025',
    mandatoryGreenPct: 100,
    optionalCoverageMinPct: 40,
    testReportMaxAgeDays: 365,
    confidence: 'secondary',
    note: '必选类全部采购绿色建材；可选类绿色建材种类不低于项目所用可选类种类的 40%（财库〔2024〕36号，据转载）',
  },
];

export interface PolicyCitySource {
  regionCode: string;
  name: string;
  batchCode: string;
  fromDate: string;
  confidence: ConfidenceValue;
  note: string;
}

const PILOT_NOTE = '财库〔2020〕31号试点城市（据转载）';

export const policyCitySource: readonly PolicyCitySource[] = [
  {
    regionCode: '320100',
    name: '南京市',
    batchCode: '2020',
    fromDate: '2020-10-13',
    confidence: 'secondary',
    note: PILOT_NOTE,
  },
  {
    regionCode: '330100',
    name: '杭州市',
    batchCode: '2020',
    fromDate: '2020-10-13',
    confidence: 'secondary',
    note: PILOT_NOTE,
  },
  {
    regionCode: '330600',
    name: '绍兴市',
    batchCode: '2020',
    fromDate: '2020-10-13',
    confidence: 'secondary',
    note: PILOT_NOTE,
  },
  {
    regionCode: '330500',
    name: '湖州市',
    batchCode: '2020',
    fromDate: '2020-10-13',
    confidence: 'secondary',
    note: PILOT_NOTE,
  },
  {
    regionCode: '370200',
    name: '青岛市',
    batchCode: '2020',
    fromDate: '2020-10-13',
    confidence: 'secondary',
    note: PILOT_NOTE,
  },
  {
    regionCode: '440600',
    name: '佛山市',
    batchCode: '2020',
    fromDate: '2020-10-13',
    confidence: 'secondary',
    note: PILOT_NOTE,
  },
  {
    regionCode: '110105',
    name: '北京市朝阳区',
    batchCode: '2022',
    fromDate: '2022-11-01',
    confidence: 'secondary',
    note: '财库〔2022〕35号附件 1 所列 48 个市（市辖区）之首（据转载）；其余城市待以附件录入',
  },
];
