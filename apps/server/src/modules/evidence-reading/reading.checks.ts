import {
  CheckOutcome,
  type CheckOutcomeValue,
  ItemVerdict,
  type ReadDocument,
  ReadDocumentKind,
  type ReadDocumentKindValue,
  type ReadFieldKeyValue,
  type ReadingFinding,
  readDocumentKindLabels,
} from '@jcbb/contract';
import { addDays } from '@jcbb/contract/time';

/**
 * The checks of a document as read against the platform's facts (docs/evidence-reading.md, "Checks"). Each rule is
 * data — a code, a version, a name and a definition — and one pure function of the document and its context; a
 * finding names the rule, its outcome, what was compared and the fields to highlight. Rules never decide: the auditor
 * does, with the findings shown failed first. A field an auditor corrected is checked with the corrected value.
 */

/** A threshold of the category the product falls in (standard_indicators). */
export interface IndicatorRule {
  item: string;
  aliases: string[];
  op: '>=' | '<=' | '>' | '<';
  value: number;
  unit: string | null;
  standards: string[];
  source: string;
}

/** Another document naming the same report or certificate number. */
export interface NumberUse {
  orgId: number;
  orgName: string;
  productId: number;
  productName: string;
  classifyCode: string | null;
}

/** The platform's own certificate with the number read (the evidence ledger). */
export interface LedgerCertificate {
  certNo: string;
  holderName: string;
  productName: string;
  starRating: number | null;
  validFrom: string;
  validUntil: string;
  revoked: boolean;
}

/** Where the document is used, and what the platform holds about it. */
export interface ReadingContext {
  /** What the document was uploaded as; null when it was not said. */
  expectedKind: ReadDocumentKindValue | null;
  /**
   * What the document should speak of: a platform product, or a material a site record describes without one (an
   * off-platform lot: `id` and `orgId` null, the name, classification and maker as the record types them).
   */
  product: { id: number | null; name: string; classifyCode: string | null; orgId: number | null };
  /** The specifications (name and model) the document may speak of: the attached one, else all of the product's. */
  specs: { name: string; model: string }[];
  /**
   * The organisations the document may name as client or holder: the uploader, and the maker it sells for; for a
   * material with no product, the maker its record names.
   */
  parties: string[];
  /** The day the document is used on (the listing's submission, the delivery's arrival, today), YYYY-MM-DD. */
  useDate: string;
  /** How old a test report may be on the use date (the edition's window); null: no window held. */
  reportMaxAgeDays: number | null;
  /** What the uploader typed beside the file (a certificate's number, body, stars, validity). */
  declared: {
    certNo: string | null;
    issuer: string | null;
    starRating: number | null;
    validFrom: string | null;
    validUntil: string | null;
  } | null;
  /** The category's thresholds and expected standards; empty when the platform holds none for it. */
  indicators: IndicatorRule[];
  /** Other documents on the platform naming the number read (not this product's). */
  numberUses: NumberUse[];
  ledgerCertificate: LedgerCertificate | null;
}

interface Rule {
  code: string;
  version: number;
  name: string;
  definition: string;
  /** Which document kinds the rule reads. */
  kinds: ReadDocumentKindValue[];
}

const REPORT = ReadDocumentKind.TEST_REPORT;
const CERT = ReadDocumentKind.GREEN_CERTIFICATE;
const CONFORMITY = ReadDocumentKind.CONFORMITY_CERTIFICATE;

