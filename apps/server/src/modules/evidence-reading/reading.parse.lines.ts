import type { Box, ReadPage } from '@jcbb/contract';
import { charWeight, normalizeChars } from './reading.parse.values.ts';

/**
 * The lines of a document as the field and table rules see them: in page units (points or pixels, so x and y
 * distances compare), with the text normalised (half-width) and compacted (no spaces, upper case) for matching
 * labels, and a map from the compact text back to the original for sub-boxes.
 */
export interface Line {
  page: number;
  /** Index in the document's list of lines (reading order: page, then top to bottom, then left to right). */
  id: number;
  text: string;
  /** normalizeChars(text): same length, so indices are shared. */
  norm: string;
  /** norm without whitespace, upper case. */
  compact: string;
  /** compact index → text index. */
  map: number[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  h: number;
  confidence: number;
}

export interface Doc {
  lines: Line[];
  pages: ReadPage[];
  byPage: Line[][];
}

export function buildDoc(pages: ReadPage[]): Doc {
  const lines: Line[] = [];
  const byPage: Line[][] = [];
  pages.forEach((page, p) => {
    const w = page.width > 0 ? page.width : 1000;
    const hgt = page.height > 0 ? page.height : 1000;
    const pageLines: Line[] = [];
    for (const l of page.lines) {
      if (!l.text.trim()) continue;
      const [bx0, by0, bx1, by1] = l.box;
      const norm = normalizeChars(l.text);
      let compact = '';
      const map: number[] = [];
      for (let i = 0; i < norm.length; i++) {
        const ch = norm[i] as string;
        if (/\s/.test(ch)) continue;
        compact += ch.toUpperCase();
        map.push(i);
      }
      const y0 = Math.min(by0, by1) * hgt;
      const y1 = Math.max(by0, by1) * hgt;
      pageLines.push({
        page: p,
        id: 0,
        text: l.text,
        norm,
        compact,
        map,
        x0: Math.min(bx0, bx1) * w,
        x1: Math.max(bx0, bx1) * w,
        y0,
        y1,
        h: Math.max(y1 - y0, 1e-6),
        confidence: Number.isFinite(l.confidence) ? Math.min(1, Math.max(0, l.confidence)) : 0.5,
      });
    }
    // Reading order: rows top to bottom (a line joins the row it overlaps), each row left to right.
    pageLines.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
    const rows: Line[][] = [];
    for (const l of pageLines) {
      const row = rows[rows.length - 1];
      if (row?.some((r) => sameRow(r, l))) row.push(l);
      else rows.push([l]);
    }
    const ordered = rows.flatMap((row) => row.sort((a, b) => a.x0 - b.x0));
    byPage.push(ordered);
    lines.push(...ordered);
  });
  lines.forEach((l, i) => {
    l.id = i;
  });
  return { lines, pages, byPage };
}

/** Two lines share a row when they overlap vertically by half the smaller height. */
export function sameRow(a: { y0: number; y1: number }, b: { y0: number; y1: number }): boolean {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return overlap >= 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

export interface Span {
  line: Line;
  /** Character range in line.text. */
  start: number;
  end: number;
}

/** The box of part of a line, estimated from the characters' widths (an ideograph one em, Latin and digits half). */
export function spanBox(span: Span): [number, number, number, number] {
  const { line, start, end } = span;
  const weights = [...line.norm].map(charWeight);
  // [...str] splits by code point; indices here are UTF-16, equal for the BMP text documents carry.
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const before = weights.slice(0, start).reduce((a, b) => a + b, 0);
  const inside = weights.slice(start, end).reduce((a, b) => a + b, 0);
  const width = line.x1 - line.x0;
  return [line.x0 + (width * before) / total, line.y0, line.x0 + (width * (before + inside)) / total, line.y1];
}

export function union(boxes: Array<[number, number, number, number]>): [number, number, number, number] {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** A box in page units back to page fractions (the contract's form), rounded to 4 decimals, inside the page. */
export function toFraction(doc: Doc, page: number, box: [number, number, number, number]): Box {
  const p = doc.pages[page];
  const w = p && p.width > 0 ? p.width : 1000;
  const h = p && p.height > 0 ? p.height : 1000;
  const r = (v: number) => Math.min(1, Math.max(0, Math.round(v * 10000) / 10000));
  return [r(box[0] / w), r(box[1] / h), r(box[2] / w), r(box[3] / h)];
}

/** The original text between two compact indices (end exclusive), trimmed. */
export function textOf(line: Line, cStart: number, cEnd: number): Span {
  if (cStart >= line.compact.length || cEnd <= cStart) return { line, start: line.text.length, end: line.text.length };
  const start = line.map[cStart] as number;
  const end = (line.map[cEnd - 1] as number) + 1;
  return { line, start, end };
}

export function spanText(span: Span): string {
  return span.line.text.slice(span.start, span.end);
}

export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}
