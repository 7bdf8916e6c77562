import { describe, expect, it } from 'vitest';
import { boxesOf } from './reading.ocr.ts';

/** A probability map w × h: 0.9 where `inside(x, y)`, 0 elsewhere. */
function map(w: number, h: number, inside: (x: number, y: number) => boolean): Float32Array {
  const m = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (inside(x, y)) m[y * w + x] = 0.9;
  return m;
}

const close = (a: number, b: number, tol = 1.5) => Math.abs(a - b) <= tol;
type P = [number, number];
/** A box's corners: top-left, top-right, bottom-right, bottom-left. */
const four = (box: P[] | undefined) => box as [P, P, P, P];

describe("boxesOf (the detector's map cut into text boxes, as PaddleOCR's DB post-processing)", () => {
  it('gives a straight text region its rectangle grown by area × 1.5 / perimeter, corners clockwise from top-left', () => {
    // A line of text 100 × 10 pixels (pixel centres 20..119, 40..49: 99 × 9 between them).
    const boxes = boxesOf(
      map(200, 100, (x, y) => x >= 20 && x <= 119 && y >= 40 && y <= 49),
      200,
      100,
    );
    expect(boxes).toHaveLength(1);
    const g = (99 * 9 * 1.5) / (2 * (99 + 9));
    const [tl, tr, br, bl] = four(boxes[0]);
    for (const [got, want] of [
      [tl, [20 - g, 40 - g]],
      [tr, [119 + g, 40 - g]],
      [br, [119 + g, 49 + g]],
      [bl, [20 - g, 49 + g]],
    ] as const) {
      expect(close(got[0], want[0]) && close(got[1], want[1]), `${got} ≈ ${want}`).toBe(true);
    }
  });

  it('follows a turned line: the top edge slopes with it, top-left stays top-left', () => {
    const a = (10 * Math.PI) / 180;
    // A bar 120 × 12 turned 10° (clockwise on screen) about (100, 60).
    const inside = (x: number, y: number) => {
      const u = (x - 100) * Math.cos(a) + (y - 60) * Math.sin(a);
      const v = -(x - 100) * Math.sin(a) + (y - 60) * Math.cos(a);
      return Math.abs(u) <= 60 && Math.abs(v) <= 6;
    };
    const [box] = boxesOf(map(200, 120, inside), 200, 120);
    const [tl, tr, br, bl] = four(box);
    expect(tl[0]).toBeLessThan(tr[0]);
    expect(bl[0]).toBeLessThan(br[0]);
    expect(tl[1]).toBeLessThan(bl[1]);
    const slope = (tr[1] - tl[1]) / (tr[0] - tl[0]);
    expect(close(slope, Math.tan(a), 0.03)).toBe(true);
  });

  it('makes one box per separate region (two cells of a row stay two), none of a hairline', () => {
    const boxes = boxesOf(
      map(
        300,
        60,
        (x, y) =>
          (y >= 20 && y <= 31 && ((x >= 10 && x <= 80) || (x >= 150 && x <= 200))) || (y === 50 && x >= 10 && x <= 290),
      ),
      300,
      60,
    );
    expect(boxes).toHaveLength(2);
    const lefts = boxes.map((b) => Math.min(...b.map((p) => p[0]))).sort((p, q) => p - q);
    expect(lefts[0]).toBeLessThan(10);
    expect(lefts[1]).toBeGreaterThan(140);
  });

  it('gives a vertical line a box taller than wide (read top to bottom)', () => {
    const [box] = boxesOf(
      map(60, 200, (x, y) => x >= 25 && x <= 36 && y >= 20 && y <= 179),
      60,
      200,
    );
    const [tl, tr, , bl] = four(box);
    expect(Math.hypot(bl[0] - tl[0], bl[1] - tl[1])).toBeGreaterThan(3 * Math.hypot(tr[0] - tl[0], tr[1] - tl[1]));
  });
});
