import { ReadDocumentKind, type ReadDocumentKindValue, ReadFieldKey, type ReadFieldKeyValue } from '@jcbb/contract';
import type { Line } from './reading.parse.lines.ts';

/**
 * The label dictionaries (docs/evidence-reading.md, "Reading fields"): the words laboratories and certification
 * bodies print before a value, per field. `rank` 0 is a label that names the field outright, 1 a weaker or shorter
 * one (编号, 日期, 结论) the reader trusts a little less. Labels with no key are read so that they end the value
 * before them and are never taken for another field's label (检验日期 is not 日期, 样品编号 is not 编号).
 */
interface LabelEntry {
  key: ReadFieldKeyValue | null;
  words: string[];
  rank: number;
  /** Only in documents of these kinds (all when absent). */
  kinds?: ReadDocumentKindValue[];
}

const { TEST_REPORT, GREEN_CERTIFICATE, CONFORMITY_CERTIFICATE, UNKNOWN } = ReadDocumentKind;
const K = ReadFieldKey;

const ENTRIES: LabelEntry[] = [
  { key: K.REPORT_NO, rank: 0, words: ['报告编号', '报告号', '报告书编号', '检验编号', '检测编号', '检验报告编号'] },
  { key: K.REPORT_NO, rank: 1, words: ['编号', 'NO.', 'NO', '№'], kinds: [TEST_REPORT, UNKNOWN] },
  { key: K.CERT_NO, rank: 0, words: ['证书编号', '证书号', '证书号码', '认证证书编号'] },
  { key: K.CERT_NO, rank: 1, words: ['编号', 'NO.', 'NO', '№'], kinds: [GREEN_CERTIFICATE] },
  {
    key: K.LABORATORY,
    rank: 0,
    words: ['检验检测机构', '检验检测单位', '检测机构', '检验机构', '检测单位', '检验单位', '承检单位', '承检机构'],
  },
  { key: K.CLIENT, rank: 0, words: ['委托单位', '委托方', '送检单位', '送样单位', '委托企业'] },
  { key: K.CLIENT, rank: 0, words: ['委托人'], kinds: [TEST_REPORT, UNKNOWN] },
  {
    key: K.HOLDER,
    rank: 0,
    words: ['获证组织', '获证企业', '获证单位', '证书持有人', '持证单位', '持证人', '获证者'],
  },
  { key: K.HOLDER, rank: 1, words: ['委托人', '申请人', '认证委托人'], kinds: [GREEN_CERTIFICATE] },
  {
    key: K.MANUFACTURER,
    rank: 0,
    words: ['生产单位', '生产厂家', '制造商', '生产企业', '生产者', '制造单位', '生产厂', '生产商', '制造厂'],
  },
  { key: K.BODY, rank: 0, words: ['认证机构', '发证机构', '颁证机构', '认证单位', '发证单位'] },
  {
    key: K.PRODUCT_NAME,
    rank: 0,
    words: ['样品名称', '产品名称', '认证产品', '产品名', '品名', '商品名称', '工程材料名称', '材料名称'],
  },
  { key: K.PRODUCT_NAME, rank: 1, words: ['名称'] },
  {
    key: K.MODEL,
    rank: 0,
    words: ['规格型号', '型号规格', '规格/型号', '型号/规格', '产品型号', '产品规格', '规格及型号', '型号及规格'],
  },
  { key: K.MODEL, rank: 1, words: ['规格', '型号'] },
  { key: K.SAMPLE_LOT, rank: 0, words: ['样品批号', '生产批号', '产品批号', '生产批次', '批号', '批次号'] },
  {
    key: K.SAMPLE_LOT,
    rank: 1,
    words: ['生产日期/批号', '批号/生产日期', '生产日期', '批次'],
    kinds: [TEST_REPORT, UNKNOWN],
  },
  {
    key: K.PRODUCTION_DATE,
    rank: 0,
    words: ['生产日期', '出厂日期', '制造日期', '生产日期/批号', '批号/生产日期'],
    kinds: [CONFORMITY_CERTIFICATE],
  },
  {
    key: K.STANDARD,
    rank: 0,
    words: [
      '检验依据',
      '检测依据',
      '判定依据',
      '依据标准',
      '执行标准',
      '认证依据',
      '检验标准',
      '检测标准',
      '产品标准',
      '评价依据',
      '评价标准',
      '标准依据',
      '依据',
    ],
  },
  { key: K.CONCLUSION, rank: 0, words: ['检验结论', '检测结论', '检验检测结论', '判定结论', '综合判定', '综合结论'] },
  { key: K.CONCLUSION, rank: 1, words: ['结论'] },
  { key: K.CONCLUSION, rank: 1, words: ['检验结果', '检验结论/结果'], kinds: [CONFORMITY_CERTIFICATE] },
  {
    key: K.ISSUE_DATE,
    rank: 0,
    words: ['签发日期', '批准日期', '报告日期', '发证日期', '颁证日期', '出具日期', '发布日期', '签证日期', '颁发日期'],
  },
  { key: K.ISSUE_DATE, rank: 1, words: ['首次发证日期', '初次发证日期', '日期'] },
  { key: K.EXPIRY_DATE, rank: 0, words: ['有效期至', '有效期', '证书有效期', '有效日期', '有效期限', '有效截止日期'] },
  { key: K.STAR_RATING, rank: 0, words: ['星级', '认证等级', '评价等级', '认证星级', '绿色建材等级', '标识等级'] },
  { key: K.STAR_RATING, rank: 1, words: ['等级'] },
  {
    key: null,
    rank: 0,
    words: [
      // dates that are not the issue date
      '检验日期',
      '检测日期',
      '收样日期',
      '到样日期',
      '抽样日期',
      '送样日期',
      '委托日期',
      '来样日期',
      '接样日期',
      '试验日期',
      '换证日期',
      '变更日期',
      // numbers that are not the report's
      '样品编号',
      '委托编号',
      '合同编号',
      '许可证编号',
      '生产许可证编号',
      'CMA编号',
      'CNAS编号',
      '资质认定编号',
      '资质认定证书编号',
      '计量认证证书编号',
      '统一社会信用代码',
      '工程编号',
      '样品数量',
      // grades that are not the star level
      '样品等级',
      '产品等级',
      '质量等级',
      '强度等级',
      '燃烧性能等级',
      // other labels that end a value
      '检验类别',
      '检测类别',
      '检验类型',
      '检验性质',
      '样品状态',
      '样品描述',
      '来样方式',
      '抽样地点',
      '抽样人',
      '抽样单位',
      '抽样基数',
      '代表数量',
      '受检单位',
      '地址',
      '注册地址',
      '生产地址',
      '生产厂址',
      '电话',
      '联系电话',
      '联系人',
      '邮编',
      '邮政编码',
      '传真',
      '电子邮箱',
      '网址',
      '主检',
      '审核',
      '批准',
      '编制',
      '签发',
      '备注',
      '商标',
      '工程名称',
      '工程部位',
      '使用部位',
      '见证单位',
      '见证人',
      '施工单位',
      '建设单位',
      '监理单位',
      '认证模式',
      '认证类别',
      '检验员',
      '检验项目',
      '检测项目',
      '检验环境',
      '主要仪器设备',
      '检测地点',
      '检验地点',
      '生产许可证号',
    ],
  },
];