/** The rules, as data: a rule's meaning changes only with a new version (docs/evidence-reading.md lists them). */
export const readingRules = {
  kind: {
    code: 'ER-01',
    version: 1,
    name: '文件类型',
    definition: '文件读出的类型（检验检测报告、绿色建材认证证书、合格证）与上传时所选类型一致。',
    kinds: [REPORT, CERT, CONFORMITY, ReadDocumentKind.UNKNOWN],
  },
  product: {
    code: 'ER-02',
    version: 1,
    name: '产品与型号',
    definition:
      '文件上的产品名称与所附产品一致（去空格与标点后相互包含，或字符相似度不低于 0.6，或较短名称 80% 以上的字出现在另一名称中）；规格型号与所附规格之一一致。',
    kinds: [REPORT, CERT, CONFORMITY],
  },
  party: {
    code: 'ER-03',
    version: 1,
    name: '委托单位/获证企业',
    definition: '报告的委托单位或生产单位、证书的获证企业，是上传文件的企业或其代理销售的生产企业。',
    kinds: [REPORT, CERT, CONFORMITY],
  },
  dates: {
    code: 'ER-04',
    version: 1,
    name: '日期与有效期',
    definition:
      '签发日期不晚于使用日；检验检测报告在使用日不超过需求标准版本规定的时限（2025 版 365 天）；认证证书在使用日处于有效期内。',
    kinds: [REPORT, CERT],
  },
  standard: {
    code: 'ER-05',
    version: 2,
    name: '依据标准',
    definition:
      '检验检测报告所依据的标准，是平台为该品类登记的产品标准之一（平台未登记该品类时不核对）；' +
      '绿色建材认证证书所依据的，是绿色建材或绿色产品的评价标准（T/CECS 10000 系列、GB/T 35601～35613），而非产品标准。',
    kinds: [REPORT, CERT],
  },
  indicators: {
    code: 'ER-06',
    version: 1,
    name: '指标限值',
    definition:
      '报告中与平台登记指标同名（或别名）的检验项目，实测值满足平台登记的限值；报告自身判定为不合格的项目同样列出。',
    kinds: [REPORT],
  },
  reuse: {
    code: 'ER-07',
    version: 1,
    name: '报告编号重复使用',
    definition: '同一报告或证书编号（大写、去空格后比较）出现在其他企业的资料上，或同一企业分类码前两位不同的产品上。',
    kinds: [REPORT, CERT],
  },
  ledger: {
    code: 'ER-08',
    version: 1,
    name: '与平台证书台账一致',
    definition: '平台证据台账中有同号证书时，其获证企业、产品、星级与有效期与文件所读一致，且证书未被撤销。',
    kinds: [CERT],
  },
  declared: {
    code: 'ER-09',
    version: 1,
    name: '与填报信息一致',
    definition: '上传时填写的证书编号、认证机构、星级与有效期，与文件所读一致。',
    kinds: [CERT],
  },
  cma: {
    code: 'ER-10',
    version: 1,
    name: 'CMA 资质标志',
    definition: '检验检测报告带有 CMA 资质认定标志（向社会出具具有证明作用的数据须有 CMA）。',
    kinds: [REPORT],
  },
} as const satisfies Record<string, Rule>;

type FieldRef = { key: ReadFieldKeyValue; index: number };

/** Text for comparing: full-width to half-width, capitals, no spaces or punctuation. */
export function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s·•.,，。、:：;；()（）[\]【】《》"'“”‘’\-—_/\\]/g, '');
}

/** The words an organisation's name shares with any other of its kind, dropped before comparing names. */
const ORG_SUFFIX = /(股份有限公司|有限责任公司|有限公司|集团|公司|分公司|厂)$/;

function orgComparable(name: string): string {
  return comparable(name).replace(ORG_SUFFIX, '');
}

/** Dice coefficient of character bigrams: 1 for the same text, 0 for nothing shared. */
export function similarity(a: string, b: string): number {
  const grams = (s: string) => {
    const out = new Map<string, number>();
    for (let i = 0; i < s.length - 1; i++) out.set(s.slice(i, i + 2), (out.get(s.slice(i, i + 2)) ?? 0) + 1);
    return out;
  };
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const ga = grams(a);
  const gb = grams(b);
  let shared = 0;
  for (const [g, n] of ga) shared += Math.min(n, gb.get(g) ?? 0);
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}

/** The share of the shorter text's characters found in the longer: 岩棉保温板 in 建筑外墙外保温用岩棉板 is 1. */
export function coverage(a: string, b: string): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const chars = [...new Set(short)];
  if (chars.length === 0) return 0;
  return chars.filter((c) => long.includes(c)).length / chars.length;
}

