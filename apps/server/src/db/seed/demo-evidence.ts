import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays } from '@jcbb/contract/time';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { readingSources } from '../../jobs/reading-sources.ts';
import {
  createReadingRunner,
  ENGINE_NAME,
  parseDocument,
  readDocumentFile,
} from '../../modules/evidence-reading/index.ts';
import { createFileService } from '../../modules/file/index.ts';
import type { Db } from '../client.ts';

/**
 * The demo's test reports and green certificates as real documents (issue 29 item 6): text PDFs laid out like a
 * laboratory's report and a certification body's certificate, written by `npm run corpus:evidence -- --demo`
 * (apps/server/bench/evidence-corpus.ts) into `demo-evidence/` beside this file and committed. Each names the demo
 * product it belongs to, its specification, 南京绿筑 as client and maker, the standards and measured values, so the
 * reader's checks agree — except two problems planted on the product whose listing waits for the platform's audit
 * (干混砌筑砂浆): its report is for a model the product does not have (DM M5; ER-02), and 苏州新材's mortar carries
 * a report of the same number (ER-07, failing on both products). The demo site's waterproofing membrane comes with
 * a 合格证 (`DEMO_MEMBRANE_CARD`) for another model than the one delivered (ER-02, on its inspection).
 *
 * Dates move with the seeding day, as the rest of the demo does: the committed PDFs carry their dates as of
 * `DEMO_EVIDENCE_ANCHOR`, in uncompressed page streams, and `demoEvidencePdf` writes the real dates over them (the
 * same number of glyphs, so no byte offset moves). The manifest the generator writes beside the files says which
 * glyphs each date is drawn with.
 */

/** The day the committed files' dates are counted from: a date far from any real one, so it is found unambiguously. */
export const DEMO_EVIDENCE_ANCHOR = '1990-01-01';

/** How a date is printed: 2026.03.05 or 2026年03月05日. */
export type DemoDateFormat = 'dot' | 'cn';

export function formatDemoDate(iso: string, format: DemoDateFormat): string {
  const [y, m, d] = iso.split('-');
  return format === 'dot' ? `${y}.${m}.${d}` : `${y}年${m}月${d}日`;
}

/** One test item: name, unit, requirement, measured, verdict. */
export type DemoItem = [string, string, string, string, ('合格' | '符合' | '不合格')?];

export interface DemoReport {
  /** The file's name in demo-evidence/, without .pdf. */
  id: string;
  /** The demo product it is attached to (its name in demo-products.ts, or the other maker's product). */
  product: string;
  reportNo: string;
  lab: string;
  labAddress: string;
  cmaNo: string;
  cnasNo?: string;
  /** The product as the laboratory names it. */
  productName: string;
  model: string;
  lot: string;
  client: string;
  maker: string;
  standards: [string, ...string[]];
  /** Days before the seeding day the report was issued. */
  issuedDaysAgo: number;
  items: DemoItem[];
}

const LVZHU = '南京绿筑新型建材有限公司';
const XINCAI = '苏州新材科技有限公司';
const SJK = {
  lab: '苏建科检测技术（南京）有限公司',
  labAddress: '地址：南京市江宁区天元中路 96 号  电话：025-5210 8831',
  cmaNo: '191012340567',
  cnasNo: 'L12345',
};
const JL = {
  lab: '金陵建设工程质量检测中心有限公司',
  labAddress: '地址：南京市鼓楼区虎踞路 118 号  电话：025-8663 2207',
  cmaNo: '201012050289',
};

/** The report number of 干混砌筑砂浆's report, which 苏州新材's mortar carries as well (planted: ER-07). */
export const DEMO_REUSED_REPORT_NO = 'JL-SJ-M0731';
/** The model on 干混砌筑砂浆's report: not one of the product's specifications (planted: ER-02). */
export const DEMO_MISMATCHED_MODEL = 'DM M5';

