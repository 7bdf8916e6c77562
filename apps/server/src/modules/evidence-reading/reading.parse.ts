import {
  type ReadDocument,
  ReadDocumentKind,
  type ReadDocumentKindValue,
  type ReadField,
  ReadFieldKey,
  type ReadFieldKeyValue,
  type ReadPage,
} from '@jcbb/contract';
import { findHits, type Hit, labelsFor } from './reading.parse.labels.ts';
import {
  buildDoc,
  type Doc,
  type Line,
  median,
  type Span,
  sameRow,
  spanBox,
  spanText,
  textOf,
  toFraction,
  union,
} from './reading.parse.lines.ts';
import { readItems } from './reading.parse.table.ts';
import {
  findDates,
  findStandards,
  fixDigits,
  normalizeChars,
  normalizeValue,
  parseStars,
  parseVerdict,
} from './reading.parse.values.ts';

/**
 * Fields from lines (docs/evidence-reading.md, "Reading fields"): the document's kind from its words, then each
 * field from a label and the value beside it — on the label's line, in the cell to its right, or below it — and the
 * test items from the results table (reading.parse.table.ts). Pure: no I/O, the same pages give the same document.
 */
export function parseDocument(pages: ReadPage[]): ReadDocument {
  const doc = buildDoc(pages);
  const kind = detectKind(doc);
  const fields = readFields(doc, kind);
  const items = kind === ReadDocumentKind.TEST_REPORT || kind === ReadDocumentKind.UNKNOWN ? readItems(doc) : [];
  return { kind, fields, items };
}

// ---------------------------------------------------------------------------------------------------------------
// The kind

const KIND_WORDS: Array<[ReadDocumentKindValue, RegExp]> = [
  [
    ReadDocumentKind.GREEN_CERTIFICATE,
    /绿色建材.{0,6}(认证|评价|标识).{0,4}证书|绿色建材产品认证|绿色建材评价标识|GREENBUILDINGMATERIAL/,
  ],
  [ReadDocumentKind.TEST_REPORT, /检[验测]检?测?(报告|报吿)|试验报告|TESTREPORT|INSPECTIONREPORT|TESTINGREPORT/],
  [ReadDocumentKind.CONFORMITY_CERTIFICATE, /合格证|CERTIFICATEOFCONFORMITY|CERTIFICATEOFQUALITY|QUALITYCERTIFICATE/],
];

/** Words that only one kind prints as labels: a document whose title the OCR garbled is still judged by them. */
const KIND_HINTS: Array<[ReadDocumentKindValue, RegExp]> = [
  [ReadDocumentKind.TEST_REPORT, /^(报告编号|检验类别|检测类别|委托单位|检验依据|检测依据|检验结论|检测结论|单项判定)/],
  [ReadDocumentKind.GREEN_CERTIFICATE, /^(证书编号|获证企业|获证组织|认证机构|有效期至|认证依据|星级)/],
  [ReadDocumentKind.CONFORMITY_CERTIFICATE, /^(检验员|出厂日期|执行标准|检验合格)/],
];

/**
 * Each kind's words score by where they stand: a title (short line, tall letters, first page) counts most; the words
 * inside a sentence ("依据检测报告…") count little. The labels only one kind prints add a little.
 */
