import type { ReadItem } from '@jcbb/contract';
import { type Doc, type Line, median, type Span, sameRow, spanBox, toFraction, union } from './reading.parse.lines.ts';
import { normalizeChars, normalizeValue, parseBound, parseMeasured, parseVerdict } from './reading.parse.values.ts';

/**
 * The results table of a test report (docs/evidence-reading.md, "Reading fields"): the header row found by its
 * words, the columns' x-ranges from the header words' boxes, every later line (or each of its space-separated parts
 * when it crosses columns) put in a column by x and in a row by y, the row's verdict (or measured value) as its
 * anchor. A table continues on the next page with its header repeated, or without it (the last columns reused).
 */

type Column = 'seq' | 'name' | 'unit' | 'requirement' | 'measured' | 'verdict';

const HEADER_WORDS: Array<[Column, string[]]> = [
  ['seq', ['序号', 'NO.']],
  [
    'name',
    [
      '检验项目名称',
      '检测项目名称',
      '检验项目',
      '检测项目',
      '试验项目',
      '检测参数',
      '检验参数',
      '项目名称',
      '项目',
      '参数',
    ],
  ],
  ['unit', ['计量单位', '单位']],
  [
    'requirement',
    [
      '标准要求',
      '技术要求',
      '标准规定值',
      '标准规定',
      '标准值',
      '技术指标',
      '指标要求',
      '性能指标',
      '标准指标',
      '规定值',
      '要求',
      '指标',
    ],
  ],
  [
    'measured',
    ['检验结果', '检测结果', '实测值', '测试结果', '实测结果', '检测值', '检验值', '试验结果', '测定值', '结果'],
  ],
  ['verdict', ['单项判定结果', '单项判定', '单项结论', '单项评定', '判定结果', '判定', '结论', '评定']],
];
const WORDS = HEADER_WORDS.flatMap(([col, words]) => words.map((w) => ({ col, w }))).sort(
  (a, b) => b.w.length - a.w.length,
);

const TABLE_END = /以下空白|以下无正文|以下无内容|^备注|^说明|^注[:：1]|^检验结论|^检测结论|^结论|主检|审核|批准|签发/;
const PAGE_TOP = /第\d+页|共\d+页|报告编号|^编号|^NO[.:]|PAGE\d/;

interface Cell {
  col: Column;
  x0: number;
  x1: number;
}

interface Header {
  cols: Array<{ col: Column; from: number; to: number }>;
  /** The header's foot (y − slope·x, as rows are matched). */
  y1: number;
  /**
   * The rows' slope (dy / dx) as the header's words show it: a scan turned by a degree or two puts a row's right end
   * higher or lower than its left, by a third of a row across an A4 table at 1.5°. Rows are matched on y − slope·x.
   */
  slope: number;
}

/** The slope of a header read as separate words (OCR boxes): a straight line through their centres. */
function slopeOf(row: Line[]): number {
  if (row.length < 3) return 0;
  const xs = row.map((l) => (l.x0 + l.x1) / 2);
  const ys = row.map((l) => (l.y0 + l.y1) / 2);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxx = 0;
  let sxy = 0;
  xs.forEach((x, k) => {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * ((ys[k] as number) - my);
  });
  const slope = sxx > 0 ? sxy / sxx : 0;
  // More than ~6° is no scan's turn but a header over two lines: no correction.
  return Math.abs(slope) <= 0.1 ? slope : 0;
}

/** Header words in a line: each with its column and the x-range of the word. */
function headerCells(line: Line): Cell[] {
  const c = line.compact;
  const cells: Cell[] = [];
  let covered = 0;
  for (let i = 0; i < c.length; ) {
    const hit = WORDS.find(({ w }) => c.startsWith(w, i));
    if (!hit) {
      i++;
      continue;
    }
    const span: Span = { line, start: line.map[i] as number, end: (line.map[i + hit.w.length - 1] as number) + 1 };
    const [x0, , x1] = spanBox(span);
    cells.push({ col: hit.col, x0, x1 });
    covered += hit.w.length;
    i += hit.w.length;
  }
  // A header cell is its word, perhaps with a unit or a note in brackets: not a sentence that contains one.
  const rest = c.replace(/[(（][^)）]*[)）]/g, '').length - covered;
  return rest <= Math.max(2, covered * 0.5) ? cells : [];
}