export const DEMO_REPORTS: DemoReport[] = [
  {
    id: 'lvzhu-aac-block-report',
    product: '蒸压加气混凝土砌块',
    reportNo: 'SJK-JC-QT0418',
    ...SJK,
    productName: '蒸压加气混凝土砌块',
    model: 'B06 A5.0 600×240×200',
    lot: 'JK2411-06',
    client: LVZHU,
    maker: LVZHU,
    standards: ['GB/T 11968-2020'],
    issuedDaysAgo: 96,
    items: [
      ['立方体抗压强度（平均值）', 'MPa', '≥5.0', '5.6'],
      ['干密度', 'kg/m³', '≤625', '598'],
      ['干燥收缩值', 'mm/m', '≤0.50', '0.36'],
      ['抗冻性（质量损失）', '%', '≤5.0', '1.8'],
      ['导热系数（干态）', 'W/(m·K)', '≤0.16', '0.14'],
    ],
  },
  {
    id: 'lvzhu-composite-slab-report',
    product: '预制混凝土叠合板',
    reportNo: 'JL-GJ-D1126',
    ...JL,
    productName: '预制混凝土叠合板（钢筋桁架底板）',
    model: 'DBS1-67-3620 3600×2000×60',
    lot: 'DB2410-221',
    client: LVZHU,
    maker: LVZHU,
    standards: ['GB/T 51231-2016', 'GB 50204-2015'],
    issuedDaysAgo: 120,
    items: [
      ['混凝土抗压强度', 'MPa', '≥30', '35.2'],
      ['长度偏差', 'mm', '±5', '+2'],
      ['厚度偏差', 'mm', '±3', '+1'],
      ['钢筋保护层厚度偏差', 'mm', '+10,-5', '+3'],
      ['外观质量', '—', '无严重缺陷', '无严重缺陷'],
    ],
  },
  {
    id: 'lvzhu-rockwool-report',
    product: '岩棉保温板',
    reportNo: 'SJK-JC-BW0562',
    ...SJK,
    productName: '建筑外墙外保温用岩棉板',
    model: 'TR10 1200×600×50',
    lot: 'YM2410-08',
    client: LVZHU,
    maker: LVZHU,
    standards: ['GB/T 25975-2018'],
    issuedDaysAgo: 150,
    items: [
      ['导热系数（平均温度25℃）', 'W/(m·K)', '≤0.040', '0.038'],
      ['垂直于表面的抗拉强度', 'kPa', '≥10', '12.6'],
      ['短期吸水量（部分浸入）', 'kg/m²', '≤0.4', '0.22'],
      ['酸度系数', '—', '≥1.8', '2.0'],
      ['燃烧性能等级', '—', 'A(A1)级', 'A(A1)级'],
    ],
  },
  {
    id: 'lvzhu-window-report',
    product: '断桥铝合金节能窗',
    reportNo: 'JL-MC-W0211',
    ...JL,
    productName: '断桥铝合金节能窗（平开窗）',
    model: 'GR70-1518',
    lot: 'MC2411-015',
    client: LVZHU,
    maker: LVZHU,
    standards: ['GB/T 8484-2020', 'GB/T 7106-2019'],
    issuedDaysAgo: 88,
    items: [
      ['传热系数K', 'W/(m²·K)', '≤1.8', '1.6'],
      ['气密性能（单位缝长）', 'm³/(m·h)', '≤1.5', '0.9'],
      ['水密性能', 'Pa', '≥350', '500'],
      ['抗风压性能', 'kPa', '≥3.5', '4.2'],
    ],
  },
  {
    id: 'lvzhu-paint-report',
    product: '水性建筑涂料（内墙）',
    reportNo: 'SJK-JC-TL0095',
    ...SJK,
    productName: '水性建筑涂料（内墙乳胶漆）',
    model: 'NQ-20',
    lot: 'NQ241105',
    client: LVZHU,
    maker: LVZHU,
    standards: ['GB 18582-2020', 'GB/T 9756-2018'],
    issuedDaysAgo: 110,
    items: [
      ['VOC含量', 'g/L', '≤80', '8'],
      ['甲醛含量', 'mg/kg', '≤50', '未检出'],
      ['苯、甲苯、乙苯和二甲苯总和', 'mg/kg', '≤100', '未检出'],
      ['可溶性铅', 'mg/kg', '≤90', '未检出'],
      ['耐洗刷性', '次', '≥5000', '12000'],
    ],
  },
  {
    id: 'lvzhu-permeable-paver-report',
    product: '陶瓷透水砖',
    reportNo: 'JL-CZ-T0733',
    ...JL,
    productName: '陶瓷透水砖',
    model: '300×150×55',
    lot: 'TS2410-33',
    client: LVZHU,
    maker: LVZHU,
    standards: ['GB/T 25993-2023'],
    issuedDaysAgo: 130,
    items: [
      ['透水系数（15℃）', 'cm/s', '≥0.010', '0.023'],
      ['抗压强度（平均值）', 'MPa', '≥40', '46.5'],
      ['耐磨性（磨坑长度）', 'mm', '≤35', '28'],
      ['抗冻性（强度损失率）', '%', '≤20', '9'],
    ],
  },
  {
    id: 'lvzhu-ceramic-slab-report',
    product: '陶瓷薄板',
    reportNo: 'SJK-JC-CB0741',
    ...SJK,
    productName: '陶瓷薄板',
    model: '1200×2400×6',
    lot: 'BB2411-12',
    client: LVZHU,
    maker: LVZHU,
    standards: ['GB/T 23266-2009'],
    issuedDaysAgo: 75,
    items: [
      ['吸水率（平均值）', '%', '≤0.5', '0.08'],
      ['破坏强度', 'N', '≥800', '1260'],
      ['断裂模数', 'MPa', '≥45', '52'],
      ['耐污染性', '级', '≥3', '5'],
    ],
  },
  {
    // Planted: a report for DM M5, a model 干混砌筑砂浆 does not have (ER-02), whose number 苏州新材 also uses (ER-07).
    id: 'lvzhu-masonry-mortar-report',
    product: '干混砌筑砂浆',
    reportNo: DEMO_REUSED_REPORT_NO,
    ...JL,
    productName: '干混砌筑砂浆',
    model: DEMO_MISMATCHED_MODEL,
    lot: 'SJ2411-20',
    client: LVZHU,
    maker: LVZHU,
    standards: ['GB/T 25181-2019'],
    issuedDaysAgo: 70,
    items: [
      ['抗压强度（28d）', 'MPa', '≥5.0', '6.8'],
      ['保水率', '%', '≥88', '91'],
      ['2h稠度损失率', '%', '≤30', '18'],
      ['凝结时间', 'h', '3~9', '5.2'],
    ],
  },
  {
    id: 'lvzhu-self-levelling-report',
    product: '石膏基自流平砂浆',
    reportNo: 'SJK-JC-ZL0127',
    ...SJK,
    productName: '石膏基自流平砂浆',
    model: 'SL-25',
    lot: 'ZL2410-25',
    client: LVZHU,
    maker: LVZHU,
    standards: ['JC/T 1023-2021'],
    issuedDaysAgo: 140,
    items: [
      ['24h抗压强度', 'MPa', '≥6.0', '7.4'],
      ['绝干抗压强度', 'MPa', '≥20', '24.1'],
      ['30min流动度损失', 'mm', '≤3', '1'],
      ['初始流动度', 'mm', '≥145', '150'],
    ],
  },
  {
    id: 'lvzhu-bipv-report',
    product: '光伏一体化屋面板',
    reportNo: 'JL-GF-P0058',
    ...JL,
    productName: '光伏一体化屋面板（建筑用光伏构件）',
    model: 'BIPV-450M',
    lot: 'PV2410-450',
    client: LVZHU,
    maker: LVZHU,
    standards: ['JG/T 492-2016'],
    issuedDaysAgo: 100,
    items: [
      ['最大功率（STC）', 'W', '≥450', '452.3'],
      ['绝缘电阻', 'MΩ·m²', '≥40', '356'],
      ['湿漏电流试验（绝缘电阻）', 'MΩ·m²', '≥40', '212'],
      ['外观', '—', '无明显缺陷', '无明显缺陷'],
    ],
  },
  {
    id: 'lvzhu-recycled-concrete-report',
    product: '再生骨料混凝土',
    reportNo: 'SJK-JC-HN0189',
    ...SJK,
    productName: '再生骨料混凝土',
    model: 'RAC-C30',
    lot: 'HN2411-30',
    client: LVZHU,
    maker: LVZHU,
    standards: ['JGJ/T 240-2011', 'GB/T 25177-2010'],
    issuedDaysAgo: 64,
    items: [
      ['28d抗压强度', 'MPa', '≥30', '36.4'],
      ['坍落度', 'mm', '180±30', '185'],
      ['再生粗骨料取代率', '%', '≥30', '30'],
      ['氯离子含量', '%', '≤0.06', '0.02'],
    ],
  },
  {
    id: 'lvzhu-truss-deck-report',
    product: '钢筋桁架楼承板',
    reportNo: 'JL-GJ-L0276',
    ...JL,
    productName: '钢筋桁架楼承板',
    model: 'TD3-90',
    lot: 'LC2410-90',
    client: LVZHU,
    maker: LVZHU,
    standards: ['JG/T 368-2012'],
    issuedDaysAgo: 115,
    items: [
      ['钢筋桁架高度偏差', 'mm', '±3', '+1'],
      ['底模镀锌层重量', 'g/m²', '≥120', '138'],
      ['焊点抗剪力', 'kN', '≥6.0', '8.3'],
      ['外观质量', '—', '无脱焊、无锈蚀', '无脱焊、无锈蚀'],
    ],
  },
  {
    // Planted: another maker's report carrying 干混砌筑砂浆's number (ER-07 fails on both).
    id: 'xincai-mortar-report',
    product: '预拌干混砌筑砂浆',
    reportNo: DEMO_REUSED_REPORT_NO,
    ...JL,
    productName: '预拌干混砌筑砂浆',
    model: 'DM M7.5',
    lot: 'XC2411-07',
    client: XINCAI,
    maker: XINCAI,
    standards: ['GB/T 25181-2019'],
    issuedDaysAgo: 58,
    items: [
      ['抗压强度（28d）', 'MPa', '≥7.5', '8.9'],
      ['保水率', '%', '≥88', '90'],
      ['2h稠度损失率', '%', '≤30', '21'],
    ],
  },
];

