/**
 * Where the floating customer-service button sits and when a press is a drag (spec §1, §9). Offsets are kept from
 * the right and bottom edges so the button stays in its corner when the window changes size.
 */

/** Spec §9: a pointer that travels no more than this (px) between press and release clicks; further drags. */
export const DRAG_THRESHOLD = 3;
/** Spec §9: the default offset from the bottom edge (px). */
export const DEFAULT_BOTTOM = 20;
/** At the right edge by default, as far in as from the bottom. */
export const DEFAULT_RIGHT = 20;

export const DEFAULT_POSITION: ButtonPosition = { right: DEFAULT_RIGHT, bottom: DEFAULT_BOTTOM };

/** Distances (px) from the viewport's right and bottom edges to the button's. */
export interface ButtonPosition {
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Has the pointer travelled far enough from where it was pressed for the press to be a drag? */
export function exceedsThreshold(start: Point, current: Point, threshold = DRAG_THRESHOLD): boolean {
  return Math.hypot(current.x - start.x, current.y - start.y) > threshold;
}

/** The position with the whole button inside the viewport (a button larger than the viewport keeps its corner). */
export function clampPosition(position: ButtonPosition, button: Size, viewport: Size): ButtonPosition {
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));
  return {
    right: clamp(position.right, viewport.width - button.width),
    bottom: clamp(position.bottom, viewport.height - button.height),
  };
}

/** The position after the pointer moved from `start` to `current`, starting from `origin`, kept in the viewport. */
export function dragTo(
  origin: ButtonPosition,
  start: Point,
  current: Point,
  button: Size,
  viewport: Size,
): ButtonPosition {
  // Offsets are from the right and bottom: moving right or down makes them smaller.
  const moved = { right: origin.right - (current.x - start.x), bottom: origin.bottom - (current.y - start.y) };
  return clampPosition(moved, button, viewport);
}

/** A remembered position, or null when there is none or it is not one (another version, edited by hand). */
export function parsePosition(raw: string | null): ButtonPosition | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { right, bottom } = value as Record<string, unknown>;
    if (typeof right !== 'number' || typeof bottom !== 'number') return null;
    if (!Number.isFinite(right) || !Number.isFinite(bottom)) return null;
    return { right, bottom };
  } catch {
    return null;
  }
}
