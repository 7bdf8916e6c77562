import type { ReadDocument, ReadField, ReadFieldKeyValue, ReadItem } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { checkReading, comparable, type ReadingContext, readingRules, similarity } from './reading.checks.ts';

const field = (key: ReadFieldKeyValue, value: string): ReadField => ({
  key,
  value,
  text: value,
  confidence: 0.95,
  page: 0,
  box: [0.1, 0.1, 0.4, 0.12],
});

const item = (name: string, requirement: string, measured: string, verdict: ReadItem['verdict']): ReadItem => {
  const value = Number(measured);
  return {
    name,
    requirement,
    measured,
    ...(Number.isFinite(value) ? { measuredValue: value } : {}),
    verdict,
    confidence: 0.9,
    page: 1,
    box: [0.1, 0.5, 0.9, 0.52],
  };
};

const report = (fields: ReadField[], items: ReadItem[] = []): ReadDocument => ({ kind: 'test_report', fields, items });

const goodReport = () =>
  report(
    [
      field('reportNo', 'JC2026-0312-07'),
      field('laboratory', '江苏省建设工程质量检测中心有限公司'),
      field('cma', 'true'),
      field('cmaNo', '201912345678'),
      field('client', '江苏绿筑新材料股份有限公司'),
      field('productName', '岩棉保温板'),
      field('model', 'TR10 1200×600×50'),
      field('standard', 'GB/T 25975-2018'),
      field('issueDate', '2026-03-05'),
    ],
    [item('导热系数（平均温度25℃）', '≤0.040', '0.036', 'pass'), item('垂直于表面的抗拉强度', '≥10', '12.4', 'pass')],
  );

const context = (over: Partial<ReadingContext> = {}): ReadingContext => ({
  expectedKind: 'test_report',
  product: { id: 7, name: '岩棉保温板', classifyCode: '0105', orgId: 3 },
  specs: [
    { name: 'TR10 50 厚', model: '1200×600×50' },
    { name: 'TR10 80 厚', model: '1200×600×80' },
  ],
  parties: ['江苏绿筑新材料股份有限公司'],
  useDate: '2026-11-01',
  reportMaxAgeDays: 365,
  declared: null,
  indicators: [
    {
      item: '导热系数',
      aliases: [],
      op: '<=',
      value: 0.04,
      unit: 'W/(m·K)',
      standards: ['GB/T 25975-2018'],
      source: 'GB/T 25975-2018',
    },
  ],
  numberUses: [],
  ledgerCertificate: null,
  ...over,
});

const outcome = (doc: ReadDocument, ctx: ReadingContext, code: string) =>
  checkReading(doc, ctx).find((f) => f.code === code)?.outcome;

