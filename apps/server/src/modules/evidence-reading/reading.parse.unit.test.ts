import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Box, ReadDocument, ReadFieldKeyValue, ReadLine, ReadPage } from '@jcbb/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from './index.ts';
import {
  findDates,
  findStandards,
  parseBound,
  parseDate,
  parseMeasured,
  parseStars,
  parseVerdict,
} from './reading.parse.values.ts';

// ---------------------------------------------------------------------------------------------------------------
// Fixtures: pages laid out from a compact description, as an OCR engine would return them.
//
// One description line is one row of text. A row is cells: `@x text`, where x is the cell's left edge as a fraction
// of the page width; `@x!2 text` prints it twice as large (a title), `@x~0.7 text` gives its OCR confidence. A row may
// start with `y=0.42` to put it there; otherwise it sits one pitch under the row before. A blank line skips a pitch.
// Characters are laid out as on an A4 page at 10 pt: an ideograph 0.02 of the width, a Latin letter or digit 0.011.

const PITCH = 0.03;
const CHAR_H = 0.014;

function widthOf(text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 0.02 : ch === ' ' ? 0.007 : 0.011;
  return w * size;
}

function page(desc: string, opts: { source?: 'ocr' | 'text'; confidence?: number } = {}): ReadPage {
  const lines: ReadLine[] = [];
  let y = 0.05 - PITCH;
  for (const raw of desc.split('\n')) {
    let row = raw.trim();
    if (!row) {
      y += PITCH;
      continue;
    }
    const at = row.match(/^y=([\d.]+)\s*/);
    if (at) {
      y = Number(at[1]);
      row = row.slice(at[0].length);
    } else y += PITCH;
    for (const cell of row.split(/(?=@[\d.]+)/)) {
      const m = cell.match(/^@([\d.]+)(?:!([\d.]+))?(?:~([\d.]+))?\s(.*)$/s);
      if (!m) throw new Error(`bad cell: ${cell}`);
      const x = Number(m[1]);
      const size = Number(m[2] ?? 1);
      const text = (m[4] ?? '').trimEnd();
      const h = CHAR_H * size;
      lines.push({
        text,
        box: [x, y, x + widthOf(text, size), y + h],
        confidence: Number(m[3] ?? opts.confidence ?? (opts.source === 'text' ? 1 : 0.95)),
      });
    }
  }
  return { width: 595, height: 842, source: opts.source ?? 'ocr', lines };
}

function values(doc: ReadDocument, key: ReadFieldKeyValue): string[] {
  return doc.fields.filter((f) => f.key === key).map((f) => f.value);
}

function field(doc: ReadDocument, key: ReadFieldKeyValue) {
  const f = doc.fields.find((x) => x.key === key);
  if (!f) throw new Error(`no ${key} in ${JSON.stringify(doc.fields.map((x) => [x.key, x.value]))}`);
  return f;
}

/** A report's first lines, so the document is judged a test report. */
const REPORT_TITLE = '@0.35!2 检 验 报 告';

// ---------------------------------------------------------------------------------------------------------------

describe('values', () => {
  it('reads dates in the forms reports print them, full-width and in Chinese numerals', () => {
    for (const text of [
      '2026年3月5日',
      '2026 年 03 月 05 日',
      '2026.03.05',
      '2026-3-5',
      '2026/03/05',
      '２０２６年３月５日',
      '２０２６．０３．０５',
      '二〇二六年三月五日',
      '2O26年3月5日',
      '20260305',
    ])
      expect(parseDate(text), text).toBe('2026-03-05');
    expect(parseDate('二〇二五年十二月三十一日')).toBe('2025-12-31');
  });

  it('refuses dates that do not exist and numbers that are not dates', () => {
    expect(parseDate('2026-02-30')).toBeUndefined();
    expect(parseDate('2026.13.01')).toBeUndefined();
    expect(parseDate('JC2026-0312-07')).toBeUndefined();
    expect(parseDate('0.036')).toBeUndefined();
  });

  it('finds both dates of a validity period, in order', () => {
    expect(findDates('2025年1月1日至2030年1月1日').map((d) => d.value)).toEqual(['2025-01-01', '2030-01-01']);
  });

  it('normalises standards: one space, ASCII hyphen, several in a line', () => {
    expect(findStandards('GB/T10801.2—2018').map((s) => s.value)).toEqual(['GB/T 10801.2-2018']);
    expect(findStandards('GB / T 10801.2 - 2018').map((s) => s.value)).toEqual(['GB/T 10801.2-2018']);
    expect(findStandards('ＧＢ／Ｔ　１０８０１．２－２０１８').map((s) => s.value)).toEqual(['GB/T 10801.2-2018']);
    expect(findStandards('JC/T 2289-2014、GB 8624-2012《建筑材料》').map((s) => s.value)).toEqual([
      'JC/T 2289-2014',
      'GB 8624-2012',
    ]);
    expect(findStandards('T/CECS 10025-2019 绿色建材评价').map((s) => s.value)).toEqual(['T/CECS 10025-2019']);
    expect(findStandards('DB11/T 1234-2020').map((s) => s.value)).toEqual(['DB11/T 1234-2020']);
    expect(findStandards('报告编号 JC2026-0312')).toEqual([]);
  });

  it('reads star levels from stars, words and digits', () => {
    expect(parseStars('★★★')).toBe('3');
    expect(parseStars('★ ★')).toBe('2');
    expect(parseStars('三星级')).toBe('3');
    expect(parseStars('3星')).toBe('3');
    expect(parseStars('一星级')).toBe('1');
    expect(parseStars('合格品')).toBeUndefined();
    expect(parseStars('★★★★★')).toBeUndefined();
  });

  it('parses requirement bounds with their units, and leaves ranges and words unbound', () => {
    expect(parseBound('≤0.040')).toEqual({ op: '<=', value: 0.04 });
    expect(parseBound('≥ 0.20 MPa')).toEqual({ op: '>=', value: 0.2, unit: 'MPa' });
    expect(parseBound('＜5')).toEqual({ op: '<', value: 5 });
    expect(parseBound('＞１０')).toEqual({ op: '>', value: 10 });
    expect(parseBound('不大于 0.040')).toEqual({ op: '<=', value: 0.04 });
    expect(parseBound('不小于200')).toEqual({ op: '>=', value: 200 });
    expect(parseBound('≤0.O40 W/(m·K)')).toEqual({ op: '<=', value: 0.04, unit: 'W/(m·K)' });
    expect(parseBound('0.030~0.040')).toBeUndefined();
    expect(parseBound('≥0.030~0.040')).toBeUndefined();
    expect(parseBound('无裂纹')).toBeUndefined();
    expect(parseBound('A1级')).toBeUndefined();
  });

  it('reads measured numbers with their units, not the digit of a class', () => {
    expect(parseMeasured('0.036')).toEqual({ value: 0.036 });
    expect(parseMeasured('0.036 W/(m·K)')).toEqual({ value: 0.036, unit: 'W/(m·K)' });
    expect(parseMeasured('２５０ kPa')).toEqual({ value: 250, unit: 'kPa' });
    expect(parseMeasured('O.O36')).toEqual({ value: 0.036 });
    expect(parseMeasured('A1级')).toEqual({});
    expect(parseMeasured('无裂纹')).toEqual({});
  });

  it('normalises verdicts', () => {
    for (const t of ['合格', '符合', '通过', '台格', ' 合 格 ']) expect(parseVerdict(t), t).toBe('pass');
    for (const t of ['不合格', '不符合', '不 合 格']) expect(parseVerdict(t), t).toBe('fail');
    for (const t of ['—', '/', '／', '', '-']) expect(parseVerdict(t), t).toBe('none');
  });
});

