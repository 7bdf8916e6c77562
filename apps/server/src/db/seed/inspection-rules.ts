/**
 * What a delivered material's category asks of its incoming inspection (docs/construction.md, "The checklist"):
 * the quality documents to check, and whether a witnessed retest (见证取样复试) must pass before it may be used.
 * Keyed by the platform's product classification (material-classifications.ts). Versioned by `edition`: a change
 * is a new edition here (the seed's version marker rewrites the table), and an inspection keeps the edition it
 * was made under. Each rule names its basis and how sure it is: [S] a source read, [M] recalled, to verify with the
 * standard's text before it is enforced beyond this checklist (the inspector can always add a retest).
 */
export const INSPECTION_RULE_EDITION = 'JCBB-SITE-2026.1';

/** Every delivery: the certificate of conformity and the factory test report (GB 50300-2013 3.0.6) [M]. */
const BASE = ['conformity', 'factory_test'] as const;

interface RuleSource {
  code: string;
  documents?: readonly string[];
  retest: boolean;
  testItems?: readonly string[];
  basis: string;
}

const ART5 = '建建〔2000〕211号 第五条（见证取样和送检范围）';

const rules: readonly RuleSource[] = [
  {
    code: '0101',
    documents: ['type_test'],
    retest: true,
    testItems: ['结构性能', '混凝土强度'],
    basis: 'GB 50204-2015 9.2（预制构件进场结构性能检验）[M]',
  },
  {
    code: '0102',
    documents: ['type_test'],
    retest: true,
    testItems: ['屈服强度', '抗拉强度', '断后伸长率', '弯曲性能'],
    basis: `GB 50205-2020 4.2（钢材进场复验）；${ART5}(3) [M]`,
  },
  { code: '0104', retest: true, testItems: ['抗压强度', '密度等级'], basis: `${ART5}(4) [M]` },
  {
    code: '0105',
    documents: ['type_test'],
    retest: true,
    testItems: ['导热系数', '密度', '压缩强度或抗压强度', '燃烧性能'],
    basis: 'GB 50411-2019 4.2.2（保温材料进场复验，见证取样）[M]',
  },
  { code: '0106', retest: true, testItems: ['坍落度', '抗压强度（试块）'], basis: `${ART5}(1) [M]` },
  { code: '0107', retest: true, testItems: ['稠度', '抗压强度（试块）'], basis: `${ART5}(2) [M]` },
  {
    code: '0108',
    documents: ['type_test'],
    retest: true,
    testItems: ['减水率', '凝结时间差', '抗压强度比'],
    basis: `${ART5}(6) [M]`,
  },
  {
    code: '0201',
    documents: ['type_test'],
    retest: true,
    testItems: ['传热系数', '气密性能', '中空玻璃密封性能'],
    basis: 'GB 50411-2019 6.2.2（门窗进场复验，见证取样）[M]',
  },
  {
    code: '0203',
    documents: ['type_test', 'ccc'],
    retest: true,
    testItems: ['传热系数', '太阳得热系数', '可见光透射比', '中空玻璃露点'],
    basis: 'GB 50411-2019 6.2.2；安全玻璃强制性产品认证（3C）[M]',
  },
  {
    code: '0220',
    retest: true,
    testItems: ['游离甲醛释放量'],
    basis: 'GB 50325-2020 5.3（人造木板进场复验）[M]',
  },
  {
    code: '0302',
    documents: ['type_test'],
    retest: true,
    testItems: ['拉力', '延伸率', '低温柔性', '不透水性', '耐热性'],
    basis: `${ART5}(7)；GB 50207-2012 / GB 50208-2011 附录（防水材料进场检验）[M]`,
  },
  {
    code: '0303',
    documents: ['type_test'],
    retest: true,
    testItems: ['固体含量', '拉伸强度', '断裂伸长率', '低温柔性', '不透水性'],
    basis: `${ART5}(7) [M]`,
  },
  {
    code: '0304',
    retest: true,
    testItems: ['VOC', '游离甲醛'],
    basis: 'GB 50325-2020 5.3（室内涂料进场复验）[M]',
  },
];

export interface InspectionRuleRow {
  classifyCode: string;
  edition: string;
  documents: string[];
  retestRequired: boolean;
  testItems: string[];
  basis: string;
}

/** The rule of a classification without a row of its own (key 'default'): the base documents, no retest. */
const DEFAULT_RULE: InspectionRuleRow = {
  classifyCode: 'default',
  edition: INSPECTION_RULE_EDITION,
  documents: [...BASE],
  retestRequired: false,
  testItems: [],
  basis: 'GB 50300-2013 3.0.6（进场检验：合格证、出厂检验报告）[M]',
};

export function inspectionRuleRows(): InspectionRuleRow[] {
  return [
    DEFAULT_RULE,
    ...rules.map((r) => ({
      classifyCode: r.code,
      edition: INSPECTION_RULE_EDITION,
      documents: [...BASE, ...(r.documents ?? [])],
      retestRequired: r.retest,
      testItems: [...(r.testItems ?? [])],
      basis: r.basis,
    })),
  ];
}