function findHeader(lines: Line[]): Header | undefined {
  const withWords = lines.filter((l) => headerCells(l).length);
  const rows: Line[][] = [];
  for (const l of withWords) {
    const row = rows.find((r) => r.some((x) => sameRow(x, l)));
    if (row) row.push(l);
    else rows.push([l]);
  }
  const kinds = (row: Line[]) => new Set(row.flatMap(headerCells).map((c) => c.col)).size;
  // The fullest row first (a page title 检测结果 is one word, the header five or six), then the highest.
  rows.sort((a, b) => kinds(b) - kinds(a) || (a[0] as Line).y0 - (b[0] as Line).y0);
  for (const base of rows) {
    const row = [...base];
    const seen = new Set(row.flatMap(headerCells).map((c) => c.col));
    // A header word wrapped onto a second line (标准 / 要求) just above or below adds the columns it names.
    const y0 = Math.min(...row.map((l) => l.y0));
    const y1 = Math.max(...row.map((l) => l.y1));
    const h = median(row.map((l) => l.h));
    for (const l of withWords) {
      if (row.includes(l) || l.y1 < y0 - 1.2 * h || l.y0 > y1 + 1.2 * h) continue;
      const cols = headerCells(l).map((c) => c.col);
      if (cols.some((c) => seen.has(c))) continue;
      row.push(l);
      for (const c of cols) seen.add(c);
    }
    if (!seen.has('name') || !(seen.has('measured') || seen.has('requirement')) || seen.size < 3) continue;
    const taken = new Set<Column>();
    const unique = row
      .flatMap(headerCells)
      .sort((a, b) => a.x0 - b.x0)
      .filter((cell) => !taken.has(cell.col) && !!taken.add(cell.col));
    const cols = unique.map((cell, k) => {
      const prev = unique[k - 1];
      const next = unique[k + 1];
      return {
        col: cell.col,
        from: prev ? (prev.x1 + cell.x0) / 2 : Number.NEGATIVE_INFINITY,
        to: next ? (cell.x1 + next.x0) / 2 : Number.POSITIVE_INFINITY,
      };
    });
    const slope = slopeOf(base);
    return { cols, y1: Math.max(...row.map((l) => l.y1 - slope * ((l.x0 + l.x1) / 2))), slope };
  }
  return undefined;
}

