/**
 * `npm run bench:evidence [-- DOC_ID... INPUT...]`: the reading engine over the evidence corpus
 * (test/fixtures/evidence-corpus, `npm run corpus:evidence`). For every document and input (text PDF, scans at 200
 * and 300 dpi, phone photo): seconds per page, the process's peak RSS while reading (the OCR model's native memory
 * included), and line-text accuracy against the labels' text — character error rate (edit distance over the
 * reading-order text, spaces removed, NFKC) and the share of the truth's characters found (order aside).
 * Arguments narrow the run: document ids and/or input names (text, scan200, scan300, photo).
 *
 * Per-field precision/recall comes with the parser: see `fieldScores` below.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReadPage } from '@jcbb/contract';
import { readDocumentFile } from '../src/modules/evidence-reading/index.ts';

const CORPUS = path.join(import.meta.dirname, '../test/fixtures/evidence-corpus');
const INPUTS = ['text', 'scan200', 'scan300', 'photo'] as const;
type Input = (typeof INPUTS)[number];

interface Labels {
  id: string;
  kind: string;
  photoPage: number;
  inputs: Record<Input, string>;
  pages: { text: string; box: [number, number, number, number] }[][];
}

const squash = (s: string) => s.normalize('NFKC').replace(/\s+/g, '');

/** Lines in reading order: top to bottom by band, left to right within one. */
function readingOrder(lines: { text: string; box: [number, number, number, number] }[]): string {
  const sorted = [...lines].sort((a, b) => a.box[1] + a.box[3] - (b.box[1] + b.box[3]));
  const out: string[] = [];
  let band: typeof lines = [];
  let mid = -1;
  let h = 0;
  for (const l of sorted) {
    const m = (l.box[1] + l.box[3]) / 2;
    if (band.length && Math.abs(m - mid) > Math.max(h, l.box[3] - l.box[1]) / 2) {
      out.push(...band.sort((a, b) => a.box[0] - b.box[0]).map((x) => x.text));
      band = [];
    }
    if (!band.length) {
      mid = m;
      h = l.box[3] - l.box[1];
    }
    band.push(l);
  }
  out.push(...band.sort((a, b) => a.box[0] - b.box[0]).map((x) => x.text));
  return squash(out.join(''));
}

function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      cur[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[y.length] ?? 0;
}

/** The share of the truth's characters (as a multiset) that the reading has. */
function charRecall(truth: string, read: string): number {
  const have = new Map<string, number>();
  for (const c of read) have.set(c, (have.get(c) ?? 0) + 1);
  let found = 0;
  let total = 0;
  for (const c of truth) {
    total++;
    const n = have.get(c) ?? 0;
    if (n > 0) {
      found++;
      have.set(c, n - 1);
    }
  }
  return total ? found / total : 1;
}

/**
 * Per-field precision/recall, once the parser exists: import `parseDocument` from the module's index, run it on
 * `pages`, and compare its fields and items with labels.fields / labels.items (and fieldBoxes for the boxes). Until
 * then there is nothing to score.
 */
function fieldScores(_pages: ReadPage[], _labels: Labels): { precision: number; recall: number } | null {
  return null;
}

interface Row {
  doc: string;
  input: Input;
  pages: number;
  source: string;
  secondsPerPage: number;
  /** CPU seconds per page (all threads): the figure that holds on a shared machine. */
  cpuPerPage: number;
  peakRssMb: number;
  cer: number;
  charRecall: number;
  fields: string;
}

async function main() {
  const args = process.argv.slice(2);
  const docs = readdirSync(CORPUS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .filter((d) => !args.some((a) => !INPUTS.includes(a as Input)) || args.includes(d))
    .sort();
  const inputs = INPUTS.filter((i) => !args.some((a) => INPUTS.includes(a as Input)) || args.includes(i));
  const rows: Row[] = [];
  for (const doc of docs) {
    const labels = JSON.parse(readFileSync(path.join(CORPUS, doc, 'labels.json'), 'utf8')) as Labels;
    for (const input of inputs) {
      const file = path.join(CORPUS, doc, labels.inputs[input]);
      const bytes = readFileSync(file);
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const { pages } = await readDocumentFile(bytes, input === 'photo' ? 'image/jpeg' : 'application/pdf');
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const cpuSeconds = (used.user + used.system) / 1e6;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const truthPages = input === 'photo' ? [labels.pages[labels.photoPage] ?? []] : labels.pages;
      const truth = truthPages.map(readingOrder).join('');
      const read = pages.map((p) => readingOrder(p.lines)).join('');
      const scores = fieldScores(pages, labels);
      const row: Row = {
        doc,
        input,
        pages: pages.length,
        source: [...new Set(pages.map((p) => p.source))].join('+'),
        secondsPerPage: Math.round((seconds / pages.length) * 100) / 100,
        cpuPerPage: Math.round((cpuSeconds / pages.length) * 100) / 100,
        peakRssMb: Math.round(peak / 1024 / 1024),
        cer: Math.round((editDistance(truth, read) / Math.max(1, [...truth].length)) * 1000) / 1000,
        charRecall: Math.round(charRecall(truth, read) * 1000) / 1000,
        fields: scores ? `P ${scores.precision.toFixed(2)} R ${scores.recall.toFixed(2)}` : '—',
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
  console.log(
    '\n| document | input | pages | read by | s/page | CPU s/page | peak RSS MB | CER | char recall | fields |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.doc} | ${r.input} | ${r.pages} | ${r.source} | ${r.secondsPerPage} | ${r.cpuPerPage} | ${r.peakRssMb} | ${r.cer} | ${r.charRecall} | ${r.fields} |`,
    );
  }
  for (const input of inputs) {
    const of = rows.filter((r) => r.input === input);
    if (!of.length) continue;
    const mean = (f: (r: Row) => number) => of.reduce((n, r) => n + f(r), 0) / of.length;
    console.log(
      `${input}: mean CER ${mean((r) => r.cer).toFixed(3)}, char recall ${mean((r) => r.charRecall).toFixed(3)}, ` +
        `${mean((r) => r.secondsPerPage).toFixed(2)} s/page (CPU ${mean((r) => r.cpuPerPage).toFixed(2)} s), peak RSS ${Math.max(...of.map((r) => r.peakRssMb))} MB`,
    );
  }
}

await main();