/** The same product named two ways (a laboratory's longer name counts: by its characters, not their order). */
function sameName(read: string, held: string): boolean {
  const a = comparable(read);
  const b = comparable(held);
  if (!a || !b) return false;
  return a.includes(b) || b.includes(a) || similarity(a, b) >= 0.6 || coverage(a, b) >= 0.8;
}

/** The same model: digits matter in their order, so only containment or a close likeness counts. */
function sameModel(read: string, held: string): boolean {
  const a = comparable(read);
  const b = comparable(held);
  if (!a || !b) return false;
  return a.includes(b) || b.includes(a) || similarity(a, b) >= 0.75;
}

function sameOrg(read: string, held: string): boolean {
  const a = orgComparable(read);
  const b = orgComparable(held);
  if (!a || !b) return false;
  return a === b || a.includes(b) || b.includes(a) || similarity(a, b) >= 0.8;
}

/**
 * The green evaluation standards a certificate is graded against (ER-05 version 2; docs/evidence-reading.md,
 * "Checks"): the CECS green building material evaluation series (T/CECS 10025-2019 and its siblings, numbered from
 * 10000) and the national green product evaluation standards GB/T 35601–35613 (2017). Which one belongs to which
 * category is not held: the numbering per category could not be verified, so a certificate is checked for the kind
 * of standard, not the one.
 */
function isGreenEvaluationStandard(text: string): boolean {
  const code = standardCode(text);
  const cecs = /^TCECS(\d{5})$/.exec(code);
  if (cecs) return Number(cecs[1]) >= 10000 && Number(cecs[1]) < 11000;
  const gb = /^GBT(\d{5})$/.exec(code);
  return gb !== null && Number(gb[1]) >= 35601 && Number(gb[1]) <= 35613;
}