describe('the kind', () => {
  it('is judged from the title words, and unknown without them', () => {
    expect(parseDocument([page(`${REPORT_TITLE}\n@0.1 报告编号：JC2026-0312-07`)]).kind).toBe('test_report');
    expect(parseDocument([page('@0.3!2 检验检测报告')]).kind).toBe('test_report');
    expect(parseDocument([page('@0.2!2 绿色建材产品认证证书\n@0.1 证书编号：CTC-GBM-2025-00123')]).kind).toBe(
      'green_certificate',
    );
    expect(parseDocument([page('@0.3!2 产品合格证\n@0.1 检验员：03')]).kind).toBe('conformity_certificate');
    expect(parseDocument([page('@0.1 送货单\n@0.1 数量：20')]).kind).toBe('unknown');
    expect(parseDocument([]).kind).toBe('unknown');
  });

  it('is the title, not a report a certificate cites', () => {
    const doc = parseDocument([
      page(`@0.2!2 绿色建材产品认证证书
        @0.1 证书编号：CTC-GBM-2025-00123
        @0.1 认证依据：T/CECS 10025-2019，并依据检测报告（编号 JC2025-0091）`),
    ]);
    expect(doc.kind).toBe('green_certificate');
  });

  it('reads a report whose title the OCR garbled from the labels only a report prints', () => {
    const doc = parseDocument([page('@0.3!2 ~0.4 检验扳吿\n@0.1 报告编号：JC2026-0312-07\n@0.1 检验类别：委托检验')]);
    expect(doc.kind).toBe('test_report');
  });
});