/** A green certificate's document: the demo product's certificate (demo-products.ts) as the body prints it. */
export interface DemoGreen {
  id: string;
  product: string;
  productName: string;
  models: string[];
  standard: string;
}

const green = (id: string, product: string, productName: string, models: string[], standard: string): DemoGreen => ({
  id,
  product,
  productName,
  models,
  standard,
});

/** The green certificates of the demo products that hold one (their numbers, stars and dates are in demo-products.ts). */
export const DEMO_GREENS: DemoGreen[] = [
  green(
    'lvzhu-aac-block-green',
    '蒸压加气混凝土砌块',
    '蒸压加气混凝土砌块',
    ['B06 A5.0', 'B06 A3.5'],
    'GB/T 35605-2017、GB/T 11968-2020',
  ),
  green(
    'lvzhu-composite-slab-green',
    '预制混凝土叠合板',
    '预制混凝土叠合板',
    ['DBS1-67-3620', 'DBS2-67-4218'],
    'T/CECS 10025-2019',
  ),
  green('lvzhu-rockwool-green', '岩棉保温板', '岩棉保温板', ['TR10', 'TR15'], 'GB/T 35608-2017、GB/T 25975-2018'),
  green('lvzhu-window-green', '断桥铝合金节能窗', '断桥铝合金节能窗', ['GR70-1518'], 'T/CECS 10026-2019'),
  green(
    'lvzhu-paint-green',
    '水性建筑涂料（内墙）',
    '水性建筑涂料（内墙）',
    ['NQ-20', 'NQ-5'],
    'GB/T 35602-2017、GB 18582-2020',
  ),
  green('lvzhu-permeable-paver-green', '陶瓷透水砖', '陶瓷透水砖', ['300×150×55'], 'GB/T 35610-2017'),
  green(
    'lvzhu-ceramic-slab-green',
    '陶瓷薄板',
    '陶瓷薄板',
    ['1200×2400×6', '900×1800×6'],
    'GB/T 35610-2017、GB/T 23266-2009',
  ),
  green('lvzhu-masonry-mortar-green', '干混砌筑砂浆', '干混砌筑砂浆', ['DM M10'], 'T/CECS 10032-2019'),
  green('lvzhu-bipv-green', '光伏一体化屋面板', '光伏一体化屋面板', ['BIPV-450M'], 'T/CECS 10034-2019'),
  green(
    'lvzhu-recycled-concrete-green',
    '再生骨料混凝土',
    '再生骨料混凝土',
    ['RAC-C30', 'RAC-C25'],
    'T/CECS 10047-2019',
  ),
  green('lvzhu-truss-deck-green', '钢筋桁架楼承板', '钢筋桁架楼承板', ['TD3-90'], 'T/CECS 10025-2019'),
];