function detectKind(doc: Doc): ReadDocumentKindValue {
  const medianH = median(doc.lines.map((l) => l.h)) || 1;
  const score = new Map<ReadDocumentKindValue, number>();
  const add = (k: ReadDocumentKindValue, v: number) => score.set(k, (score.get(k) ?? 0) + v);
  for (const line of doc.lines) {
    if (line.page > 2) break;
    const pageWeight = line.page === 0 ? 2 : 1;
    const size = Math.min(4, Math.max(0.5, line.h / medianH));
    for (const [kind, re] of KIND_WORDS) {
      const m = line.compact.match(re);
      if (!m) continue;
      const rest = line.compact.length - m[0].length;
      const title = rest <= 4 ? 2 : rest <= 12 ? 1 : 0.3;
      add(kind, pageWeight * size * title);
    }
    for (const [kind, re] of KIND_HINTS) if (re.test(line.compact)) add(kind, 0.3);
  }
  let best: ReadDocumentKindValue = ReadDocumentKind.UNKNOWN;
  let bestScore = 0.5;
  for (const [kind, s] of score)
    if (s > bestScore) {
      best = kind;
      bestScore = s;
    }
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Fields

const K = ReadFieldKey;

const KEYS_BY_KIND: Record<ReadDocumentKindValue, ReadFieldKeyValue[]> = {
  test_report: [
    K.REPORT_NO,
    K.LABORATORY,
    K.CMA,
    K.CMA_NO,
    K.CNAS,
    K.CNAS_NO,
    K.CLIENT,
    K.PRODUCT_NAME,
    K.MODEL,
    K.SAMPLE_LOT,
    K.STANDARD,
    K.CONCLUSION,
    K.ISSUE_DATE,
    K.MANUFACTURER,
  ],
  green_certificate: [
    K.CERT_NO,
    K.BODY,
    K.HOLDER,
    K.MANUFACTURER,
    K.PRODUCT_NAME,
    K.MODEL,
    K.STANDARD,
    K.STAR_RATING,
    K.ISSUE_DATE,
    K.EXPIRY_DATE,
  ],
  conformity_certificate: [
    K.PRODUCT_NAME,
    K.MODEL,
    K.SAMPLE_LOT,
    K.MANUFACTURER,
    K.STANDARD,
    K.PRODUCTION_DATE,
    K.CONCLUSION,
  ],
  unknown: Object.values(ReadFieldKey),
};

/** How sure the rule is of where the value stands, before the OCR's own confidence. */
const RULE = { same: 0.95, right: 0.88, below: 0.78, fallback: 0.6 } as const;
type Rule = keyof typeof RULE;

interface Candidate {
  key: ReadFieldKeyValue;
  value: string;
  text: string;
  confidence: number;
  page: number;
  box: [number, number, number, number];
  /** Order on the page, for the output. */
  order: number;
}

const NAME_KEYS = new Set<ReadFieldKeyValue>([K.LABORATORY, K.CLIENT, K.MANUFACTURER, K.HOLDER, K.BODY]);
const ID_KEYS = new Set<ReadFieldKeyValue>([K.REPORT_NO, K.CERT_NO]);
const DATE_KEYS = new Set<ReadFieldKeyValue>([K.ISSUE_DATE, K.EXPIRY_DATE, K.PRODUCTION_DATE]);
const ORG_END = /(公司|院|中心|厂|所|站|局|集团|社|部|会|室|店|基地|LTD\.?|CO\.?|INC\.?)$/i;
const PAGE_MARK = /第\s*\d+\s*页|共\s*\d+\s*页|page\s*\d+\s*(of\s*\d+)?/gi;
const SEPARATORS_LEFT = /^[\s:：,，;；、_|\-—]+/;
const SEPARATORS_RIGHT = /[\s,，;；、_|]+$/;
const SIGN_OFF = /专用章|盖章|签发|批准|审核|主检|签字|签名/;

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function trimSpan(span: Span): Span {
  const t = span.line.text.slice(span.start, span.end);
  const left = t.match(SEPARATORS_LEFT)?.[0].length ?? 0;
  const right = t.slice(left).match(SEPARATORS_RIGHT)?.[0].length ?? 0;
  return { line: span.line, start: span.start + left, end: Math.max(span.start + left, span.end - right) };
}

function readFields(doc: Doc, kind: ReadDocumentKindValue): ReadField[] {
  const labels = labelsFor(kind);
  const hitsByLine = new Map<number, Hit[]>();
  for (const line of doc.lines) hitsByLine.set(line.id, findHits(line, labels));
  const ctx: Ctx = { doc, kind, hitsByLine, used: new Set() };
  const candidates: Candidate[] = [];

  for (const line of doc.lines) {
    const hits = hitsByLine.get(line.id) ?? [];
    hits.forEach((hit, k) => {
      if (!hit.label.key) return;
      candidates.push(...readLabelled(ctx, hit, hits[k + 1]));
    });
  }
  candidates.push(...readMarks(ctx));
  candidates.push(...fallbacks(ctx, candidates));

  const allowed = new Set(KEYS_BY_KIND[kind]);
  return choose(candidates.filter((c) => allowed.has(c.key))).map((c) => ({
    key: c.key,
    value: c.value,
    text: c.text,
    confidence: round(c.confidence),
    page: c.page,
    box: toFraction(doc, c.page, c.box),
  }));
}

interface Ctx {
  doc: Doc;
  kind: ReadDocumentKindValue;
  hitsByLine: Map<number, Hit[]>;
  /** Lines taken as a labelled value (the fallbacks do not read them again). */
  used: Set<number>;
}

/** A line that starts with a label, or is a label the dictionaries do not know (送检日期, 出厂编号: short, all ideographs,
 * a label's last word). */
function labelledAtStart(ctx: Ctx, line: Line): boolean {
  if ((ctx.hitsByLine.get(line.id) ?? []).some((h) => h.cStart === 0)) return true;
  return UNKNOWN_LABEL.test(line.compact.replace(/[:：]$/, ''));
}

const UNKNOWN_LABEL =
  /^[\u4e00-\u9fff]{1,5}(日期|单位|名称|编号|型号|规格|依据|结论|地址|类别|类型|地点|数量|状态|人|方|号|者)$/;

/** The value part of a line: from its start up to its first label. */
function leadingSpan(ctx: Ctx, line: Line): Span {
  const first = (ctx.hitsByLine.get(line.id) ?? [])[0];
  return trimSpan(textOf(line, 0, first ? first.cStart : line.compact.length));
}

/** The nearest line to the right on the same row (a cell beside the label's), within half the page. */
function rightOf(ctx: Ctx, line: Line, x1 = line.x1): Line | undefined {
  const width = ctx.doc.pages[line.page]?.width ?? 1000;
  let best: Line | undefined;
  for (const l of ctx.doc.byPage[line.page] ?? []) {
    if (l === line || !sameRow(l, line) || l.x0 < x1 - 0.5 * line.h || l.x0 - x1 > 0.5 * width) continue;
    if (!best || l.x0 < best.x0) best = l;
  }
  return best;
}

/** The nearest line below a box that overlaps its columns (the cell under a label), within a few line heights. */
function below(
  ctx: Ctx,
  page: number,
  box: [number, number, number, number],
  h: number,
  maxGap: number,
  minX = box[0] - h,
  maxX = box[2] + 3 * h,
): Line | undefined {
  let best: Line | undefined;
  for (const l of ctx.doc.byPage[page] ?? []) {
    if (l.y0 < box[1] + 0.6 * h || l.y0 - box[3] > maxGap * h) continue;
    if (l.x1 < minX || l.x0 > maxX) continue;
    if (!best || l.y0 < best.y0 - 0.3 * h || (Math.abs(l.y0 - best.y0) <= 0.3 * h && l.x0 < best.x0)) best = l;
  }
  return best;
}

/** A line to the left on the same row that starts with a label: the line is then another row's value. */
function hasLabelLeft(ctx: Ctx, line: Line): boolean {
  return (ctx.doc.byPage[line.page] ?? []).some(
    (l) => l !== line && l.x1 <= line.x0 + 0.5 * line.h && sameRow(l, line) && labelledAtStart(ctx, l),
  );
}

function readLabelled(ctx: Ctx, hit: Hit, next: Hit | undefined): Candidate[] {
  const { line } = hit;
  const key = hit.label.key as ReadFieldKeyValue;
  const labelSpan = textOf(line, hit.cStart, hit.cEnd);
  const labelBox = spanBox(labelSpan);
  let spans: Span[] = [];
  let rule: Rule = 'same';
  const same = trimSpan(textOf(line, hit.cEnd, next ? next.cStart : line.compact.length));
  const sameText = spanText(same).replace(PAGE_MARK, '').trim();
  if (sameText.length > 0 && !(sameText.length <= 1 && /[^\p{L}\p{N}]/u.test(sameText))) spans = [same];
  else if (!next) {
    const right = rightOf(ctx, line);
    if (right && !labelledAtStart(ctx, right) && spanText(leadingSpan(ctx, right))) {
      spans = [leadingSpan(ctx, right)];
      rule = 'right';
    } else if (!right || labelledAtStart(ctx, right)) {
      const under = below(ctx, line.page, labelBox, line.h, 2.5);
      if (under && !labelledAtStart(ctx, under) && !hasLabelLeft(ctx, under)) {
        spans = [leadingSpan(ctx, under)];
        rule = 'below';
      }
    }
  }
  if (!spans.length) return [];
  spans = continueValue(ctx, key, spans, labelBox);
  for (const s of spans) ctx.used.add(s.line.id);

  const lines = [...new Set(spans.map((s) => s.line))];
  const text = lines.map((l) => l.text).join(' ');
  const ocr = Math.min(...lines.map((l) => l.confidence));
  const sure = RULE[rule] * (hit.label.rank === 0 ? 1 : 0.9) * (hit.fuzzy ? 0.85 : 1);
  return valuesOf(key, spans, hit.label.word.includes('日期')).map((v) => ({
    key: v.key ?? key,
    value: v.value,
    text,
    confidence: ocr * sure * v.sure,
    page: line.page,
    box: union(v.spans.map(spanBox)),
    order: line.id,
  }));
}

/** Lines a value runs on to: a number cut after its hyphen, a name wrapped in its cell, standards listed one per line,
 * the conclusion's sentence up to its full stop. */
function continueValue(ctx: Ctx, key: ReadFieldKeyValue, spans: Span[], labelBox: number[]): Span[] {
  const out = [...spans];
  const joined = () => out.map(spanText).join('');
  const last = () => out[out.length - 1] as Span;
  const maxLines = key === K.CONCLUSION || key === K.STANDARD ? 6 : 2;
  while (out.length < maxLines) {
    const tail = last();
    const tailBox = spanBox(tail);
    const h = tail.line.h;
    const text = joined().trim();
    let want: 'id' | 'idTail' | 'name' | 'standard' | 'sentence' | undefined;
    if (ID_KEYS.has(key)) want = /[-_/(]$/.test(text) ? 'id' : 'idTail';
    else if (NAME_KEYS.has(key) && !ORG_END.test(text.replace(/[（(][^）)]*[）)]$/, ''))) want = 'name';
    else if (key === K.STANDARD) want = 'standard';
    // A sentence runs on to its full stop; a verdict word (合格) is whole.
    else if (key === K.CONCLUSION && !/[。.]$/.test(text) && !(text.length <= 6 && parseVerdict(text) !== 'none'))
      want = 'sentence';
    if (!want) break;
    let next: Line | undefined;
    if (want === 'id') {
      const right = rightOf(ctx, tail.line, tailBox[2]);
      next =
        right && right.x0 - tailBox[2] < 2 * h
          ? right
          : below(ctx, tail.line.page, [labelBox[0] ?? 0, tailBox[1], tailBox[2], tailBox[3]], h, 1.5);
    } else if (want === 'idTail') {
      // A number printed on two lines in its cell ("ZJZJ(2026)" over "WT-00587"): the line right under, aligned.
      next = below(ctx, tail.line.page, tailBox, h, 0.8, tailBox[0] - h, tailBox[2]);
      if (next && Math.abs(next.x0 - tailBox[0]) > h) next = undefined;
    } else {
      const minX = want === 'name' ? tailBox[0] - 1.5 * h : (labelBox[0] ?? 0) - 2 * h;
      const gap = want === 'name' ? 1.3 : want === 'standard' ? 2.2 : 1.4;
      next = below(ctx, tail.line.page, tailBox, h, gap, minX, tailBox[2] + h);
      if (next && want === 'name' && Math.abs(next.x0 - tailBox[0]) > 1.5 * h) next = undefined;
    }
    if (!next || out.some((s) => s.line === next) || labelledAtStart(ctx, next) || hasLabelLeft(ctx, next)) break;
    const span = leadingSpan(ctx, next);
    const t = spanText(span);
    if (!t) break;
    if (want === 'id' && !/^[-_/]?[A-Z0-9]/i.test(fixDigits(normalizeChars(t)))) break;
    if (want === 'idTail' && !/^[-_/A-Z0-9()]{2,20}$/i.test(normalizeChars(t).replace(/\s/g, ''))) break;
    if (want === 'standard' && !findStandards(t).length) break;
    if (want === 'sentence' && SIGN_OFF.test(t)) break;
    if (want === 'name' && (t.length > 30 || findDates(t).length)) break;
    out.push(span);
  }
  return out;
}

interface Value {
  value: string;
  spans: Span[];
  sure: number;
  key?: ReadFieldKeyValue;
}

function collapse(text: string, soft = false): string {
  // OCR puts spaces between ideographs ("建 材"): gone; between Latin words they stay.
  return (soft ? normalizeValue(text) : normalizeChars(text))
    .replace(/\s+/g, ' ')
    .replace(/(?<=[^ -~]) (?=[^ -~])/g, '')
    .trim();
}

/** Sub-spans of a value's spans by character range in their joined text. */
function subSpans(spans: Span[], start: number, end: number): Span[] {
  const out: Span[] = [];
  let offset = 0;
  for (const s of spans) {
    const len = s.end - s.start;
    const a = Math.max(start, offset);
    const b = Math.min(end, offset + len);
    if (a < b) out.push({ line: s.line, start: s.start + a - offset, end: s.start + b - offset });
    offset += len;
  }
  return out.length ? out : spans;
}

/** Sizes as printed, 1200×600×50: OCR reads the multiplication sign as x, X or *. */
function dimensions(text: string): string {
  return text.replace(/(?<=\d)\s*[xX*]\s*(?=\d)/g, '×');
}

/** A lot written as a production date: the whole value is the date. */
function isOnlyDate(raw: string): boolean {
  const d = findDates(raw)[0];
  return !!d && raw.slice(0, d.start).trim() === '' && raw.slice(d.end).trim() === '';
}

/** The value normalised for its field, with the part of the text it came from; none when the text is not one. */
function valuesOf(key: ReadFieldKeyValue, spans: Span[], dateLabel = false): Value[] {
  const raw = spans.map(spanText).join('');
  if (DATE_KEYS.has(key) || (key === K.SAMPLE_LOT && dateLabel && isOnlyDate(raw))) {
    const dates = findDates(raw);
    const first = dates[0];
    if (!first) return [];
    const at = (d: (typeof dates)[number]) => subSpans(spans, d.start, d.end);
    // 有效期：2025年1月1日至2030年1月1日 — the issue date and the expiry.
    if (key === K.EXPIRY_DATE && dates.length >= 2) {
      const lastDate = dates[dates.length - 1] as (typeof dates)[number];
      return [
        { value: lastDate.value, spans: at(lastDate), sure: 1 },
        { value: first.value, spans: at(first), sure: 0.95, key: K.ISSUE_DATE },
      ];
    }
    return [{ value: first.value, spans: at(first), sure: 1 }];
  }
  if (key === K.STANDARD) {
    return findStandards(raw).map((s) => ({ value: s.value, spans: subSpans(spans, s.start, s.end), sure: 1 }));
  }
  if (key === K.STAR_RATING) {
    const stars = parseStars(raw);
    return stars ? [{ value: stars, spans, sure: 1 }] : [];
  }
  if (key === K.CONCLUSION) {
    return [{ value: parseVerdict(raw), spans, sure: parseVerdict(raw) === 'none' ? 0.6 : 1 }];
  }
  const cleaned = collapse(raw.replace(PAGE_MARK, ''));
  if (ID_KEYS.has(key)) {
    const id = fixDigits(cleaned.replace(/\s+/g, '')).replace(/[。.,，;；:：]+$/, '');
    if (!/\d/.test(id) || id.length < 3) return [];
    return [{ value: id, spans, sure: id === cleaned.replace(/\s+/g, '') ? 1 : 0.9 }];
  }
  const words = collapse(raw.replace(PAGE_MARK, ''), true);
  const fixed = key === K.SAMPLE_LOT || key === K.MODEL ? dimensions(fixDigits(words)) : words;
  const value = fixed.replace(/^[（(]?盖章[）)]?|[（(]?(盖章|公章|签章)[）)]?$/g, '').trim();
  if (!value || (NAME_KEYS.has(key) && [...value].length < 4) || !/[\p{L}\p{N}]/u.test(value)) return [];
  // Characters the reader changed (O read as 0) make the value a little less sure.
  const sure = fixed === words ? 1 : 0.9;
  if (key === K.MODEL) {
    // Several models listed (XPS-250、XPS-300): several fields, each with its part of the line.
    const parts = [...raw.matchAll(/[^、,，;；]+/g)].filter((m) => m[0].trim());
    if (parts.length > 1)
      return parts.map((m) => ({
        value: dimensions(fixDigits(collapse(m[0], true))),
        spans: subSpans(spans, m.index, m.index + m[0].length),
        sure,
      }));
  }
  return [{ value, spans, sure }];
}

// ---------------------------------------------------------------------------------------------------------------
// CMA and CNAS marks

function readMarks(ctx: Ctx): Candidate[] {
  const out: Candidate[] = [];
  const { doc } = ctx;
  const cma = findMark(ctx, /(?<![A-Z])CMA(?![A-Z])/, /(?<!\d)(\d{8,14})(?!\d)/, /(资质认定|计量认证)[^:]*编号/);
  if (!cma.found && ctx.kind === ReadDocumentKind.TEST_REPORT) Object.assign(cma, markNumberAlone(ctx));
  const cnas = findMark(ctx, /CNAS/, /(?:^|CNAS|[^A-Z])(L\d{4,5})(?!\d)/, /CNAS(注册号|编号|号)/);
  for (const [mark, key, noKey] of [
    [cma, K.CMA, K.CMA_NO],
    [cnas, K.CNAS, K.CNAS_NO],
  ] as const) {
    if (mark.found) {
      out.push({ key, value: 'true', ...mark.found });
      if (mark.number) out.push({ key: noKey, ...mark.number });
    } else if (ctx.kind === ReadDocumentKind.TEST_REPORT && doc.pages.length) {
      // Looked for on every page and not found: a report without the mark (the OCR may miss a drawn mark: less sure).
      const p = doc.pages[0] as ReadPage;
      const w = p.width > 0 ? p.width : 1000;
      const h = p.height > 0 ? p.height : 1000;
      out.push({ key, value: 'false', text: '', confidence: 0.5, page: 0, box: [0, 0, w, h], order: -1 });
    }
  }
  return out;
}

type Found = Omit<Candidate, 'key' | 'value'>;

/**
 * The CMA mark drawn as a picture (a text layer has no "CMA") with its number printed under it: a line of 8–14
 * digits alone near the top of the first page, no label, not a date. The mark is then taken as there, less surely.
 */
function markNumberAlone(ctx: Ctx): { found?: Found; number?: Found & { value: string } } {
  const height = ctx.doc.pages[0]?.height || 1000;
  for (const l of ctx.doc.byPage[0] ?? []) {
    if (l.y1 > 0.3 * height || ctx.used.has(l.id) || (ctx.hitsByLine.get(l.id) ?? []).length) continue;
    const digits = fixDigits(l.compact);
    if (!/^\d{8,14}$/.test(digits) || findDates(digits).length) continue;
    const at: Found = {
      text: l.text,
      confidence: l.confidence * 0.6,
      page: 0,
      box: [l.x0, l.y0, l.x1, l.y1],
      order: l.id,
    };
    return { found: at, number: { ...at, value: digits } };
  }
  return {};
}

function findMark(
  ctx: Ctx,
  mark: RegExp,
  number: RegExp,
  numberLabel: RegExp,
): { found?: Found; number?: Found & { value: string } } {
  const { doc } = ctx;
  // Digits as the compact text has them (same indices), O read as 0, and CNAS's "Ll234" as L1234.
  const digits = (l: Line) =>
    fixDigits(l.norm.replace(/(?<=L\s?)[lI|](?=\d)/g, '1'))
      .replace(/\s/g, '')
      .toUpperCase();
  for (const line of doc.lines) {
    const m = line.compact.match(mark);
    const labelled = line.compact.match(numberLabel);
    if (!m && !labelled) continue;
    const at = (m ?? labelled) as RegExpMatchArray;
    const markSpan = textOf(line, at.index ?? 0, (at.index ?? 0) + at[0].length);
    const found: Found = {
      text: line.text,
      confidence: line.confidence * (m ? 0.95 : 0.8),
      page: line.page,
      box: spanBox(markSpan),
      order: line.id,
    };
    // The number: on the mark's line after it, else a line of digits beside or under the mark.
    const near = [line, ...(doc.byPage[line.page] ?? []).filter((l) => l !== line && isNear(l, line))];
    for (const [n, l] of near.entries()) {
      const from = l === line ? (at.index ?? 0) + at[0].length : 0;
      const d = digits(l).slice(from);
      const nm = d.match(number);
      if (!nm || nm.index === undefined) continue;
      if (l !== line && labelledAtStart(ctx, l) && !numberLabel.test(l.compact)) continue;
      const idx = from + nm.index + nm[0].indexOf(nm[1] as string);
      const span = textOf(l, idx, idx + (nm[1] as string).length);
      return {
        found,
        number: {
          value: nm[1] as string,
          text: l === line ? line.text : `${line.text} ${l.text}`,
          confidence: l.confidence * (n === 0 ? 0.92 : 0.78),
          page: l.page,
          box: spanBox(span),
          order: l.id,
        },
      };
    }
    return { found };
  }
  return {};
}

/** Beside or under a line, within three line heights (a mark's number is printed right by it). */
function isNear(l: Line, mark: Line): boolean {
  const h = mark.h;
  const dx = Math.max(0, l.x0 - mark.x1, mark.x0 - l.x1);
  const dy = Math.max(0, l.y0 - mark.y1, mark.y0 - l.y1);
  return dx <= 3 * h && dy <= 3 * h && l.y0 >= mark.y0 - 0.5 * h;
}

// ---------------------------------------------------------------------------------------------------------------
// Fallbacks: fields found without their label

const LAB_NAME =
  /^[^:：,，。]{2,30}?(检测|检验|测试|质检|试验|质量监督|计量)[^:：,，。]{0,16}?(中心|研究院|院|所|站|有限公司|公司)(?:[（(][^）)]*[）)])?$/;