describe('fields beside their labels', () => {
  it('reads a value on the label line, with its box the value part of the line', () => {
    const doc = parseDocument([page(`${REPORT_TITLE}\n@0.1 报告编号：JC2026-0312-07`)]);
    const f = field(doc, 'reportNo');
    expect(f.value).toBe('JC2026-0312-07');
    expect(f.text).toBe('报告编号：JC2026-0312-07');
    // The label is 5 ideographs wide, the number 14 half-width characters: the box starts after the colon.
    expect(f.box[0]).toBeGreaterThan(0.1 + 0.09);
    expect(f.box[2]).toBeCloseTo(0.1 + widthOf('报告编号：JC2026-0312-07', 1), 2);
    expect(f.page).toBe(0);
    expect(f.confidence).toBeGreaterThan(0.85);
  });

  it('reads dates in every printed form into YYYY-MM-DD', () => {
    const forms = ['2026年3月5日', '2026.03.05', '2026-3-5', '2026/03/05', '２０２６年３月５日', '2026 年 3 月 5 日'];
    for (const date of forms) {
      const doc = parseDocument([page(`${REPORT_TITLE}\n@0.1 签发日期：${date}`)]);
      expect(values(doc, 'issueDate'), date).toEqual(['2026-03-05']);
    }
  });

  it('reads full-width digits and colons in values', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}
        @0.1 报告编号：ＪＣ２０２６－０３１２－０７
        @0.1 检验依据：ＧＢ／Ｔ １０８０１．２－２０１８
        @0.1 规格型号：１２００×６００×５０ｍｍ`),
    ]);
    expect(values(doc, 'reportNo')).toEqual(['JC2026-0312-07']);
    expect(values(doc, 'standard')).toEqual(['GB/T 10801.2-2018']);
    expect(values(doc, 'model')).toEqual(['1200×600×50mm']);
  });

  it('joins a report number split over two lines after its hyphen', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}
        @0.55 报告编号：JC2026-
        @0.55 0312-07
        @0.1 委托单位：华东建材有限公司`),
    ]);
    const f = field(doc, 'reportNo');
    expect(f.value).toBe('JC2026-0312-07');
    expect(f.text).toBe('报告编号：JC2026- 0312-07');
    // The box covers both lines.
    expect(f.box[3] - f.box[1]).toBeGreaterThan(PITCH);
  });

  it('does not join a complete number to the next line', () => {
    const doc = parseDocument([page(`${REPORT_TITLE}\n@0.1 报告编号：JC2026-0312-07\n@0.1 2026年3月5日`)]);
    expect(values(doc, 'reportNo')).toEqual(['JC2026-0312-07']);
  });

  it('reads a value in the cell right of its label, and one in the cell below', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}
        @0.1 样品名称 @0.3 挤塑聚苯乙烯泡沫塑料板 @0.6 规格型号 @0.75 1200×600×50
        @0.1 委托单位 @0.3 华东建材有限公司 @0.6 样品批号 @0.75 20260218-3
        @0.1 生产单位 @0.6 检验依据
        @0.1 江苏绿源保温材料有限公司 @0.6 GB/T 10801.2-2018`),
    ]);
    expect(values(doc, 'productName')).toEqual(['挤塑聚苯乙烯泡沫塑料板']);
    expect(values(doc, 'model')).toEqual(['1200×600×50']);
    expect(values(doc, 'client')).toEqual(['华东建材有限公司']);
    expect(values(doc, 'sampleLot')).toEqual(['20260218-3']);
    expect(values(doc, 'manufacturer')).toEqual(['江苏绿源保温材料有限公司']);
    expect(values(doc, 'standard')).toEqual(['GB/T 10801.2-2018']);
    const right = field(doc, 'client');
    const under = field(doc, 'manufacturer');
    // Label on the line > label in the cell left > value below.
    expect(right.confidence).toBeGreaterThan(under.confidence);
    expect(right.box[0]).toBeCloseTo(0.3, 3);
  });

  it('does not take the next row label as a value below an empty cell', () => {
    const doc = parseDocument([page(`${REPORT_TITLE}\n@0.1 委托单位\n@0.1 样品名称 @0.3 岩棉板`)]);
    expect(values(doc, 'client')).toEqual([]);
    expect(values(doc, 'productName')).toEqual(['岩棉板']);
  });

  it('reads labels with spaces inside, and a label read with one character wrong', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}
        @0.1 报 告 编 号 ： JC2026-0312-07
        @0.1 委 托 单 位 @0.3 华 东 建 材 有 限 公 司
        @0.1 签发曰期：2026年3月5日`),
    ]);
    expect(values(doc, 'reportNo')).toEqual(['JC2026-0312-07']);
    expect(values(doc, 'client')).toEqual(['华东建材有限公司']);
    expect(values(doc, 'issueDate')).toEqual(['2026-03-05']);
    expect(field(doc, 'issueDate').confidence).toBeLessThan(0.85);
  });

  it('reads several labels on one line (a text layer that joined the cells)', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}\n@0.05 样品名称：岩棉板   规格型号：1200×600×50   样品批号：B2026-03`, { source: 'text' }),
    ]);
    expect(values(doc, 'productName')).toEqual(['岩棉板']);
    expect(values(doc, 'model')).toEqual(['1200×600×50']);
    expect(values(doc, 'sampleLot')).toEqual(['B2026-03']);
    const name = field(doc, 'productName');
    const model = field(doc, 'model');
    expect(name.box[2]).toBeLessThan(model.box[0]);
  });

  it('does not take a test date, a sample number or a CMA number for the issue date or report number', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}
        @0.1 检验日期：2026年2月20日
        @0.1 样品编号：YP-0001
        @0.1 编号：JC2026-0312-07
        @0.1 日期：2026年3月5日`),
    ]);
    expect(values(doc, 'issueDate')).toEqual(['2026-03-05']);
    expect(values(doc, 'reportNo')).toEqual(['JC2026-0312-07']);
  });

  it('reads the CMA mark and the number next to it, on its line or under it', () => {
    const same = parseDocument([page(`@0.1 CMA 161012050321 ${REPORT_TITLE}`)]);
    expect(values(same, 'cma')).toEqual(['true']);
    expect(values(same, 'cmaNo')).toEqual(['161012050321']);
    const under = parseDocument([
      page(`${REPORT_TITLE}
        @0.1!2 CMA @0.7 CNAS
        @0.1 2019OO1234 @0.7 CNAS L1234`),
    ]);
    expect(values(under, 'cma')).toEqual(['true']);
    expect(values(under, 'cmaNo')).toEqual(['2019001234']);
    expect(values(under, 'cnas')).toEqual(['true']);
    expect(values(under, 'cnasNo')).toEqual(['L1234']);
    const labelled = parseDocument([page(`${REPORT_TITLE}\n@0.1 资质认定证书编号：161012050321`)]);
    expect(values(labelled, 'cmaNo')).toEqual(['161012050321']);
    expect(values(labelled, 'reportNo')).toEqual([]);
  });

  it('says a report without the marks has none, less surely', () => {
    const doc = parseDocument([page(`${REPORT_TITLE}\n@0.1 报告编号：JC2026-0312-07`)]);
    expect(values(doc, 'cma')).toEqual(['false']);
    expect(values(doc, 'cnas')).toEqual(['false']);
    expect(field(doc, 'cma').confidence).toBeLessThanOrEqual(0.5);
    expect(values(doc, 'cmaNo')).toEqual([]);
  });

  it('reads the conclusion sentence over several lines, and its standard', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}
        @0.1 检验结论 @0.25 经检验，该样品所检项目符合 GB/T
        @0.25 10801.2-2018《绝热用挤塑聚苯乙烯泡沫塑料》
        @0.25 标准要求，判定为合格。
        @0.6 （检验检测专用章）
        @0.6 签发日期：2026年3月5日`),
    ]);
    const f = field(doc, 'conclusion');
    expect(f.value).toBe('pass');
    expect(f.text).toContain('判定为合格。');
    expect(f.text).not.toContain('专用章');
    expect(values(doc, 'standard')).toEqual(['GB/T 10801.2-2018']);
    expect(values(doc, 'issueDate')).toEqual(['2026-03-05']);
  });

  it('reads a failing conclusion without its label', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}\n@0.1 经检验，该样品所检项目中压缩强度不符合\n@0.1 JC/T 2289-2014 标准要求。`),
    ]);
    expect(values(doc, 'conclusion')).toEqual(['fail']);
    expect(values(doc, 'standard')).toEqual(['JC/T 2289-2014']);
  });

  it('reads several standards as several fields, listed on one line or one per line', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}
        @0.1 检验依据：GB/T 10801.2-2018、GB 8624-2012
        @0.25 GB/T 5486-2008
        @0.1 检验结论：合格`),
    ]);
    expect(values(doc, 'standard')).toEqual(['GB/T 10801.2-2018', 'GB 8624-2012', 'GB/T 5486-2008']);
    const boxes = doc.fields.filter((f) => f.key === 'standard').map((f) => f.box);
    expect(boxes[0]?.[2]).toBeLessThan(boxes[1]?.[0] ?? 0);
  });

  it('reads a validity period as the issue and expiry dates', () => {
    const doc = parseDocument([
      page('@0.2!2 绿色建材产品认证证书\n@0.1 有效期：2025年1月1日至2030年1月1日\n@0.1 认证等级：★★★'),
    ]);
    expect(values(doc, 'issueDate')).toEqual(['2025-01-01']);
    expect(values(doc, 'expiryDate')).toEqual(['2030-01-01']);
    expect(values(doc, 'starRating')).toEqual(['3']);
    expect(field(doc, 'expiryDate').box[0]).toBeGreaterThan(field(doc, 'issueDate').box[2]);
  });

  it('keeps only the fields of the kind, one per key, the surest', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}\n@0.1 样品名称：岩棉板\n@0.1 星级：★★★\n@0.1 有效期至：2030年1月1日`),
      page('@0.1 样品名称 @0.3 ~0.6 岩棉扳'),
    ]);
    expect(values(doc, 'productName')).toEqual(['岩棉板']);
    expect(values(doc, 'starRating')).toEqual([]);
    expect(values(doc, 'expiryDate')).toEqual([]);
  });
});

