/**
 * `npm run bench:evidence [-- DOC_ID... INPUT...]`: the reading engine over the evidence corpus
 * (test/fixtures/evidence-corpus, `npm run corpus:evidence`). For every document and input (text PDF, scans at 200
 * and 300 dpi, phone photo): seconds per page, the process's peak RSS while reading (the OCR model's native memory
 * included), and line-text accuracy against the labels' text — character error rate (edit distance over the
 * reading-order text, spaces removed, NFKC) and the share of the truth's characters found (order aside).
 * Arguments narrow the run: document ids and/or input names (text, scan200, scan300, photo).
 *
 * Then the fields: `parseDocument` on the pages read, compared with the labels — per input kind, field precision (of
 * the fields read, how many are right) and recall (of the fields the document carries, how many were read right),
 * values compared as an auditor would (NFKC, no spaces, capitals), test items right when name, measured value and
 * verdict are; and a table per field of where it fails. A photo shows one page: only that page's fields count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReadPage } from '@jcbb/contract';
import { parseDocument, readDocumentFile } from '../src/modules/evidence-reading/index.ts';

const CORPUS = path.join(import.meta.dirname, '../test/fixtures/evidence-corpus');
const INPUTS = ['text', 'scan200', 'scan300', 'photo'] as const;
type Input = (typeof INPUTS)[number];

interface Labels {
  id: string;
  kind: string;
  photoPage: number;
  inputs: Record<Input, string>;
  pages: { text: string; box: [number, number, number, number] }[][];
  fields: Record<string, string[]>;
  fieldBoxes: { key: string; value: string; page: number }[];
  items: { name: string; measured: string; verdict: string; page: number }[];
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

/** Counts of one field key (or of all): read right, read wrong (or read where the document has none), missed. */
interface Tally {
  right: number;
  wrong: number;
  missed: number;
}
const tally = (): Tally => ({ right: 0, wrong: 0, missed: 0 });
const same = (a: string, b: string) => squash(a).toUpperCase() === squash(b).toUpperCase();

/**
 * The parser on the pages read, against the labels: per field key, values right, wrong and missed (a photo shows one
 * page: the fields and items of the others are not expected), and the test items right (name, measured, verdict).
 */
function fieldScores(pages: ReadPage[], labels: Labels, input: Input) {
  const doc = parseDocument(pages);
  const onPage = (page: number) => input !== 'photo' || page === labels.photoPage;
  const perKey = new Map<string, Tally>();
  const of = (key: string) => {
    const t = perKey.get(key) ?? tally();
    perKey.set(key, t);
    return t;
  };
  const keys = new Set([...Object.keys(labels.fields), ...doc.fields.map((f) => f.key)]);
  for (const key of keys) {
    const shown = (labels.fields[key] ?? []).filter((v) => {
      const placed = labels.fieldBoxes.find((b) => b.key === key && same(b.value, v));
      return placed ? onPage(placed.page) : input !== 'photo';
    });
    const read = doc.fields.filter((f) => f.key === key).map((f) => f.value);
    const left = [...shown];
    for (const value of read) {
      const i = left.findIndex((v) => same(v, value));
      if (i >= 0) {
        left.splice(i, 1);
        of(key).right++;
      } else if ((labels.fields[key] ?? []).some((v) => same(v, value))) {
        // Right, from a page the photo does not show (a header repeated): neither counted nor held against.
      } else of(key).wrong++;
    }
    of(key).missed += left.length;
  }
  const items = labels.items.filter((i) => onPage(i.page));
  const itemsRight = items.filter((want) =>
    doc.items.some(
      (got) => same(got.name, want.name) && same(got.measured, want.measured) && got.verdict === want.verdict,
    ),
  ).length;
  return { kindRight: doc.kind === labels.kind, perKey, items: items.length, itemsRight };
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

const sum = (ts: Iterable<Tally>) => {
  const t = tally();
  for (const x of ts) {
    t.right += x.right;
    t.wrong += x.wrong;
    t.missed += x.missed;
  }
  return t;
};
const precision = (t: Tally) => (t.right + t.wrong === 0 ? 1 : t.right / (t.right + t.wrong));
const recall = (t: Tally) => (t.right + t.missed === 0 ? 1 : t.right / (t.right + t.missed));

async function main() {
  const args = process.argv.slice(2);
  const docs = readdirSync(CORPUS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .filter((d) => !args.some((a) => !INPUTS.includes(a as Input)) || args.includes(d))
    .sort();
  const inputs = INPUTS.filter((i) => !args.some((a) => INPUTS.includes(a as Input)) || args.includes(i));
  const rows: Row[] = [];
  /** Per input: per field key, the tallies over the corpus; items right and expected; kinds right. */
  const byInput = new Map<Input, { perKey: Map<string, Tally>; items: number; itemsRight: number; kinds: number }>();
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
      const scores = fieldScores(pages, labels, input);
      const acc = byInput.get(input) ?? { perKey: new Map<string, Tally>(), items: 0, itemsRight: 0, kinds: 0 };
      byInput.set(input, acc);
      for (const [key, t] of scores.perKey) acc.perKey.set(key, sum([acc.perKey.get(key) ?? tally(), t]));
      acc.items += scores.items;
      acc.itemsRight += scores.itemsRight;
      acc.kinds += scores.kindRight ? 1 : 0;
      const all = sum(scores.perKey.values());
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
        fields: `P ${precision(all).toFixed(2)} R ${recall(all).toFixed(2)}, items ${scores.itemsRight}/${scores.items}`,
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
  console.log('\n| input | documents | kind right | field precision | field recall | fields right | items right |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const input of inputs) {
    const acc = byInput.get(input);
    if (!acc) continue;
    const t = sum(acc.perKey.values());
    const n = rows.filter((r) => r.input === input).length;
    console.log(
      `| ${input} | ${n} | ${acc.kinds}/${n} | ${(precision(t) * 100).toFixed(1)} % | ${(recall(t) * 100).toFixed(1)} % | ${t.right}/${t.right + t.missed} | ${acc.itemsRight}/${acc.items} |`,
    );
  }
  const keys = [...new Set([...byInput.values()].flatMap((a) => [...a.perKey.keys()]))].sort();
  console.log(`\n| field | ${inputs.join(' | ')} |`);
  console.log(`| --- | ${inputs.map(() => '---').join(' | ')} |`);
  for (const key of keys) {
    const cells = inputs.map((input) => {
      const t = byInput.get(input)?.perKey.get(key);
      return t ? `${t.right}✓ ${t.wrong}✗ ${t.missed}–` : '';
    });
    console.log(`| ${key} | ${cells.join(' | ')} |`);
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