/** A standard's code without its year, for comparing "GB/T 10801.2-2018" with "GB/T 10801.2". */
function standardCode(text: string): string {
  return comparable(text.replace(/[-—–]\s*\d{4}\s*$/, ''));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function meets(value: number, op: IndicatorRule['op'], bound: number): boolean {
  switch (op) {
    case '>=':
      return value >= bound;
    case '<=':
      return value <= bound;
    case '>':
      return value > bound;
    case '<':
      return value < bound;
  }
}

/**
 * Check a document as read in its context. `values(key)` are the fields' values after the auditors' corrections, in
 * the order read; `refs(key)` the same fields' references for highlighting.
 */
export function checkReading(document: ReadDocument, ctx: ReadingContext): ReadingFinding[] {
  const byKey = new Map<ReadFieldKeyValue, { value: string; index: number }[]>();
  for (const f of document.fields) {
    const list = byKey.get(f.key) ?? [];
    list.push({ value: f.value, index: list.length });
    byKey.set(f.key, list);
  }
  const values = (key: ReadFieldKeyValue) => (byKey.get(key) ?? []).map((f) => f.value).filter((v) => v !== '');
  const first = (key: ReadFieldKeyValue): string | undefined => values(key)[0];
  const refs = (...keys: ReadFieldKeyValue[]): FieldRef[] =>
    keys.flatMap((key) => (byKey.get(key) ?? []).map((f) => ({ key, index: f.index })));

  const findings: ReadingFinding[] = [];
  const add = (
    rule: Rule,
    outcome: CheckOutcomeValue,
    message: string,
    extra: { expected?: string; found?: string; fields?: FieldRef[]; items?: number[] } = {},
  ) => {
    findings.push({
      code: rule.code,
      version: rule.version,
      name: rule.name,
      definition: rule.definition,
      outcome,
      message,
      ...(extra.expected === undefined ? {} : { expected: extra.expected }),
      ...(extra.found === undefined ? {} : { found: extra.found }),
      fields: extra.fields ?? [],
      items: extra.items ?? [],
    });
  };
  const kind = document.kind;
  // A material with no platform product is what was delivered, as its site record describes it.
  const offPlatform = ctx.product.id === null;
  const attached = offPlatform ? '到货材料' : '所附产品';
  const applies = (rule: Rule) => (rule.kinds as readonly ReadDocumentKindValue[]).includes(kind);

  // ER-01: the kind read against the kind uploaded.
  {
    const rule = readingRules.kind;
    if (kind === ReadDocumentKind.UNKNOWN) {
      add(rule, CheckOutcome.UNKNOWN, '未能从文件文字判断其类型，请人工查看原件。');
    } else if (ctx.expectedKind !== null && ctx.expectedKind !== kind) {
      add(
        rule,
        CheckOutcome.FAIL,
        `上传为“${readDocumentKindLabels[ctx.expectedKind].zh}”，文件读出为“${readDocumentKindLabels[kind].zh}”。`,
        {
          expected: readDocumentKindLabels[ctx.expectedKind].zh,
          found: readDocumentKindLabels[kind].zh,
        },
      );
    } else {
      add(rule, CheckOutcome.PASS, `文件为${readDocumentKindLabels[kind].zh}。`);
    }
  }

  // ER-02: the product and its model.
  if (applies(readingRules.product)) {
    const rule = readingRules.product;
    const name = first('productName');
    const models = values('model');
    if (name === undefined) {
      add(rule, CheckOutcome.UNKNOWN, '未读到产品名称。');
    } else if (!sameName(name, ctx.product.name)) {
      add(rule, CheckOutcome.FAIL, `文件上的产品“${name}”与${attached}“${ctx.product.name}”不一致。`, {
        expected: ctx.product.name,
        found: name,
        fields: refs('productName'),
      });
    } else if (models.length === 0 || ctx.specs.length === 0) {
      add(rule, CheckOutcome.PASS, `产品名称一致${models.length === 0 ? '（未读到规格型号）' : ''}。`, {
        fields: refs('productName'),
      });
    } else {
      // A certificate lists several models on one line: any of them naming one of the specifications agrees.
      const readModels = models.flatMap((m) => m.split(/[、,，;；]/)).filter((m) => m.trim() !== '');
      const held = ctx.specs.flatMap((s) => [s.name, s.model]);
      const matched = readModels.some((m) => held.some((h) => sameModel(m, h)));
      if (matched) {
        add(rule, CheckOutcome.PASS, '产品名称与规格型号一致。', { fields: refs('productName', 'model') });
      } else {
        add(rule, CheckOutcome.FAIL, `文件上的规格型号“${models.join('、')}”不是${attached}的规格。`, {
          expected: ctx.specs.map((s) => (s.model ? `${s.name}（${s.model}）` : s.name)).join('、'),
          found: models.join('、'),
          fields: refs('model'),
        });
      }
    }
  }

  // ER-03: the client, maker or holder is the uploader or the maker it sells for.
  if (applies(readingRules.party)) {
    const rule = readingRules.party;
    const keys: ReadFieldKeyValue[] = kind === CERT ? ['holder'] : ['client', 'manufacturer'];
    const named = keys.flatMap((k) => values(k));
    if (named.length === 0) {
      add(rule, CheckOutcome.UNKNOWN, kind === CERT ? '未读到获证企业。' : '未读到委托单位或生产单位。');
    } else if (ctx.parties.length === 0) {
      add(rule, CheckOutcome.UNKNOWN, `文件所列为“${named.join('、')}”；到货记录未填写生产厂家，无法核对。`, {
        found: named.join('、'),
        fields: refs(...keys),
      });
    } else if (named.some((n) => ctx.parties.some((p) => sameOrg(n, p)))) {
      add(rule, CheckOutcome.PASS, `文件所列企业为${ctx.parties[0] ?? ''}。`, { fields: refs(...keys) });
    } else {
      const notWhom = offPlatform ? '不是到货记录所填的生产厂家' : '不是上传企业，也不是其代理的生产企业';
      add(rule, CheckOutcome.FAIL, `文件所列“${named.join('、')}”${notWhom}。`, {
        expected: ctx.parties.join('、'),
        found: named.join('、'),
        fields: refs(...keys),
      });
    }
  }

  // ER-04: dates against the day of use.
  if (applies(readingRules.dates)) {
    const rule = readingRules.dates;
    const issued = first('issueDate');
    if (kind === REPORT) {
      if (issued === undefined) {
        add(rule, CheckOutcome.UNKNOWN, '未读到报告签发日期。');
      } else if (issued > ctx.useDate) {
        add(rule, CheckOutcome.FAIL, `报告签发日期 ${issued} 晚于使用日 ${ctx.useDate}。`, {
          expected: `不晚于 ${ctx.useDate}`,
          found: issued,
          fields: refs('issueDate'),
        });
      } else if (ctx.reportMaxAgeDays !== null && daysBetween(issued, ctx.useDate) > ctx.reportMaxAgeDays) {
        add(
          rule,
          CheckOutcome.FAIL,
          `报告签发于 ${issued}，至使用日 ${ctx.useDate} 已 ${daysBetween(issued, ctx.useDate)} 天，超过 ${ctx.reportMaxAgeDays} 天时限。`,
          {
            expected: `${addDays(ctx.useDate, -ctx.reportMaxAgeDays)} 之后签发`,
            found: issued,
            fields: refs('issueDate'),
          },
        );
      } else {
        add(rule, CheckOutcome.PASS, `报告签发于 ${issued}，在使用日的时限内。`, { fields: refs('issueDate') });
      }
    } else {
      const until = first('expiryDate');
      if (until === undefined) {
        add(rule, CheckOutcome.UNKNOWN, '未读到证书有效期。', { fields: refs('issueDate') });
      } else if (until < ctx.useDate) {
        add(rule, CheckOutcome.FAIL, `证书有效期至 ${until}，使用日 ${ctx.useDate} 已过期。`, {
          expected: `不早于 ${ctx.useDate}`,
          found: until,
          fields: refs('expiryDate'),
        });
      } else if (issued !== undefined && issued > ctx.useDate) {
        add(rule, CheckOutcome.FAIL, `证书发证日期 ${issued} 晚于使用日 ${ctx.useDate}。`, {
          found: issued,
          fields: refs('issueDate'),
        });
      } else {
        add(rule, CheckOutcome.PASS, `证书有效期至 ${until}，使用日在有效期内。`, {
          fields: refs('issueDate', 'expiryDate'),
        });
      }
    }
  }

  // ER-05: a report's standard is one the platform holds for the category; a certificate's, an evaluation standard.
  if (applies(readingRules.standard) && document.kind === CERT) {
    const rule = readingRules.standard;
    const cited = values('standard');
    const evaluation = cited.filter(isGreenEvaluationStandard);
    if (cited.length === 0) {
      add(rule, CheckOutcome.UNKNOWN, '未读到证书的认证依据。', { fields: refs('standard') });
    } else if (evaluation.length > 0) {
      add(rule, CheckOutcome.PASS, `认证依据 ${evaluation.join('、')}，为绿色建材评价标准。`, {
        fields: refs('standard'),
      });
    } else {
      add(
        rule,
        CheckOutcome.WARN,
        `证书所列依据 ${cited.join('、')} 不是绿色建材评价标准（T/CECS 10000 系列或 GB/T 35601～35613）。`,
        { found: cited.join('、'), fields: refs('standard') },
      );
    }
  } else if (applies(readingRules.standard)) {
    const rule = readingRules.standard;
    const expected = [...new Set(ctx.indicators.flatMap((i) => i.standards))];
    const cited = values('standard');
    if (expected.length === 0) {
      add(rule, CheckOutcome.UNKNOWN, '平台尚未登记该品类的依据标准。', { fields: refs('standard') });
    } else if (cited.length === 0) {
      add(rule, CheckOutcome.UNKNOWN, '未读到依据标准。', { expected: expected.join('、') });
    } else if (cited.some((c) => expected.some((e) => standardCode(c) === standardCode(e)))) {
      add(rule, CheckOutcome.PASS, `依据标准为 ${cited.join('、')}。`, { fields: refs('standard') });
    } else {
      add(rule, CheckOutcome.FAIL, `文件依据 ${cited.join('、')}，该品类应依据 ${expected.join('、')}。`, {
        expected: expected.join('、'),
        found: cited.join('、'),
        fields: refs('standard'),
      });
    }
  }

  // ER-06: each indicator the platform holds, against the measured value; and the report's own failed items.
  if (applies(readingRules.indicators)) {
    const rule = readingRules.indicators;
    const failed: number[] = [];
    const notes: string[] = [];
    let compared = 0;
    document.items.forEach((item, i) => {
      const name = comparable(item.name);
      const threshold = ctx.indicators.find((t) =>
        [t.item, ...t.aliases].some((n) => {
          const c = comparable(n);
          return c !== '' && (name.includes(c) || c.includes(name));
        }),
      );
      if (threshold && item.measuredValue !== undefined) {
        compared++;
        if (!meets(item.measuredValue, threshold.op, threshold.value)) {
          failed.push(i);
          notes.push(
            `${item.name} 实测 ${item.measured}，平台登记限值 ${threshold.op.replace('>=', '≥').replace('<=', '≤')} ${threshold.value}${threshold.unit ?? ''}`,
          );
          return;
        }
      }
      if (item.verdict === ItemVerdict.FAIL) {
        failed.push(i);
        notes.push(`${item.name} 报告判定不合格`);
      }
    });
    if (failed.length > 0) {
      add(rule, CheckOutcome.FAIL, `${notes.join('；')}。`, { items: failed });
    } else if (document.items.length === 0) {
      add(rule, CheckOutcome.UNKNOWN, '未读到检验项目表。');
    } else if (compared === 0) {
      add(rule, CheckOutcome.UNKNOWN, '平台尚未登记该品类的指标限值，或报告中没有同名项目；报告各项自身判定合格。');
    } else {
      add(rule, CheckOutcome.PASS, `${compared} 项指标满足平台登记的限值。`);
    }
  }

  // ER-07: the number on other organisations' evidence, or on an unrelated product of the same maker.
  if (applies(readingRules.reuse)) {
    const rule = readingRules.reuse;
    const key: ReadFieldKeyValue = kind === CERT ? 'certNo' : 'reportNo';
    const number = first(key);
    const classOf = (code: string | null) => (code ?? '').slice(0, 2);
    // The same organisation: the product's maker; for a material with no product, an organisation whose name is one
    // of the parties the record names (its maker): nothing named, every use is another's (docs/evidence-reading.md).
    const sameMaker = (u: NumberUse) =>
      ctx.product.orgId !== null ? u.orgId === ctx.product.orgId : ctx.parties.some((p) => sameOrg(p, u.orgName));
    const clashes = ctx.numberUses.filter(
      (u) =>
        !sameMaker(u) ||
        (u.productId !== ctx.product.id && classOf(u.classifyCode) !== classOf(ctx.product.classifyCode)),
    );
    if (number === undefined) {
      add(rule, CheckOutcome.UNKNOWN, kind === CERT ? '未读到证书编号。' : '未读到报告编号。');
    } else if (clashes.length > 0) {
      add(
        rule,
        CheckOutcome.FAIL,
        `编号 ${number} 也出现在 ${clashes.map((c) => `${c.orgName}的“${c.productName}”`).join('、')}的资料上。`,
        { found: number, fields: refs(key) },
      );
    } else {
      add(rule, CheckOutcome.PASS, `编号 ${number} 未在其他企业或无关产品的资料上出现。`, { fields: refs(key) });
    }
  }

  // ER-08: the platform's own certificate of that number.
  if (applies(readingRules.ledger)) {
    const rule = readingRules.ledger;
    const cert = ctx.ledgerCertificate;
    if (cert === null) {
      add(rule, CheckOutcome.UNKNOWN, '平台证据台账中没有该编号的证书（平台外机构颁发，不在台账中）。', {
        fields: refs('certNo'),
      });
    } else {
      const diffs: string[] = [];
      const holder = first('holder');
      if (holder !== undefined && !sameOrg(holder, cert.holderName)) diffs.push(`获证企业（台账：${cert.holderName}）`);
      const product = first('productName');
      if (product !== undefined && !sameName(product, cert.productName))
        diffs.push(`产品（台账：${cert.productName}）`);
      const star = first('starRating');
      if (star !== undefined && cert.starRating !== null && Number(star) !== cert.starRating)
        diffs.push(`星级（台账：${cert.starRating} 星）`);
      const until = first('expiryDate');
      if (until !== undefined && until !== cert.validUntil) diffs.push(`有效期至（台账：${cert.validUntil}）`);
      const from = first('issueDate');
      if (from !== undefined && from !== cert.validFrom) diffs.push(`发证日期（台账：${cert.validFrom}）`);
      if (cert.revoked) diffs.push('台账中该证书已撤销');
      if (diffs.length > 0) {
        add(rule, CheckOutcome.FAIL, `与平台证书台账不一致：${diffs.join('；')}。`, {
          fields: refs('certNo', 'holder', 'productName', 'starRating', 'issueDate', 'expiryDate'),
        });
      } else {
        add(rule, CheckOutcome.PASS, `与平台证书台账 ${cert.certNo} 一致。`, { fields: refs('certNo') });
      }
    }
  }

  // ER-09: what the uploader typed beside the file.
  if (applies(readingRules.declared) && ctx.declared !== null) {
    const rule = readingRules.declared;
    const d = ctx.declared;
    const diffs: string[] = [];
    const mark: FieldRef[] = [];
    const certNo = first('certNo');
    if (d.certNo && certNo !== undefined && comparable(d.certNo) !== comparable(certNo)) {
      diffs.push(`证书编号填写为 ${d.certNo}，文件为 ${certNo}`);
      mark.push(...refs('certNo'));
    }
    const star = first('starRating');
    if (d.starRating !== null && star !== undefined && Number(star) !== d.starRating) {
      diffs.push(`星级填写为 ${d.starRating} 星，证书为 ${star} 星`);
      mark.push(...refs('starRating'));
    }
    const until = first('expiryDate');
    if (d.validUntil && until !== undefined && d.validUntil !== until) {
      diffs.push(`有效期至填写为 ${d.validUntil}，证书为 ${until}`);
      mark.push(...refs('expiryDate'));
    }
    const body = first('body');
    if (d.issuer && body !== undefined && !sameOrg(body, d.issuer)) {
      diffs.push(`认证机构填写为 ${d.issuer}，证书为 ${body}`);
      mark.push(...refs('body'));
    }
    if (diffs.length > 0) add(rule, CheckOutcome.FAIL, `${diffs.join('；')}。`, { fields: mark });
    else
      add(rule, CheckOutcome.PASS, '填写的证书信息与文件一致。', {
        fields: refs('certNo', 'starRating', 'expiryDate'),
      });
  }

  // ER-10: a report's CMA mark.
  if (applies(readingRules.cma)) {
    const rule = readingRules.cma;
    if (first('cma') === 'true') {
      add(rule, CheckOutcome.PASS, `报告带有 CMA 标志${first('cmaNo') ? `（${first('cmaNo')}）` : ''}。`, {
        fields: refs('cma', 'cmaNo'),
      });
    } else {
      add(rule, CheckOutcome.WARN, '未在报告上读到 CMA 资质认定标志，请查看原件。');
    }
  }

  const order: Record<CheckOutcomeValue, number> = { fail: 0, warn: 1, unknown: 2, pass: 3 };
  return findings.sort((a, b) => order[a.outcome] - order[b.outcome] || a.code.localeCompare(b.code));
}