describe('test items', () => {
  const header = '@0.06 序号 @0.12 检验项目 @0.35 单位 @0.47 标准要求 @0.65 检验结果 @0.82 单项判定';

  it('reads rows by the header columns: requirement bounds, measured numbers, units, verdicts', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}
        ${header}
        @0.07 1 @0.12 导热系数(25℃) @0.33 W/(m·K) @0.47 ≤0.030 @0.66 0.028 @0.83 合格
        @0.07 2 @0.12 压缩强度 @0.35 kPa @0.47 不小于 200 @0.66 ２５６ @0.83 合格
        @0.07 3 @0.12 吸水率 @0.35 % @0.47 ＜1.5 @0.66 O.8 @0.83 台格
        @0.07 4 @0.12 燃烧性能等级 @0.35 — @0.47 B1(B) @0.66 B1(B) @0.83 符合
        @0.07 5 @0.12 尺寸稳定性 @0.35 % @0.47 0.030~0.040 @0.66 2.6 @0.83 不合格
        @0.07 6 @0.12 外观 @0.35 / @0.47 无裂纹 @0.66 无裂纹 @0.83 —
        @0.1 （以下空白）
        @0.1 备注：1 本报告仅对来样负责`),
    ]);
    expect(doc.items.map((i) => i.name)).toEqual([
      '导热系数(25℃)',
      '压缩强度',
      '吸水率',
      '燃烧性能等级',
      '尺寸稳定性',
      '外观',
    ]);
    const [k, strength, water, fire, size, look] = doc.items;
    expect(k).toMatchObject({
      requirement: '≤0.030',
      bound: { op: '<=', value: 0.03, unit: 'W/(m·K)' },
      measured: '0.028',
      measuredValue: 0.028,
      unit: 'W/(m·K)',
      verdict: 'pass',
      page: 0,
    });
    expect(strength).toMatchObject({ bound: { op: '>=', value: 200 }, measuredValue: 256, verdict: 'pass' });
    expect(water).toMatchObject({ bound: { op: '<', value: 1.5 }, measuredValue: 0.8, verdict: 'pass' });
    expect(fire?.measuredValue).toBeUndefined();
    expect(fire?.verdict).toBe('pass');
    expect(size?.bound).toBeUndefined();
    expect(size?.verdict).toBe('fail');
    expect(look?.verdict).toBe('none');
    // The row's box spans its cells, under the header.
    expect(k?.box[0]).toBeCloseTo(0.07, 2);
    expect(k?.box[2]).toBeGreaterThan(0.83);
    expect(k?.box[1]).toBeGreaterThan(0.05 + 2 * PITCH - 0.001);
  });

  it('splits a text-layer row that joined its cells, under a header that is one line', () => {
    const doc = parseDocument([
      page(
        `${REPORT_TITLE}
        @0.08 序号 检测项目 单位 技术要求 检测结果 单项结论
        @0.08 1 挥发性有机化合物(VOC) g/L ≤80 36 符合
        @0.08 2 游离甲醛 mg/kg ≤50 未检出 符合`,
        { source: 'text' },
      ),
    ]);
    expect(doc.items).toHaveLength(2);
    expect(doc.items[0]).toMatchObject({
      name: '挥发性有机化合物(VOC)',
      requirement: '≤80',
      measured: '36',
      measuredValue: 36,
      unit: 'g/L',
      verdict: 'pass',
    });
    expect(doc.items[1]).toMatchObject({ name: '游离甲醛', measured: '未检出', verdict: 'pass' });
    expect(doc.items[1]?.measuredValue).toBeUndefined();
  });

  it('follows a table onto the next page, with its header repeated and without', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}\n${header}\n@0.07 1 @0.12 密度 @0.35 kg/m³ @0.47 ≥140 @0.66 152 @0.83 合格`),
      page(`@0.05 报告编号：JC2026-0312-07 @0.75 第2页 共3页
        @0.07 2 @0.12 酸度系数 @0.35 — @0.47 ≥1.6 @0.66 1.8 @0.83 合格`),
      page(`@0.05 报告编号：JC2026-0312-07 @0.75 第3页 共3页
        ${header}
        @0.07 3 @0.12 渣球含量 @0.35 % @0.47 ≤10 @0.66 12 @0.83 不合格
        @0.1 以下空白`),
      page('@0.05 第4页\n@0.07 4 @0.12 说明文字 @0.47 不属于表格 @0.83 合格'),
    ]);
    expect(doc.items.map((i) => [i.name, i.page, i.verdict])).toEqual([
      ['密度', 0, 'pass'],
      ['酸度系数', 1, 'pass'],
      ['渣球含量', 2, 'fail'],
    ]);
  });

  it('reads a header wrapped over two lines and an item name wrapped in its cell', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}
        y=0.2 @0.05 序号 @0.12 检验项目 @0.4 标准 @0.55 检验 @0.7 单项
        y=0.22 @0.4 要求 @0.55 结果 @0.7 判定
        y=0.26 @0.06 1 @0.12 密度 @0.4 ≥140 @0.55 152 @0.7 合格
        y=0.30 @0.12 垂直于表面的抗
        y=0.315 @0.06 2 @0.4 ≥10 @0.55 15.2 @0.7 合格
        y=0.33 @0.12 拉强度
        y=0.37 @0.06 3 @0.12 燃烧性能 @0.4 A级 @0.55 A(A1)级 @0.7 合格`),
    ]);
    expect(doc.items.map((i) => i.name)).toEqual(['密度', '垂直于表面的抗拉强度', '燃烧性能']);
    expect(doc.items[1]).toMatchObject({ bound: { op: '>=', value: 10 }, measuredValue: 15.2 });
  });

  it('finds no items without a results table, nor in a certificate', () => {
    expect(parseDocument([page(`${REPORT_TITLE}\n@0.1 检验项目：导热系数、压缩强度`)]).items).toEqual([]);
    const cert = parseDocument([
      page(`@0.2!2 绿色建材产品认证证书\n${header}\n@0.07 1 @0.12 密度 @0.35 kg/m³ @0.47 ≥140 @0.66 152 @0.83 合格`),
    ]);
    expect(cert.items).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Whole documents in the layouts laboratories and certification bodies use, with OCR's noise.

function summary(doc: ReadDocument): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const f of doc.fields) {
    const prev = out[f.key];
    out[f.key] = prev === undefined ? f.value : [...(Array.isArray(prev) ? prev : [prev]), f.value];
  }
  return out;
}

describe('whole documents', () => {
  it('report layout 1: cover, ruled information table, results table (scanned, a seal over the text)', () => {
    const doc = parseDocument([
      page(`@0.08!2 CMA
        @0.08 161012050321
        y=0.2 @0.3!2.2 检 验 检 测 报 告
        y=0.3 @0.55 No：JC2026-0312-07
        y=0.45 @0.2 产品名称：挤塑聚苯乙烯泡沫塑料板
        @0.2 委托单位：华东建材有限公司
        @0.2 检验类别：委托检验
        y=0.8 @0.28!1.3 江苏省建材质量检测中心有限公司
        @0.38 2026年3月5日`),
      page(`@0.05 报告编号：JC2026-0312-07 @0.75 第2页 共3页
        @0.1 样品名称 @0.3 挤塑聚苯乙烯泡沫塑料板 @0.6 规格型号 @0.75 1200×600×50mm
        @0.1 委托单位 @0.3 华东建材有限公司 @0.6 样品批号 @0.75 2026O218
        @0.1 生产单位 @0.3 江苏绿源保温材料 @0.6 检验依据 @0.75 GB/T 10801.2-2018
        @0.3 有限公司
        @0.1 检验结论 @0.3 经检验，该样品所检项目符合GB/T 10801.2-
        @0.3 2018标准要求，判定为合格。
        @0.62~0.4 （检验检 测专用章）
        @0.6 签发日期：2026年3月5日`),
      page(`@0.05 报告编号：JC2026-0312-07 @0.75 第3页 共3页
        @0.06 序号 @0.12 检验项目 @0.35 单位 @0.47 标准要求 @0.65 检验结果 @0.82 单项判定
        @0.07 1 @0.12 导热系数(25℃) @0.33 W/(m·K) @0.47 ≤0.030 @0.66 0.028 @0.83 合格
        @0.07 2 @0.12 压缩强度 @0.35 kPa @0.47 ≥200 @0.66 256 @0.83 合格
        @0.07 3 @0.12 吸水率 @0.35 % @0.47 ≤1.5 @0.66~0.6 O.8 @0.83 合格
        @0.07 4 @0.12 燃烧性能等级 @0.35 — @0.47 B1(B) @0.66 B1(B) @0.83 合格
        @0.1 （以下空白）`),
    ]);
    expect(doc.kind).toBe('test_report');
    expect(summary(doc)).toEqual({
      cma: 'true',
      cmaNo: '161012050321',
      cnas: 'false',
      reportNo: 'JC2026-0312-07',
      productName: '挤塑聚苯乙烯泡沫塑料板',
      client: '华东建材有限公司',
      laboratory: '江苏省建材质量检测中心有限公司',
      issueDate: '2026-03-05',
      model: '1200×600×50mm',
      sampleLot: '20260218',
      manufacturer: '江苏绿源保温材料有限公司',
      standard: 'GB/T 10801.2-2018',
      conclusion: 'pass',
    });
    expect(doc.items.map((i) => [i.name, i.measuredValue, i.verdict])).toEqual([
      ['导热系数(25℃)', 0.028, 'pass'],
      ['压缩强度', 256, 'pass'],
      ['吸水率', 0.8, 'pass'],
      ['燃烧性能等级', undefined, 'pass'],
    ]);
    expect(doc.items[2]?.confidence).toBeLessThan(doc.items[1]?.confidence ?? 0);
  });

  it('report layout 2: a text PDF whose lines join the cells, the table going on to page 2 without its header', () => {
    const doc = parseDocument([
      page(
        `@0.35!2 检测报告
        @0.08 报告编号：BJ-JC-2026-00418 @0.75 第 1 页 共 2 页
        @0.08 检测单位：北京中建研检测技术有限公司
        @0.08 委托单位：北京城建材料有限公司   样品名称：内墙乳胶漆
        @0.08 生产单位：河北美涂涂料有限公司   规格型号：20kg/桶
        @0.08 生产日期：2026.01.12   检测依据：GB 18582-2020、GB/T 9756-2018
        @0.08 检测结论：所检项目符合 GB 18582-2020 要求。
        @0.08 报告日期：2026-02-28
        @0.08 序号 检测项目 单位 技术要求 检测结果 单项结论
        @0.08 1 挥发性有机化合物(VOC) g/L ≤80 36 符合
        @0.08 2 游离甲醛 mg/kg ≤50 未检出 符合`,
        { source: 'text' },
      ),
      page(
        `@0.08 报告编号：BJ-JC-2026-00418 @0.75 第 2 页 共 2 页
        @0.08 3 可溶性铅 mg/kg ≤90 12 符合
        @0.08 4 耐洗刷性 次 ≥5000 3200 不符合
        @0.08 以下空白
        @0.08 批准：张三  审核：李四  主检：王五`,
        { source: 'text' },
      ),
    ]);
    expect(doc.kind).toBe('test_report');
    expect(summary(doc)).toMatchObject({
      reportNo: 'BJ-JC-2026-00418',
      laboratory: '北京中建研检测技术有限公司',
      client: '北京城建材料有限公司',
      productName: '内墙乳胶漆',
      manufacturer: '河北美涂涂料有限公司',
      model: '20kg/桶',
      sampleLot: '2026-01-12',
      standard: ['GB 18582-2020', 'GB/T 9756-2018'],
      conclusion: 'pass',
      issueDate: '2026-02-28',
      cma: 'false',
    });
    expect(doc.items.map((i) => [i.name, i.measured, i.verdict, i.page])).toEqual([
      ['挥发性有机化合物(VOC)', '36', 'pass', 0],
      ['游离甲醛', '未检出', 'pass', 0],
      ['可溶性铅', '12', 'pass', 1],
      ['耐洗刷性', '3200', 'fail', 1],
    ]);
    expect(doc.items[3]?.bound).toEqual({ op: '>=', value: 5000, unit: '次' });
  });

  it('report layout 3: a phone photo, marks with numbers under them, a split number, values under their labels', () => {
    const doc = parseDocument([
      page(
        `@0.1 CMA @0.65 CNAS
        @0.1 2020OO1235 @0.65 CNAS Ll234
        y=0.15 @0.25!2 检验报告
        @0.55 报 告 编 号：SH2026-
        @0.55 WT-0088
        y=0.4 @0.15 样品名称 @0.55 委托方
        @0.15~0.8 岩棉板 @0.55 上海申城建设集团有限公司
        @0.15 型号规格 @0.55 送检日期
        @0.15 1200×600×100 @0.55 2026年2月1日
        y=0.8 @0.3!1.2 上海建科检测有限公司
        @0.33 二〇二六年三月十日`,
        { confidence: 0.9 },
      ),
      page(
        `@0.05 序号 @0.12 检验项目 @0.4 标准 @0.55 检验 @0.7 单项
        y=0.07 @0.4 要求 @0.55 结果 @0.7 判定
        y=0.11 @0.06 1 @0.12 密度 @0.4 ≥140 @0.55 152 @0.7 合格
        y=0.15 @0.12 垂直于表面的抗
        y=0.165 @0.06 2 @0.4 ≥10 @0.55 15.2 @0.7 合格
        y=0.18 @0.12 拉强度
        y=0.22 @0.06 3 @0.12 燃烧性能 @0.4 A级 @0.55 A(A1)级 @0.7 合格
        @0.1 检验结论：经检验，所检项目符合 GB/T 25975-2018
        @0.1 标准要求。`,
        { confidence: 0.88 },
      ),
    ]);
    expect(doc.kind).toBe('test_report');
    expect(summary(doc)).toEqual({
      cma: 'true',
      cmaNo: '2020001235',
      cnas: 'true',
      cnasNo: 'L1234',
      reportNo: 'SH2026-WT-0088',
      productName: '岩棉板',
      client: '上海申城建设集团有限公司',
      model: '1200×600×100',
      laboratory: '上海建科检测有限公司',
      issueDate: '2026-03-10',
      conclusion: 'pass',
      standard: 'GB/T 25975-2018',
    });
    expect(doc.items.map((i) => i.name)).toEqual(['密度', '垂直于表面的抗拉强度', '燃烧性能']);
  });

  it('certificate layout 1: a text PDF, label and colon on each line', () => {
    const doc = parseDocument([
      page(
        `y=0.1 @0.25!2 绿色建材产品认证证书
        @0.32 证书编号：CGBM2025ZJ00123
        y=0.25 @0.15 获证企业：浙江华塑新材料股份有限公司
        @0.15 生产企业：浙江华塑新材料股份有限公司
        @0.15 产品名称：挤塑聚苯乙烯泡沫塑料板
        @0.15 规格型号：XPS-250、XPS-300、XPS-350
        @0.15 认证依据：T/CECS 10025-2019《绿色建材评价 保温系统材料》
        @0.15 认证等级：★★★
        @0.15 发证日期：2025年6月18日
        @0.15 有效期至：2028年6月17日
        y=0.8 @0.5 中国建材检验认证集团股份有限公司`,
        { source: 'text' },
      ),
    ]);
    expect(doc.kind).toBe('green_certificate');
    expect(summary(doc)).toEqual({
      certNo: 'CGBM2025ZJ00123',
      holder: '浙江华塑新材料股份有限公司',
      manufacturer: '浙江华塑新材料股份有限公司',
      productName: '挤塑聚苯乙烯泡沫塑料板',
      model: ['XPS-250', 'XPS-300', 'XPS-350'],
      standard: 'T/CECS 10025-2019',
      starRating: '3',
      issueDate: '2025-06-18',
      expiryDate: '2028-06-17',
      body: '中国建材检验认证集团股份有限公司',
    });
    expect(doc.items).toEqual([]);
  });

  it('certificate layout 2: scanned, labels and values in cells, a validity period, 三星级', () => {
    const doc = parseDocument([
      page(
        `y=0.08 @0.2!2 ~0.8 绿色建材评价标识证书
        y=0.2 @0.1 证书号 @0.3 GB-XY-2024-O456
        @0.1 获证组织 @0.3 山东鲁泰建材科技有限公司
        @0.1 产品名称 @0.3 预拌砂浆
        @0.1 产品型号 @0.3 DM M10、DP M15
        @0.1 依据标准 @0.3 GB/T 25181-2019
        @0.1 星 级 @0.3 三星级
        @0.1 有效期 @0.3 2024年9月1日至2027年8月31日
        @0.1 发证机构 @0.3~0.7 北京国建联信认证中心有限公司`,
        { confidence: 0.93 },
      ),
    ]);
    expect(doc.kind).toBe('green_certificate');
    expect(summary(doc)).toEqual({
      certNo: 'GB-XY-2024-0456',
      holder: '山东鲁泰建材科技有限公司',
      productName: '预拌砂浆',
      model: ['DM M10', 'DP M15'],
      standard: 'GB/T 25181-2019',
      starRating: '3',
      issueDate: '2024-09-01',
      expiryDate: '2027-08-31',
      body: '北京国建联信认证中心有限公司',
    });
    expect(field(doc, 'body').confidence).toBeLessThan(field(doc, 'holder').confidence);
  });

  it('certificate of conformity: a small card photographed, full-width date, the verdict a word of its own', () => {
    const doc = parseDocument([
      page(
        `@0.3!2 产品合格证
        @0.1 产品名称：弹性体改性沥青防水卷材
        @0.1 型号规格：SBS I PY PE 4 10
        @0.1 生产批号：20260110-02
        @0.1 生产日期：２０２６年１月１０日
        @0.1 执行标准：GB 18242-2008
        @0.1 检验员：07
        @0.1 生产厂家：潍坊宏源防水材料有限公司
        @0.35!1.5 合 格`,
        { confidence: 0.85 },
      ),
    ]);
    expect(doc.kind).toBe('conformity_certificate');
    expect(summary(doc)).toEqual({
      productName: '弹性体改性沥青防水卷材',
      model: 'SBS I PY PE 4 10',
      sampleLot: '20260110-02',
      productionDate: '2026-01-10',
      standard: 'GB 18242-2008',
      manufacturer: '潍坊宏源防水材料有限公司',
      conclusion: 'pass',
    });
  });
});

describe('layouts met in the corpus', () => {
  it('takes columns from the rows when short cells stand left of their centred header, under a page title', () => {
    const doc = parseDocument([
      page(`${REPORT_TITLE}
        @0.45!1.5 检测结果
        @0.082 序号 @0.238 检验项目 @0.456 单位 @0.575 标准要求 @0.717 检验结果 @0.838 单项判定
        @0.074 1 @0.134 导热系数（平均温度25℃） @0.42 W/(m·K) @0.538 ≤0.040 @0.689 0.038 @0.823 符合
        @0.074 2 @0.134 酸度系数 @0.42 — @0.538 ≥1.8 @0.689 2.1 @0.823 符合
        @0.074 3 @0.134 密度 @0.42 kg/m³ @0.538 ≥140 @0.689 152 @0.823 不符合`),
    ]);
    expect(doc.items.map((i) => [i.name, i.requirement, i.measured, i.verdict])).toEqual([
      ['导热系数（平均温度25℃）', '≤0.040', '0.038', 'pass'],
      ['酸度系数', '≥1.8', '2.1', 'pass'],
      ['密度', '≥140', '152', 'fail'],
    ]);
  });

  it('keeps Chinese brackets in names, splits listed models (x read for ×), counts only filled stars', () => {
    const doc = parseDocument([
      page(`@0.2!2 绿色建材产品认证证书
        @0.15 获证企业： @0.3 浙建质检（杭州）检测有限公司
        @0.15 规格型号： @0.3 800x800mm、600 X 1200mm
        @0.15 认证星级： @0.3 ★★☆`),
    ]);
    expect(values(doc, 'holder')).toEqual(['浙建质检（杭州）检测有限公司']);
    expect(values(doc, 'model')).toEqual(['800×800mm', '600×1200mm']);
    expect(values(doc, 'starRating')).toEqual(['2']);
    const [a, b] = doc.fields.filter((f) => f.key === 'model');
    expect(a?.box[2]).toBeLessThanOrEqual(b?.box[0] ?? 0);
  });

  it('reads a CMA number printed alone under a drawn mark, and a number on two lines of its cell', () => {
    const doc = parseDocument([
      page(`@0.2 浙建质检检测有限公司
        @0.067 ２０２０１１００５６
        ${REPORT_TITLE}
        y=0.233 @0.672 报告编号
        y=0.252 @0.672 ZJZJ(２０２６)
        y=0.269 @0.672 WT-００５８７
        y=0.32 @0.107 样品名称 @0.292 岩棉板`),
    ]);
    expect(values(doc, 'cma')).toEqual(['true']);
    expect(values(doc, 'cmaNo')).toEqual(['2020110056']);
    expect(field(doc, 'cma').confidence).toBeLessThan(0.7);
    expect(values(doc, 'reportNo')).toEqual(['ZJZJ(2026)WT-00587']);
    expect(values(doc, 'productName')).toEqual(['岩棉板']);
  });

  it("takes a date standing alone as the issue date, never a date in another label's cell (OCR gives cells as lines)", () => {
    const cells = `${REPORT_TITLE}
        @0.1 样品名称 @0.3 岩棉板
        @0.1 到样日期 @0.3 2026年2月20日`;
    // The issue date's own label unread (a shaded corner): no issue date rather than the arrival date.
    expect(values(parseDocument([page(cells)]), 'issueDate')).toEqual([]);
    // A date printed alone under the laboratory's name is the issue date.
    const signed = parseDocument([page(`${cells}\n\n@0.55 浙建质检（杭州）检测有限公司\n@0.6 2026年3月5日`)]);
    expect(values(signed, 'issueDate')).toEqual(['2026-03-05']);
  });

  it('reads the laboratory from its title when OCR joined the CMA mark to it', () => {
    const doc = parseDocument([page(`@0.1!1.5 CMA 浙建质检（杭州）检测有限公司\n${REPORT_TITLE}`)]);
    expect(values(doc, 'laboratory')).toEqual(['浙建质检（杭州）检测有限公司']);
    expect(values(doc, 'cma')).toEqual(['true']);
    expect(field(doc, 'laboratory').box[0]).toBeGreaterThan(0.1 + 0.03);
  });

  it("reads a card's maker from its own line when no label names it, without a stamp read into it", () => {
    const doc = parseDocument([
      page(`@0.3!2 产品合格证
        @0.1 产品名称 @0.33 中空玻璃
        @0.1 检验结果 @0.33 合格
        @0.27 安徽明晶玻璃制品有限公司 QC PASSED
        @0.33 地址：工业园区创业路18号`),
    ]);
    expect(summary(doc)).toEqual({
      productName: '中空玻璃',
      conclusion: 'pass',
      manufacturer: '安徽明晶玻璃制品有限公司',
    });
    // The stamp read into the maker's line is left out of its box.
    expect(field(doc, 'manufacturer').box[2]).toBeLessThan(0.27 + widthOf('安徽明晶玻璃制品有限公司', 1) + 0.01);
  });
});

describe('any input', () => {
  it('never throws, and answers boxes inside the page and confidences between 0 and 1', () => {
    const words = [
      '报告编号',
      '：',
      '检验结论',
      '合格',
      '2026年3月5日',
      'GB/T 1-2020',
      '序号',
      '检验项目',
      '检验结果',
      '单项判定',
      '≤0.04',
      'CMA',
      'CNAS',
      '★',
      '有效期',
      '至',
      '',
      ' ',
      '—',
      '1',
      'O',
      'l',
    ];
    const line = fc.record({
      text: fc
        .array(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 6 })), { maxLength: 6 })
        .map((w) => w.join('')),
      box: fc.tuple(
        fc.double({ min: -0.1, max: 1.1, noNaN: true }),
        fc.double({ min: -0.1, max: 1.1, noNaN: true }),
        fc.double({ min: -0.1, max: 1.1, noNaN: true }),
        fc.double({ min: -0.1, max: 1.1, noNaN: true }),
      ),
      confidence: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(Number.NaN)),
    });
    const pg = fc.record({
      width: fc.oneof(fc.constant(595), fc.constant(0)),
      height: fc.constant(842),
      source: fc.constantFrom('ocr' as const, 'text' as const),
      lines: fc.array(line, { maxLength: 25 }),
    });
    fc.assert(
      fc.property(fc.array(pg, { maxLength: 3 }), (pages) => {
        const doc = parseDocument(pages);
        for (const x of [...doc.fields, ...doc.items]) {
          expect(x.confidence).toBeGreaterThanOrEqual(0);
          expect(x.confidence).toBeLessThanOrEqual(1);
          expect(x.page).toBeLessThan(pages.length);
          for (const v of x.box) expect(v >= 0 && v <= 1).toBe(true);
          expect(x.box[0]).toBeLessThanOrEqual(x.box[2]);
          expect(x.box[1]).toBeLessThanOrEqual(x.box[3]);
        }
      }),
      { numRuns: 200, seed: 29 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Real OCR output: the engine's lines for the corpus's 300 dpi scans of its four reports (test/fixtures/evidence-ocr,
// written from `npm run bench:evidence`'s engine: one line per detected box, so a table's cells are lines of their
// own, on a page turned by up to 1.5°).

const ocrFixture = (name: string) =>
  (
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/evidence-ocr', `${name}.json`), 'utf8'),
    ) as { pages: ReadPage[] }
  ).pages;
const corpusItems = (doc: string) =>
  (
    JSON.parse(
      readFileSync(
        path.join(import.meta.dirname, '../../../test/fixtures/evidence-corpus', doc, 'labels.json'),
        'utf8',
      ),
    ) as { items: Array<{ name: string; measured: string; verdict: string; page: number }> }
  ).items;

/** The pages turned by `degrees` about the page's centre, each box the bounds of its turned corners (as OCR gives). */
function turned(pages: ReadPage[], degrees: number): ReadPage[] {
  const a = (degrees * Math.PI) / 180;
  return pages.map((p) => ({
    ...p,
    lines: p.lines.map((l) => {
      const [x0, y0, x1, y1] = l.box;
      const pts = [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ].map(([x, y]) => {
        const dx = ((x as number) - 0.5) * p.width;
        const dy = ((y as number) - 0.5) * p.height;
        return [
          (dx * Math.cos(a) - dy * Math.sin(a)) / p.width + 0.5,
          (dx * Math.sin(a) + dy * Math.cos(a)) / p.height + 0.5,
        ] as const;
      });
      const xs = pts.map((q) => q[0]);
      const ys = pts.map((q) => q[1]);
      return { ...l, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as Box };
    }),
  }));
}

describe('real OCR output of scanned reports', () => {
  // The corpus's font draws no ℃: the scans show "25 )" where the text layer says 25℃）, and OCR reads what is shown.
  // Its paint report's 干燥时间 result is a lone "1" the detector does not find.
  const shown = (name: string) => name.replace(/℃）?/, '');
  const unread = new Set(['report-c-paint:干燥时间（表干）']);

  for (const doc of ['report-a-xps', 'report-a-membrane', 'report-b-rockwool', 'report-c-paint']) {
    it(`reads every row of ${doc}'s results as the scan shows it, cells read as separate lines`, () => {
      const { items } = parseDocument(ocrFixture(`${doc}-scan300`));
      const want = corpusItems(doc);
      expect(items).toHaveLength(want.length);
      for (const w of want) {
        const got = items.find((i) => i.name.replace(/\s/g, '') === shown(w.name));
        expect(got, w.name).toBeDefined();
        expect(got?.page).toBe(w.page);
        expect(got?.verdict).toBe(w.verdict);
        expect(got?.measured).toBe(unread.has(`${doc}:${w.name}`) ? '' : w.measured);
      }
    });
  }

  it('keeps rows together on a page turned by 3° either way (a row is matched with the header’s slope taken out)', () => {
    const pages = ocrFixture('report-a-xps-scan300');
    const straight = parseDocument(pages).items.map((i) => [i.name, i.measured, i.verdict]);
    expect(straight).toHaveLength(6);
    for (const degrees of [3, -3]) {
      expect(parseDocument(turned(pages, degrees)).items.map((i) => [i.name, i.measured, i.verdict])).toEqual(straight);
    }
  });
});