describe('the checks of a document as read', () => {
  it('a report that agrees with the platform passes every rule it reads', () => {
    const findings = checkReading(goodReport(), context());
    expect(findings.map((f) => [f.code, f.outcome])).toEqual([
      ['ER-01', 'pass'],
      ['ER-02', 'pass'],
      ['ER-03', 'pass'],
      ['ER-04', 'pass'],
      ['ER-05', 'pass'],
      ['ER-06', 'pass'],
      ['ER-07', 'pass'],
      ['ER-10', 'pass'],
    ]);
    for (const f of findings) {
      const rule = Object.values(readingRules).find((r) => r.code === f.code);
      expect(f).toMatchObject({ version: rule?.version, name: rule?.name, definition: rule?.definition });
    }
  });

  it('ER-01: a certificate uploaded as a test report disagrees; a document not recognised is not checked', () => {
    expect(outcome({ kind: 'green_certificate', fields: [], items: [] }, context(), 'ER-01')).toBe('fail');
    expect(outcome({ kind: 'unknown', fields: [], items: [] }, context(), 'ER-01')).toBe('unknown');
  });

  it('ER-02: another product, or a model that is none of the specifications, disagrees and names the field', () => {
    const other = report([field('productName', '挤塑聚苯板'), field('model', 'X150')]);
    const found = checkReading(other, context()).find((f) => f.code === 'ER-02');
    expect(found).toMatchObject({ outcome: 'fail', found: '挤塑聚苯板', fields: [{ key: 'productName', index: 0 }] });
    const model = report([field('productName', '岩棉保温板'), field('model', 'TR15 1200×600×120')]);
    expect(checkReading(model, context()).find((f) => f.code === 'ER-02')).toMatchObject({
      outcome: 'fail',
      fields: [{ key: 'model', index: 0 }],
    });
    // Spaces, full-width letters and a certificate's list of models still agree.
    const listed = report([field('productName', '岩棉 保温板'), field('model', 'ＴＲ10 50 厚、TR15 100 厚')]);
    expect(outcome(listed, context(), 'ER-02')).toBe('pass');
    // A laboratory's longer name of the same product agrees; a name sharing only 板 does not.
    expect(outcome(report([field('productName', '建筑外墙外保温用岩棉板')]), context(), 'ER-02')).toBe('pass');
    expect(outcome(report([field('productName', '挤塑聚苯乙烯泡沫板')]), context(), 'ER-02')).toBe('fail');
    expect(outcome(report([]), context(), 'ER-02')).toBe('unknown');
  });

  it('ER-03: a client that is not the uploader (nor the maker it sells for) disagrees; a suffix does not matter', () => {
    expect(outcome(report([field('client', '江苏绿筑新材料有限公司')]), context(), 'ER-03')).toBe('pass');
    expect(outcome(report([field('client', '山东某某建材有限公司')]), context(), 'ER-03')).toBe('fail');
    expect(
      outcome(
        report([field('client', '山东某某建材有限公司')]),
        context({ parties: ['南京经销商贸有限公司', '山东某某建材有限公司'] }),
        'ER-03',
      ),
    ).toBe('pass');
  });

  it('ER-04: a report older than the window on the day of use, or dated after it, disagrees; the day itself counts', () => {
    const dated = (d: string) => report([field('issueDate', d)]);
    expect(outcome(dated('2025-11-01'), context(), 'ER-04')).toBe('pass');
    expect(outcome(dated('2025-10-31'), context(), 'ER-04')).toBe('fail');
    expect(outcome(dated('2026-11-02'), context(), 'ER-04')).toBe('fail');
    expect(outcome(dated('2020-01-01'), context({ reportMaxAgeDays: null }), 'ER-04')).toBe('pass');
    const cert = (until: string): ReadDocument => ({
      kind: 'green_certificate',
      fields: [field('issueDate', '2024-01-01'), field('expiryDate', until)],
      items: [],
    });
    expect(outcome(cert('2026-11-01'), context({ expectedKind: 'green_certificate' }), 'ER-04')).toBe('pass');
    expect(outcome(cert('2026-10-31'), context({ expectedKind: 'green_certificate' }), 'ER-04')).toBe('fail');
  });

  it('ER-05: a standard the category does not hold disagrees; the year does not matter; no standard held: not checked', () => {
    expect(outcome(report([field('standard', 'GB/T 10801.2-2018')]), context(), 'ER-05')).toBe('fail');
    expect(outcome(report([field('standard', 'GB/T25975—2010')]), context(), 'ER-05')).toBe('pass');
    expect(outcome(report([field('standard', 'GB/T 25975-2018')]), context({ indicators: [] }), 'ER-05')).toBe(
      'unknown',
    );
  });

  it('ER-05 (version 2): a certificate is graded against a green evaluation standard, not the product standard', () => {
    const cert = (standards: string[]) => ({
      kind: 'green_certificate' as const,
      fields: standards.map((s) => field('standard', s)),
      items: [],
    });
    const ctx = context({ expectedKind: 'green_certificate' });
    expect(outcome(cert(['T/CECS 10032-2019']), ctx, 'ER-05')).toBe('pass');
    expect(outcome(cert(['GB/T35608—2017']), ctx, 'ER-05')).toBe('pass');
    // The product standard the category's reports cite is not what a certificate is graded against.
    expect(outcome(cert(['GB/T 25975-2018']), ctx, 'ER-05')).toBe('warn');
    expect(outcome(cert(['T/CECS 280-2010']), ctx, 'ER-05')).toBe('warn');
    expect(outcome(cert(['GB/T 35614-2017']), ctx, 'ER-05')).toBe('warn');
    expect(outcome(cert([]), ctx, 'ER-05')).toBe('unknown');
    expect(checkReading(cert(['T/CECS 10032-2019']), ctx).find((f) => f.code === 'ER-05')?.version).toBe(2);
  });

  it('ER-06: a measured value beyond the platform threshold fails though the report says pass; so does a failed item', () => {
    const beyond = report([], [item('导热系数', '≤0.045', '0.043', 'pass'), item('尺寸偏差', '±2', '1', 'pass')]);
    const found = checkReading(beyond, context()).find((f) => f.code === 'ER-06');
    expect(found).toMatchObject({ outcome: 'fail', items: [0] });
    expect(found?.message).toContain('0.043');
    const failedItem = report([], [item('憎水率', '≥98', '95', 'fail')]);
    expect(checkReading(failedItem, context()).find((f) => f.code === 'ER-06')).toMatchObject({
      outcome: 'fail',
      items: [0],
    });
    expect(outcome(report([], [item('憎水率', '≥98', '99', 'pass')]), context(), 'ER-06')).toBe('unknown');
    expect(outcome(report([]), context(), 'ER-06')).toBe('unknown');
  });

  it('ER-07: the number on another maker’s product, or on an unrelated class of the same maker, disagrees', () => {
    const doc = report([field('reportNo', 'JC2026-0312-07')]);
    const use = { orgId: 9, orgName: '某某公司', productId: 40, productName: '岩棉板', classifyCode: '0105' };
    expect(outcome(doc, context({ numberUses: [use] }), 'ER-07')).toBe('fail');
    // The same maker, a related product (same first two digits): one report for both is allowed.
    expect(outcome(doc, context({ numberUses: [{ ...use, orgId: 3, classifyCode: '0104' }] }), 'ER-07')).toBe('pass');
    expect(outcome(doc, context({ numberUses: [{ ...use, orgId: 3, classifyCode: '0304' }] }), 'ER-07')).toBe('fail');
  });

  describe('a material with no platform product (an off-platform lot, as its site record types it)', () => {
    // What the storekeeper typed at receiving: name, classification, specification (no model), maker.
    const material = (over: Partial<ReadingContext> = {}) =>
      context({
        expectedKind: 'conformity_certificate',
        product: { id: null, name: 'SBS 改性沥青防水卷材', classifyCode: '0302', orgId: null },
        specs: [{ name: 'PY Ⅱ 4 mm', model: '' }],
        parties: ['北京东方雨虹防水技术股份有限公司'],
        indicators: [],
        ...over,
      });
    const card = (fields: ReadField[]): ReadDocument => ({ kind: 'conformity_certificate', fields, items: [] });
    const good = [
      field('productName', '弹性体改性沥青防水卷材（SBS）'),
      field('model', 'PY Ⅱ 4mm'),
      field('manufacturer', '北京东方雨虹防水技术股份有限公司'),
    ];

    it('ER-02 and ER-03 check the typed name, specification and maker', () => {
      expect(outcome(card(good), material(), 'ER-02')).toBe('pass');
      expect(outcome(card(good), material(), 'ER-03')).toBe('pass');
      const otherModel = checkReading(card([good[0] as ReadField, field('model', 'PY Ⅰ 3mm')]), material()).find(
        (f) => f.code === 'ER-02',
      );
      expect(otherModel).toMatchObject({ outcome: 'fail', found: 'PY Ⅰ 3mm', fields: [{ key: 'model', index: 0 }] });
      expect(otherModel?.message).toContain('到货材料');
      const otherMaker = checkReading(card([field('manufacturer', '山东某某防水材料有限公司')]), material()).find(
        (f) => f.code === 'ER-03',
      );
      expect(otherMaker).toMatchObject({ outcome: 'fail', expected: '北京东方雨虹防水技术股份有限公司' });
      expect(otherMaker?.message).toContain('到货记录所填的生产厂家');
      // No maker typed at receiving: nothing to compare the maker named with.
      expect(outcome(card(good), material({ parties: [] }), 'ER-03')).toBe('unknown');
    });

    it('ER-07: a number on the platform is another organisation’s unless that is the maker the record names', () => {
      const doc = report([field('reportNo', 'YH-2026-0088')]);
      const use = {
        orgId: 12,
        orgName: '北京东方雨虹防水技术有限公司',
        productId: 40,
        productName: 'SBS 防水卷材',
        classifyCode: '0302',
      };
      const ctx = (numberUses: ReadingContext['numberUses'], over: Partial<ReadingContext> = {}) =>
        material({ expectedKind: 'test_report', numberUses, ...over });
      // The maker named is that organisation (a suffix aside), same class: its own report.
      expect(outcome(doc, ctx([use]), 'ER-07')).toBe('pass');
      // Another maker's product, or the named maker's product of another class, disagrees.
      expect(outcome(doc, ctx([{ ...use, orgName: '山东某某防水材料有限公司' }]), 'ER-07')).toBe('fail');
      expect(outcome(doc, ctx([{ ...use, classifyCode: '0105' }]), 'ER-07')).toBe('fail');
      // No maker typed: every use on the platform is another organisation's.
      expect(outcome(doc, ctx([use], { parties: [] }), 'ER-07')).toBe('fail');
      expect(outcome(doc, ctx([]), 'ER-07')).toBe('pass');
    });
  });

  it('ER-08 and ER-09: a certificate is held to the ledger’s and to what was typed beside it', () => {
    const cert: ReadDocument = {
      kind: 'green_certificate',
      fields: [
        field('certNo', 'LJC-2025-0105-00562'),
        field('holder', '江苏绿筑新材料股份有限公司'),
        field('productName', '岩棉保温板'),
        field('starRating', '3'),
        field('issueDate', '2025-01-10'),
        field('expiryDate', '2030-01-09'),
      ],
      items: [],
    };
    const ledger = {
      certNo: 'LJC-2025-0105-00562',
      holderName: '江苏绿筑新材料股份有限公司',
      productName: '岩棉保温板',
      starRating: 2,
      validFrom: '2025-01-10',
      validUntil: '2030-01-09',
      revoked: false,
    };
    const ctx = context({ expectedKind: 'green_certificate', ledgerCertificate: ledger });
    const er08 = checkReading(cert, ctx).find((f) => f.code === 'ER-08');
    expect(er08?.outcome).toBe('fail');
    expect(er08?.message).toContain('星级（台账：2 星）');
    expect(outcome(cert, { ...ctx, ledgerCertificate: { ...ledger, starRating: 3 } }, 'ER-08')).toBe('pass');
    expect(outcome(cert, { ...ctx, ledgerCertificate: { ...ledger, starRating: 3, revoked: true } }, 'ER-08')).toBe(
      'fail',
    );
    const declared = {
      certNo: 'LJC-2025-0105-00562',
      issuer: null,
      starRating: 3,
      validFrom: null,
      validUntil: '2031-01-09',
    };
    const er09 = checkReading(cert, { ...ctx, declared }).find((f) => f.code === 'ER-09');
    expect(er09).toMatchObject({ outcome: 'fail', fields: [{ key: 'expiryDate', index: 0 }] });
  });

  it('ER-10: a report without a CMA mark is one to look closer at', () => {
    expect(outcome(report([field('cma', 'false')]), context(), 'ER-10')).toBe('warn');
  });

  it('lists failed findings first, then warnings, then not checked, then agreeing', () => {
    const doc = report([field('productName', '挤塑聚苯板'), field('cma', 'false')]);
    const order = checkReading(doc, context()).map((f) => f.outcome);
    const rank = { fail: 0, warn: 1, unknown: 2, pass: 3 };
    expect(order).toEqual([...order].sort((a, b) => rank[a] - rank[b]));
    expect(order[0]).toBe('fail');
  });

  it('compares text without spaces, punctuation or full-width forms', () => {
    expect(comparable('ＪＣ２０２６－0312 07')).toBe('JC2026031207');
    expect(similarity('岩棉保温板', '岩棉保温板')).toBe(1);
    expect(similarity('岩棉保温板', '挤塑聚苯板')).toBeLessThan(0.3);
  });
});
