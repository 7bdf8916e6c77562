/** The dark modules of a QR symbol (the `qrcode` package's BitMatrix shape). */
export interface QrMatrix {
  size: number;
  get(row: number, col: number): number | boolean;
}

/** Quiet zone (modules) around the symbol: scanners need a light border to find it. */
export const QR_MARGIN = 2;

/**
 * One SVG path for all dark modules, in module units offset by the quiet zone: the dialog draws it as a React
 * <svg>, crisp at any size, with no canvas and no markup string to inject.
 */
export function qrPath(matrix: QrMatrix, margin = QR_MARGIN): { d: string; viewBox: number } {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row += 1) {
    for (let col = 0; col < matrix.size; col += 1) {
      if (matrix.get(row, col)) parts.push(`M${col + margin} ${row + margin}h1v1h-1z`);
    }
  }
  return { d: parts.join(''), viewBox: matrix.size + margin * 2 };
}