/**
 * A factory certificate of conformity (产品合格证) of a material delivered to the demo site (demo-construction.ts), as
 * its maker prints it: name, model, lot, standard, production date, verdict, maker.
 */
export interface DemoCard {
  id: string;
  productName: string;
  model: string;
  lot: string;
  maker: string;
  standard: string;
  /** Days before the seeding day the lot was made. */
  producedDaysAgo: number;
}

/** The waterproofing membrane's 合格证 at the demo school: delivered as PY Ⅱ 4 mm, the card is for PY Ⅰ 3mm (ER-02). */
export const DEMO_MEMBRANE_CARD: DemoCard = {
  id: 'yuhong-membrane-conformity',
  productName: '弹性体改性沥青防水卷材',
  model: 'PY Ⅰ 3mm',
  lot: 'YH20261120-3',
  maker: '北京东方雨虹防水技术股份有限公司',
  standard: 'GB 18242-2008',
  producedDaysAgo: 9,
};

/** Where the committed files are: beside this module in the source, beside the bundle in dist/ (build.mjs copies). */
export const DEMO_EVIDENCE_DIR = path.join(import.meta.dirname, 'demo-evidence');

/** What the generator says about each file: the glyphs its dates are drawn with, and each date's place in time. */
export interface DemoEvidenceManifest {
  anchor: string;
  files: Record<string, { glyphs: Record<string, string>; dates: { offset: number; format: DemoDateFormat }[] }>;
}