const MAKER_NAME = /^[^:：,，。]{2,30}(有限公司|有限责任公司|股份公司|集团|厂)$/;
const BODY_NAME = /^[^:：,，。]{2,30}?(认证|评价|标识)[^:：,，。]{0,12}?(中心|有限公司|公司|院|机构)$/;
const CONCLUSION_START = /^(经检验|经检测|经试验|经抽样检验|该样品|该批|所检项目|所检|综上|依据.*判定|按.*标准.*检验)/;

function fallbacks(ctx: Ctx, found: Candidate[]): Candidate[] {
  const { doc, kind } = ctx;
  const has = (key: ReadFieldKeyValue) => found.some((c) => c.key === key);
  const out: Candidate[] = [];
  const free = doc.lines.filter((l) => !ctx.used.has(l.id) && !(ctx.hitsByLine.get(l.id) ?? []).length);
  const medianH = median(doc.lines.map((l) => l.h)) || 1;

  const byName = (key: ReadFieldKeyValue, re: RegExp) => {
    if (has(key)) return;
    // The organisation's name as a line of its own: the title on the first page first (largest letters), then lower.
    // Latin letters after it are a stamp read into the line ("…有限公司 QC PASSED"): left out.
    let best: { line: Line; value: string; score: number } | undefined;
    for (const l of free) {
      // The mark beside the title read into its line ("CMA 浙建质检…") is no part of the name.
      const t = collapse(l.text, true)
        .replace(/[（(](盖章|公章)[）)]$/, '')
        .replace(/^(CMA|CNAS)\s*/i, '');
      const value = [t, t.replace(/\s+[A-Za-z0-9 .-]*$/, '')].find((v) => re.test(v.replace(/\s/g, '')));
      if (!value) continue;
      const score = (l.page === 0 ? 2 : 1) + l.h / medianH;
      if (!best || score > best.score) best = { line: l, value, score };
    }
    if (!best) return;
    const { line, value } = best;
    const skip = line.compact.match(/^(CMA|CNAS)/)?.[0].length ?? 0;
    const span = textOf(line, skip, skip + value.replace(/\s/g, '').length);
    out.push({ ...single(key, value, line, RULE.fallback), box: spanBox(span) });
  };
  if (kind === ReadDocumentKind.TEST_REPORT || kind === ReadDocumentKind.UNKNOWN) byName(K.LABORATORY, LAB_NAME);
  if (kind === ReadDocumentKind.GREEN_CERTIFICATE) byName(K.BODY, BODY_NAME);
  // A card names its maker on a line of its own, under the fields.
  if (kind === ReadDocumentKind.CONFORMITY_CERTIFICATE) byName(K.MANUFACTURER, MAKER_NAME);

  if (!has(K.CONCLUSION)) {
    const start = free.find((l) => CONCLUSION_START.test(l.compact));
    if (start) {
      const spans = continueValue(ctx, K.CONCLUSION, [trimSpan(textOf(start, 0, start.compact.length))], [start.x0]);
      const raw = spans.map(spanText).join('');
      const lines = [...new Set(spans.map((s) => s.line))];
      out.push({
        key: K.CONCLUSION,
        value: parseVerdict(raw),
        text: lines.map((l) => l.text).join(' '),
        confidence: Math.min(...lines.map((l) => l.confidence)) * RULE.fallback,
        page: start.page,
        box: union(spans.map(spanBox)),
        order: start.id,
      });
    } else if (kind === ReadDocumentKind.CONFORMITY_CERTIFICATE) {
      // A card's verdict is a word of its own: 合格, 检验合格, 产品合格.
      const word = free.find(
        (l) => /^(检验|产品|出厂)?(合格|不合格)(品|证)?$/.test(l.compact) && !/证$/.test(l.compact),
      );
      if (word) out.push(single(K.CONCLUSION, parseVerdict(word.text), word, RULE.below));
    }
  }

  // Standards cited in the conclusion's sentence when no 依据 label named them.
  if (!has(K.STANDARD)) {
    for (const c of [...found, ...out].filter((f) => f.key === K.CONCLUSION)) {
      for (const s of findStandards(c.text))
        out.push({ ...c, key: K.STANDARD, value: s.value, confidence: c.confidence * 0.8 });
    }
  }

  // An issue date printed alone (under the laboratory's name or its seal) on the first page, the lowest one. A date
  // in the cell right of another label (到样日期 | 2026年2月20日, as OCR gives a ruled row: two lines) is that label's.
  if (!has(K.ISSUE_DATE) && kind !== ReadDocumentKind.CONFORMITY_CERTIFICATE) {
    const alone = free.filter((l) => {
      const d = findDates(l.text)[0];
      return (
        l.page === 0 &&
        d &&
        l.compact.length <= 14 &&
        d.end - d.start >= l.text.trim().length - 2 &&
        !hasLabelLeft(ctx, l)
      );
    });
    const l = alone[alone.length - 1];
    if (l) out.push(single(K.ISSUE_DATE, findDates(l.text)[0]?.value as string, l, 0.55));
  }
  return out;
}

function single(key: ReadFieldKeyValue, value: string, line: Line, sure: number): Candidate {
  return {
    key,
    value,
    text: line.text,
    confidence: line.confidence * sure,
    page: line.page,
    box: [line.x0, line.y0, line.x1, line.y1],
    order: line.id,
  };
}

/**
 * One field per key, the surest (the earlier on a tie); standards all, once each; models all those of the surest
 * label (one label may list several). Ordered as on the page.
 */
function choose(candidates: Candidate[]): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const c of candidates) {
    const id = c.key === K.STANDARD ? `${c.key}:${c.value}` : c.key;
    const prev = best.get(id);
    if (!prev || c.confidence > prev.confidence + 1e-9) best.set(id, c);
  }
  const model = best.get(K.MODEL);
  const models = model
    ? candidates.filter(
        (c, k) =>
          c.key === K.MODEL &&
          c.order === model.order &&
          candidates.findIndex((d) => d.key === K.MODEL && d.order === c.order && d.value === c.value) === k,
      )
    : [];
  best.delete(K.MODEL);
  return [...best.values(), ...models].sort((a, b) => a.order - b.order);
}
