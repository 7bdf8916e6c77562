import type { ConfidenceValue } from '@jcbb/contract';

/**
 * Indicator thresholds a test report is checked against (check ER-05 and ER-06, docs/evidence-reading.md
 * "Thresholds"), per category of the demand standard and, within a category, per kind of product (`productWords`).
 * Policy as data: inserted when missing only, so the platform operator's edits survive a restart; every row says
 * where it comes from and how sure we are.
 *
 * The demand standard's own indicator tables (the 2022 and 2025 editions' attachments) were not in any source we
 * could read. Until they are loaded, the thresholds are the product standards' own limits that the demand standard
 * builds on — the national standards a laboratory cites for these products — at the grade a green product is sold
 * at. A row marked `unconfirmed` was taken from secondary summaries of the standard and must be checked against its
 * text before an auditor relies on it; the console says so beside each finding.
 */
export interface StandardIndicatorSource {
  /** The category's code (standard_categories.code, the platform classification of its products). */
  categoryCode: string;
  productWords: string[];
  standards: string[];
  item: string;
  aliases: string[];
  op: '>=' | '<=' | '>' | '<';
  value: string;
  unit: string | null;
  confidence: ConfidenceValue;
  source: string;
}

/** The kind of product a row applies to. */
type Product = Pick<StandardIndicatorSource, 'categoryCode' | 'productWords' | 'standards'>;

const ROCK_WOOL: Product = {
  categoryCode: '0105',
  productWords: ['岩棉'],
  standards: ['GB/T 25975-2018'],
};
const XPS: Product = {
  categoryCode: '0105',
  productWords: ['挤塑', 'XPS'],
  standards: ['GB/T 10801.2-2018'],
};
const WALL_PAINT: Product = {
  categoryCode: '0304',
  productWords: ['内墙', '乳胶漆'],
  standards: ['GB 18582-2020', 'GB/T 9756-2018'],
};
const TILE: Product = {
  categoryCode: '0208',
  productWords: ['陶瓷砖', '陶瓷薄板', '瓷砖'],
  standards: ['GB/T 4100-2015', 'GB/T 23266-2009'],
};

export const standardIndicatorSource: readonly StandardIndicatorSource[] = [
  {
    ...ROCK_WOOL,
    item: '导热系数',
    aliases: ['导热系数（平均温度25℃）', '导热系数(25℃)', '导热系数 平均温度25℃'],
    op: '<=',
    value: '0.040',
    unit: 'W/(m·K)',
    confidence: 'secondary',
    source: 'GB/T 25975-2018《建筑外墙外保温用岩棉制品》岩棉板导热系数（平均温度 25 ℃）≤0.040 W/(m·K)，据标准摘录',
  },
  {
    ...ROCK_WOOL,
    item: '垂直于表面的抗拉强度',
    aliases: ['抗拉强度', '垂直于表面抗拉强度'],
    op: '>=',
    value: '7.5',
    unit: 'kPa',
    confidence: 'unconfirmed',
    source:
      'GB/T 25975-2018 岩棉板按抗拉强度分级，最低级 TR7.5 为 ≥7.5 kPa；高等级（TR10、TR15）的限值更高，待以标准原文核对',
  },
  {
    ...ROCK_WOOL,
    item: '酸度系数',
    aliases: [],
    op: '>=',
    value: '1.8',
    unit: null,
    confidence: 'unconfirmed',
    source: 'GB/T 25975-2018 岩棉制品酸度系数 ≥1.8，据二手摘录，待以标准原文核对',
  },
  {
    ...XPS,
    item: '压缩强度',
    aliases: ['压缩强度（10%形变）'],
    op: '>=',
    value: '150',
    unit: 'kPa',
    confidence: 'secondary',
    source: 'GB/T 10801.2-2018《绝热用挤塑聚苯乙烯泡沫塑料（XPS）》X150 级压缩强度 ≥150 kPa（级别即以压缩强度命名）',
  },
  {
    ...XPS,
    item: '导热系数',
    aliases: ['导热系数（平均温度25℃）', '导热系数(25℃)'],
    op: '<=',
    value: '0.032',
    unit: 'W/(m·K)',
    confidence: 'unconfirmed',
    source:
      'GB/T 10801.2-2018 X150 级导热系数（平均温度 25 ℃）限值，据二手摘录（带表皮与不带表皮不同），待以标准原文核对',
  },
  {
    ...WALL_PAINT,
    item: 'VOC含量',
    aliases: ['挥发性有机化合物含量', 'VOC', '挥发性有机化合物（VOC）含量'],
    op: '<=',
    value: '80',
    unit: 'g/L',
    confidence: 'secondary',
    source: 'GB 18582-2020《建筑用墙面涂料中有害物质限量》水性内墙涂料（面漆）VOC 含量 ≤80 g/L，据标准摘录',
  },
  {
    ...WALL_PAINT,
    item: '甲醛含量',
    aliases: ['游离甲醛', '甲醛'],
    op: '<=',
    value: '50',
    unit: 'mg/kg',
    confidence: 'secondary',
    source: 'GB 18582-2020 水性墙面涂料甲醛含量 ≤50 mg/kg，据标准摘录',
  },
  {
    ...TILE,
    item: '吸水率',
    aliases: ['吸水率（平均值）', '吸水率 E'],
    op: '<=',
    value: '0.5',
    unit: '%',
    confidence: 'secondary',
    source: 'GB/T 4100-2015《陶瓷砖》瓷质砖（BⅠa 类）吸水率平均值 ≤0.5 %',
  },
];