let manifest: DemoEvidenceManifest | null = null;
function loadManifest(): DemoEvidenceManifest {
  manifest ??= JSON.parse(readFileSync(path.join(DEMO_EVIDENCE_DIR, 'manifest.json'), 'utf8')) as DemoEvidenceManifest;
  return manifest;
}

/**
 * A committed demo document with its dates as of `today`: each date drawn at `anchor + offset` is written over with
 * `today + offset`, glyph for glyph (page streams are uncompressed hex glyph ids, and every date has the same number
 * of glyphs whatever the day, so the cross-reference table stays right).
 */
export function demoEvidencePdf(id: string, today: string): Buffer {
  const m = loadManifest();
  const entry = m.files[id];
  if (!entry) throw new Error(`no demo evidence ${id}`);
  let text = readFileSync(path.join(DEMO_EVIDENCE_DIR, `${id}.pdf`)).toString('latin1');
  const hex = (s: string) =>
    [...s]
      .map((c) => {
        const g = entry.glyphs[c];
        if (g === undefined) throw new Error(`demo evidence ${id}: no glyph for ${c}`);
        return g;
      })
      .join('');
  for (const { offset, format } of entry.dates) {
    const from = hex(formatDemoDate(addDays(m.anchor, offset), format));
    const to = hex(formatDemoDate(addDays(today, offset), format));
    if (!text.includes(`<${from}`) && !text.includes(from)) throw new Error(`demo evidence ${id}: date not found`);
    text = text.replaceAll(from, to);
  }
  return Buffer.from(text, 'latin1');
}

const quiet = (): FastifyBaseLogger => {
  const log = {
    level: 'silent',
    info: () => {},
    warn: () => {},
    error: () => {},
    debug: () => {},
    trace: () => {},
    fatal: () => {},
    silent: () => {},
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
};

/**
 * Read every certificate and test report the demo stored, now, in this process (text PDFs: no OCR, no worker
 * process), so the readings and their findings are there as soon as the demo is: for the tests' seeded database
 * (app.ts, reader off) and the e2e data. A fresh `npm start` leaves them to the background reader instead. After the
 * demo's transaction (the runner opens its own).
 */
export async function readDemoEvidence(db: Db, config: Pick<Config, 'dataDir' | 'maxUploadBytes'>): Promise<void> {
  const runner = createReadingRunner({
    db,
    files: createFileService({ db, config: config as Config }),
    engine: { name: ENGINE_NAME, read: readDocumentFile, close: async () => {} },
    parse: parseDocument,
    log: quiet(),
    sources: readingSources,
  });
  await runner.drain();
}
