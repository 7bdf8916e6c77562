import { describe, expect, it } from 'vitest';
import {
  clampPosition,
  DEFAULT_POSITION,
  DRAG_THRESHOLD,
  dragTo,
  exceedsThreshold,
  parsePosition,
} from './service-button-drag.ts';

const button = { width: 56, height: 56 };
const viewport = { width: 1280, height: 800 };

describe('drag threshold (spec §9: 3 px)', () => {
  it('is 3 px', () => {
    expect(DRAG_THRESHOLD).toBe(3);
  });

  it('treats a press that stays within 3 px as a click', () => {
    const start = { x: 100, y: 100 };
    expect(exceedsThreshold(start, start)).toBe(false);
    expect(exceedsThreshold(start, { x: 102, y: 100 })).toBe(false);
    expect(exceedsThreshold(start, { x: 100, y: 97 })).toBe(false);
    expect(exceedsThreshold(start, { x: 102, y: 102 })).toBe(false); // 2.83 px
  });

  it('treats a press that travels further as a drag, in any direction', () => {
    const start = { x: 100, y: 100 };
    expect(exceedsThreshold(start, { x: 103.5, y: 100 })).toBe(true);
    expect(exceedsThreshold(start, { x: 100, y: 90 })).toBe(true);
    expect(exceedsThreshold(start, { x: 97.5, y: 97.5 })).toBe(true); // 3.54 px diagonally
  });
});

describe('position', () => {
  it('starts 20 px from the bottom, at the right', () => {
    expect(DEFAULT_POSITION).toEqual({ right: 20, bottom: 20 });
  });

  it('follows the pointer: moving left and up grows the offsets from the right and bottom', () => {
    const at = dragTo(DEFAULT_POSITION, { x: 1230, y: 760 }, { x: 1030, y: 460 }, button, viewport);
    expect(at).toEqual({ right: 220, bottom: 320 });
  });

  it('stops at every edge of the window', () => {
    const start = { x: 600, y: 400 };
    expect(dragTo(DEFAULT_POSITION, start, { x: 2000, y: 2000 }, button, viewport)).toEqual({ right: 0, bottom: 0 });
    expect(dragTo(DEFAULT_POSITION, start, { x: -2000, y: -2000 }, button, viewport)).toEqual({
      right: 1280 - 56,
      bottom: 800 - 56,
    });
  });

  it('pulls a position from a larger window back inside a smaller one, and leaves one that fits alone', () => {
    const wide = { right: 1100, bottom: 700 };
    expect(clampPosition(wide, button, { width: 390, height: 844 })).toEqual({ right: 390 - 56, bottom: 700 });
    expect(clampPosition({ right: 40, bottom: 30 }, button, viewport)).toEqual({ right: 40, bottom: 30 });
  });

  it('keeps the corner when the window is smaller than the button', () => {
    expect(clampPosition({ right: 30, bottom: 30 }, button, { width: 40, height: 40 })).toEqual({
      right: 0,
      bottom: 0,
    });
  });
});

describe('remembered position', () => {
  it('reads what was saved', () => {
    expect(parsePosition(JSON.stringify({ right: 12, bottom: 340 }))).toEqual({ right: 12, bottom: 340 });
  });

  it('ignores nothing, broken JSON and values that are not a position', () => {
    for (const raw of [null, '', '{', '[]', 'null', '42', '{"right":"1","bottom":2}', '{"right":1}']) {
      expect(parsePosition(raw)).toBeNull();
    }
    expect(parsePosition('{"right":1e999,"bottom":2}')).toBeNull();
  });
});
