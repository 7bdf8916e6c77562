import type { ReadDocument, ReadFieldKeyValue, ReadLine, ReadPage } from '@jcbb/contract';
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
