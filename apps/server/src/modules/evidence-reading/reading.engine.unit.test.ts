import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createReadingWorker, ReadingRefused, readDocumentFile } from './index.ts';

const corpus = path.join(import.meta.dirname, '../../../test/fixtures/evidence-corpus');
const fixture = (doc: string, file: string) => readFileSync(path.join(corpus, doc, file));
interface Labels {
  pages: { text: string; box: [number, number, number, number] }[][];
}
const labels = (doc: string) => JSON.parse(fixture(doc, 'labels.json').toString('utf8')) as Labels;
const squash = (s: string) => s.replace(/\s+/g, '').normalize('NFKC');

async function pdf(build: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}) {
  const doc = new PDFDocument({ autoFirstPage: false, ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  build(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A PNG that declares width × height and holds one row of data: a decompression bomb's header. */
function pngDeclaring(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReadingRefused);
  return (error as ReadingRefused).reason;
}

describe('readDocumentFile', () => {
  it('reads a text PDF from its text layer: every line, with its box where it was drawn', async () => {
    const progress: [number, number][] = [];
    const { pages, previews } = await readDocumentFile(fixture('report-b-rockwool', 'text.pdf'), 'application/pdf', {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(pages.map((p) => p.source)).toEqual(['text', 'text']);
    expect(pages[0]).toMatchObject({ width: 595.28, height: 841.89 });
    const expected = labels('report-b-rockwool').pages[0] ?? [];
    for (const truth of expected) {
      // A line drawn with wide gaps (signatures in a row) reads as one line per run: its first run starts it.
      const line = pages[0]?.lines.find(
        (l) => squash(truth.text).startsWith(squash(l.text)) && Math.abs(l.box[0] - truth.box[0]) < 0.01,
      );
      expect(line, truth.text).toBeDefined();
      // Same left edge and baseline band as drawn (boxes are page fractions).
      expect(Math.abs((line?.box[0] ?? 9) - truth.box[0])).toBeLessThan(0.01);
      expect(Math.abs((line?.box[1] ?? 9) - truth.box[1])).toBeLessThan(0.015);
      expect(line?.confidence).toBe(1);
    }
    const meta = await sharp(previews[0]).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1400);
  });

  it('reads a scanned page (no text layer) by OCR, boxes on the page', { timeout: 60_000 }, async () => {
    const { pages, previews } = await readDocumentFile(fixture('conformity-glass', 'scan-200.pdf'), 'application/pdf');
    expect(pages).toHaveLength(1);
    expect(pages[0]?.source).toBe('ocr');
    expect(previews).toHaveLength(1);
    const lines = pages[0]?.lines ?? [];
    const text = squash(lines.map((l) => l.text).join('\n'));
    for (const word of [
      '产品合格证',
      '中空玻璃',
      'E+12A+6',
      'ZK2602187',
      'GB/T11944-2012',
      '安徽明晶玻璃制品有限公司',
    ]) {
      expect(text).toContain(word);
    }
    const maker = lines.find((l) => l.text.includes('明晶'));
    // Drawn centred at 300/419.5 pt of the card's height.
    expect(maker?.box[1]).toBeGreaterThan(0.68);
    expect(maker?.box[3]).toBeLessThan(0.78);
    for (const l of lines) {
      expect(l.confidence).toBeGreaterThan(0);
      expect(l.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('reads a results table on a scan cell by cell: each box the detector finds is a line of its own', {
    timeout: 60_000,
  }, async () => {
    const { pages } = await readDocumentFile(fixture('report-b-rockwool', 'scan-200.pdf'), 'application/pdf');
    const lines = pages[1]?.lines ?? [];
    const cell = (text: string) => lines.filter((l) => l.text === text);
    // 导热系数's row: requirement, result and verdict printed in three cells are three lines, on one row.
    for (const text of ['≤0.040', '0.038', '17.6', '垂直于表面的抗拉强度']) expect(cell(text), text).toHaveLength(1);
    const [req, got] = [cell('≤0.040')[0], cell('0.038')[0]];
    expect(req && got && req.box[2] < got.box[0]).toBe(true);
    expect(req && got && Math.abs(req.box[1] + req.box[3] - got.box[1] - got.box[3]) / 2).toBeLessThan(0.01);
    // Nothing on the page is a row's cells joined by spaces.
    expect(lines.filter((l) => /合格/.test(l.text) && /\d/.test(l.text))).toEqual([]);
  });

  it('gives a glyph its font maps to no character as U+FFFD, never U+0000 (which jsonb refuses)', async () => {
    // wqy-microhei has no superscript minus: pdf.js reads it as U+0000.
    const bytes = await pdf((d) => {
      d.registerFont('cjk', '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', 'WenQuanYiMicroHei');
      d.addPage().font('cjk').fontSize(14).text('透水系数 ≥1.0×10⁻² cm/s，检验结果合格', 50, 50);
    });
    const { pages } = await readDocumentFile(bytes, 'application/pdf');
    expect(pages[0]?.source).toBe('text');
    const text = (pages[0]?.lines ?? []).map((l) => l.text).join('');
    expect(text).toContain('透水系数');
    expect(text).not.toContain('\u0000');
    expect(text).toContain('\uFFFD');
  });

  it('refuses an encrypted PDF', async () => {
    const bytes = await pdf((d) => d.addPage().text('secret'), { userPassword: 'pw', pdfVersion: '1.7' });
    expect(await refusal(readDocumentFile(bytes, 'application/pdf'))).toBe('encrypted');
  });

  it('refuses a PDF of 200 pages', async () => {
    const bytes = await pdf((d) => {
      for (let i = 0; i < 200; i++) d.addPage({ size: [100, 100] });
    });
    expect(await refusal(readDocumentFile(bytes, 'application/pdf'))).toBe('too_many_pages');
  });

  it('refuses a corrupt PDF, a corrupt image and what is neither', async () => {
    const junk = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\nendobj\n%%EOF', 'latin1');
    expect(await refusal(readDocumentFile(junk, 'application/pdf'))).toBe('corrupt');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    expect(await refusal(readDocumentFile(jpeg, 'image/jpeg'))).toBe('corrupt');
    expect(await refusal(readDocumentFile(Buffer.from('hello'), 'text/plain'))).toBe('unsupported');
  });

  it('refuses a decompression bomb and a file over the size limit', async () => {
    expect(await refusal(readDocumentFile(pngDeclaring(50_000, 50_000), 'image/png'))).toBe('too_large');
    const small = fixture('conformity-glass', 'text.pdf');
    expect(await refusal(readDocumentFile(small, 'application/pdf', { limits: { maxBytes: 1000 } }))).toBe('too_large');
  });
});

describe('createReadingWorker', () => {
  const worker = createReadingWorker({ timeoutMs: 60_000 });
  afterAll(() => worker.close());

  it('reads in its own process, forwards progress, then refuses what overruns its time', {
    timeout: 90_000,
  }, async () => {
    const progress: number[] = [];
    const { pages, previews } = await worker.read(fixture('conformity-glass', 'text.pdf'), 'application/pdf', {
      onProgress: (done) => progress.push(done),
    });
    expect(progress).toEqual([1]);
    expect(pages[0]?.lines.some((l) => l.text === '中空玻璃')).toBe(true);
    expect((await sharp(previews[0]).metadata()).format).toBe('jpeg');
    const hasty = createReadingWorker({ timeoutMs: 1 });
    try {
      expect(await refusal(hasty.read(fixture('conformity-glass', 'text.pdf'), 'application/pdf'))).toBe('timeout');
    } finally {
      await hasty.close();
    }
    expect(await refusal(worker.read(Buffer.from('hello'), 'text/plain'))).toBe('unsupported');
  });
});