interface Piece {
  col: Column;
  text: string;
  line: Line;
  box: [number, number, number, number];
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/** A line in its column, or its space-separated parts each in theirs when it crosses columns. */
function place(line: Line, header: Header): Piece[] {
  const { cols } = header;
  const width = Math.max(line.x1 - line.x0, 1e-6);
  const best = cols.map((c) => ({ c, o: overlap(line.x0, line.x1, c.from, c.to) })).sort((a, b) => b.o - a.o)[0];
  if (best && best.o >= 0.7 * width)
    return [{ col: best.c.col, text: line.text, line, box: [line.x0, line.y0, line.x1, line.y1] }];
  const tokens = [...line.text.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  if (tokens.length <= 1)
    return best ? [{ col: best.c.col, text: line.text, line, box: [line.x0, line.y0, line.x1, line.y1] }] : [];
  const pieces = tokens.map((t, k) => {
    const box = spanBox({ line, start: t.start, end: t.end });
    const centre = (box[0] + box[2]) / 2;
    // As many parts as columns: one a column, in order (a text layer that joined the row's cells).
    const col =
      tokens.length === cols.length
        ? (cols[k] as (typeof cols)[number]).col
        : (cols.find((c) => centre >= c.from && centre < c.to) ?? cols[cols.length - 1])?.col;
    return { col: col as Column, text: line.text.slice(t.start, t.end), line, box };
  });
  // Neighbouring parts in one column are one cell ("导热系数 (25℃)").
  const merged: Piece[] = [];
  for (const p of pieces) {
    const prev = merged[merged.length - 1];
    if (prev && prev.col === p.col) {
      prev.text = `${prev.text} ${p.text}`;
      prev.box = union([prev.box, p.box]);
    } else merged.push({ ...p });
  }
  return merged;
}

function isAnchor(p: Piece, anchorCol: Column): boolean {
  if (p.col !== anchorCol) return false;
  const t = normalizeChars(p.text).replace(/\s/g, '');
  if (anchorCol === 'verdict') return parseVerdict(t) !== 'none' || /^[—\-/–]+$/.test(t);
  if (anchorCol === 'seq') return /^\d{1,3}(\.\d{1,2})?\.?$/.test(t);
  return t.length > 0;
}

interface PageTable {
  items: ReadItem[];
  /** The table ran to the page's foot (it may go on on the next page). */
  open: boolean;
  /** The columns as the rows showed them. */
  header: Header;
}

/**
 * The columns as the body shows them. Header words are centred over their columns, cells often left-aligned, so a
 * short cell may stand nearer the column before's header than its own. A row with one line per column says where
 * each column's cells are: the boundaries go halfway between those. Without such a row, the header's boundaries.
 */
function learnColumns(body: Line[], header: Header): Header {
  // Rows as the header's slope levels them.
  const level = (l: Line) => {
    const d = header.slope * ((l.x0 + l.x1) / 2);
    return { y0: l.y0 - d, y1: l.y1 - d };
  };
  const rows: Line[][] = [];
  for (const l of [...body].sort((a, b) => level(a).y0 - level(b).y0)) {
    const row = rows[rows.length - 1];
    if (row?.some((r) => sameRow(level(r), level(l)))) row.push(l);
    else rows.push([l]);
  }
  const n = header.cols.length;
  const spans: Array<[number, number]> = [];
  for (const row of rows) {
    if (row.length !== n) continue;
    const sorted = [...row].sort((a, b) => a.x0 - b.x0);
    if (sorted.some((l, k) => k > 0 && l.x0 < (sorted[k - 1] as Line).x1)) continue;
    sorted.forEach((l, k) => {
      const span = spans[k];
      spans[k] = span ? [Math.min(span[0], l.x0), Math.max(span[1], l.x1)] : [l.x0, l.x1];
    });
  }
  if (spans.length !== n) return header;
  const cols = header.cols.map((c, k) => {
    const prev = spans[k - 1];
    const cur = spans[k] as [number, number];
    const next = spans[k + 1];
    return {
      col: c.col,
      from: prev ? (prev[1] + cur[0]) / 2 : Number.NEGATIVE_INFINITY,
      to: next ? (cur[1] + next[0]) / 2 : Number.POSITIVE_INFINITY,
    };
  });
  return { cols, y1: header.y1, slope: header.slope };
}

function readTable(doc: Doc, lines: Line[], header: Header): PageTable {
  const body: Line[] = [];
  let open = true;
  for (const l of lines) {
    if (l.y0 - header.slope * ((l.x0 + l.x1) / 2) < header.y1 - 0.2 * l.h) continue;
    if (TABLE_END.test(l.compact)) {
      open = false;
      break;
    }
    body.push(l);
  }
  const columns = learnColumns(body, header);
  const pieces = body.flatMap((l) => place(l, columns));
  const present = new Set(header.cols.map((c) => c.col));
  const order: Column[] = ['verdict', 'measured', 'seq', 'name'];
  const anchorCol = order.find((c) => present.has(c) && pieces.some((p) => isAnchor(p, c)));
  if (!anchorCol) return { items: [], open, header: columns };
  const anchors = pieces.filter((p) => isAnchor(p, anchorCol));
  // An anchor column with repeated cells per row (a merged verdict over sub-rows) is still an anchor per cell.
  const rows = anchors.map((a) => ({ anchor: a, pieces: [a] as Piece[] }));
  // A row's height on the page, its turn taken out.
  const cy = (b: [number, number, number, number]) => (b[1] + b[3]) / 2 - header.slope * ((b[0] + b[2]) / 2);
  const gaps = anchors.slice(1).map((a, k) => cy(a.box) - cy((anchors[k] as Piece).box));
  const pitch = median(gaps) || 2 * median(body.map((l) => l.h));
  for (const p of pieces) {
    if (anchors.includes(p)) continue;
    let nearest: (typeof rows)[number] | undefined;
    let dist = Number.POSITIVE_INFINITY;
    for (const r of rows) {
      const d = Math.abs(cy(r.anchor.box) - cy(p.box));
      if (d < dist) {
        dist = d;
        nearest = r;
      }
    }
    if (nearest && dist <= Math.max(0.75 * pitch, 1.2 * p.line.h)) nearest.pieces.push(p);
  }
  const items: ReadItem[] = [];
  for (const row of rows) {
    const text = (col: Column) =>
      row.pieces
        .filter((p) => p.col === col)
        .sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0])
        .map((p) => p.text.trim())
        .reduce((acc, t) => (acc && /[ -~]$/.test(acc) && /^[ -~]/.test(t) ? `${acc} ${t}` : acc + t), '');
    let name = normalizeValue(text('name')).trim();
    if (!present.has('seq')) name = name.replace(/^\d{1,3}[.、\s]\s*/, '');
    const requirement = normalizeValue(text('requirement')).trim();
    const measured = normalizeValue(text('measured')).trim();
    const unitCol = normalizeValue(text('unit')).trim();
    if (!name || PAGE_TOP.test(name.replace(/\s/g, '').toUpperCase())) continue;
    if (!measured && !requirement && !text('verdict')) continue;
    if (headerCellsText(name)) continue;
    const bound = parseBound(requirement);
    const m = parseMeasured(measured);
    const unit = m.unit ?? (unitCol && unitCol !== '/' && unitCol !== '—' ? unitCol : undefined) ?? bound?.unit;
    const boundOut = bound && !bound.unit && unit && unitCol ? { ...bound, unit } : bound;
    const lineSet = [...new Set(row.pieces.map((p) => p.line))];
    const complete = measured && (present.has('verdict') ? text('verdict') : true) ? 1 : 0.8;
    const page = row.anchor.line.page;
    items.push({
      name,
      requirement,
      ...(boundOut ? { bound: boundOut } : {}),
      measured,
      ...(m.value !== undefined ? { measuredValue: m.value } : {}),
      ...(unit ? { unit } : {}),
      verdict: parseVerdict(text('verdict')),
      confidence: Math.round(Math.min(...lineSet.map((l) => l.confidence)) * 0.9 * complete * 1000) / 1000,
      page,
      box: toFraction(doc, page, union(row.pieces.map((p) => p.box))),
    });
  }
  return { items, open, header: columns };
}

/** A repeated header read as a row ("检验项目"). */
function headerCellsText(name: string): boolean {
  const c = name.replace(/\s/g, '');
  return WORDS.some(({ w }) => w === c);
}

/** Test items of every results table in the document, in page order. */
export function readItems(doc: Doc): ReadItem[] {
  const items: ReadItem[] = [];
  let last: Header | undefined;
  let open = false;
  for (const lines of doc.byPage) {
    let header = findHeader(lines);
    if (!header && last && open) {
      // The table goes on without its header: the same columns, from the top of the page (page headers aside).
      const top = lines.filter((l) => PAGE_TOP.test(l.compact));
      header = { cols: last.cols, y1: top.length ? Math.max(...top.map((l) => l.y1)) : 0, slope: 0 };
    }
    if (!header) {
      open = false;
      continue;
    }
    const table = readTable(doc, lines, header);
    items.push(...table.items);
    last = table.header;
    open = table.open && table.items.length > 0;
  }
  return items;
}