export interface Label {
  key: ReadFieldKeyValue | null;
  word: string;
  rank: number;
}

/** The labels in force for a document kind, longest first (so 有效期至 wins over 有效期, 检验日期 over 日期). */
export function labelsFor(kind: ReadDocumentKindValue): Label[] {
  const seen = new Set<string>();
  const out: Label[] = [];
  for (const e of ENTRIES) {
    if (e.kinds && !e.kinds.includes(kind)) continue;
    for (const word of e.words) {
      if (seen.has(word)) continue;
      seen.add(word);
      out.push({ key: e.key, word, rank: e.rank });
    }
  }
  return out.sort((a, b) => b.word.length - a.word.length);
}

/** A label found in a line: compact indices of the label, and where its value may start (after a colon). */
export interface Hit {
  line: Line;
  label: Label;
  cStart: number;
  /** After the label and its colon. */
  cEnd: number;
  colon: boolean;
  fuzzy: boolean;
}

const PREFIX_NOISE = /^[\d.、()（）[\]【】*·•\-□■☐]*$/;
const COLONS = new Set([':', '：']);

function isShort(word: string): boolean {
  return [...word].length <= 2 || word === 'NO.';
}

/**
 * The labels of a line, left to right. A label at the start of a line (after a list number) needs no colon; inside a
 * line it needs a colon after it, or spaces around it (a text layer that joined two cells). Two-character labels
 * (编号, 日期, 规格) need a colon, a space after them, or the line to themselves. At the start of a line a label read
 * with one character wrong (报吿编号) is accepted when it is at least four characters long and followed by a colon or
 * the end of the line.
 */
export function findHits(line: Line, labels: Label[]): Hit[] {
  const c = line.compact;
  const hits: Hit[] = [];
  let i = 0;
  while (i < c.length) {
    let matched: Hit | undefined;
    for (const label of labels) {
      if (!c.startsWith(label.word, i)) continue;
      const end = i + label.word.length;
      const colon = COLONS.has(c[end] ?? '');
      const atStart = PREFIX_NOISE.test(c.slice(0, i));
      const whole = end === c.length;
      const origStart = line.map[i] as number;
      const origEnd = (line.map[end - 1] as number) + 1;
      const spaceBefore = origStart === 0 || /\s/.test(line.norm[origStart - 1] ?? '');
      const spaceAfter = /\s/.test(line.norm[origEnd] ?? '');
      const short = isShort(label.word);
      // A word inside another word: "NO" in "NOTE", "依据" in "检验依据" (the longer label is tried first).
      if (/^[A-Z]/.test(label.word) && /[A-Z]/.test(c[end] ?? '') && !colon) continue;
      let ok: boolean;
      if (colon) ok = true;
      else if (atStart) ok = !short || whole || spaceAfter;
      else ok = spaceBefore && (!short || spaceAfter || whole);
      if (!ok) continue;
      matched = { line, label, cStart: i, cEnd: colon ? end + 1 : end, colon, fuzzy: false };
      break;
    }
    if (matched) {
      hits.push(matched);
      i = matched.cEnd;
    } else i++;
  }
  if (!hits.some((h) => h.cStart === 0)) {
    const fuzzy = fuzzyStart(line, labels);
    if (fuzzy && !hits.some((h) => h.cStart < fuzzy.cEnd)) hits.unshift(fuzzy);
  }
  return hits;
}

function fuzzyStart(line: Line, labels: Label[]): Hit | undefined {
  const c = line.compact;
  let found: Hit | undefined;
  for (const label of labels) {
    const n = label.word.length;
    if (n < 4 || c.length < n) continue;
    const colon = COLONS.has(c[n] ?? '');
    if (!colon && c.length !== n) continue;
    let diff = 0;
    for (let k = 0; k < n && diff < 2; k++) if (c[k] !== label.word[k]) diff++;
    if (diff !== 1) continue;
    // One character from two labels of different fields (样品编号 / 样品批号), or from a label of no field: no guess.
    if (found && found.label.key !== label.key) return undefined;
    found ??= { line, label, cStart: 0, cEnd: colon ? n + 1 : n, colon, fuzzy: true };
  }
  return found?.label.key ? found : undefined;
}
