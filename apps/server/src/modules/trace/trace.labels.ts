import QRCode from 'qrcode';
import type { FontChoice } from '../../lib/cjk-font.ts';

/*
 * QR label sheets for trace codes (docs/traceability.md): A4 pages of equal labels, as many as fit with small margins,
 * each carrying the QR code of the code's public scan page, the code in groups of four, the product, its
 * specification and the batch number. The Chinese text uses the certificate PDF's CJK font (CERTIFICATE_FONT or the
 * Debian fonts it looks for); without one the labels print only what is ASCII. The code itself is set in Courier:
 * fixed width keeps the groups of four aligned under each other.
 */

/** Points per millimetre (PDF user space is 1/72 inch). */
const MM = 72 / 25.4;
const PAGE_MM = { width: 210, height: 297 } as const;
/** Page margin and the gap between labels, mm: small, within what office printers print. */
export const LABEL_MARGIN_MM = 5;
export const LABEL_GAP_MM = 2;

export interface LabelLayout {
  cols: number;
  rows: number;
  perPage: number;
  /** Top-left corner of the grid, mm (the grid is centred on the page). */
  left: number;
  top: number;
}

/** How labels of this size sit on an A4 page. */
export function labelLayout(widthMm: number, heightMm: number): LabelLayout {
  const fit = (page: number, size: number) =>
    Math.max(1, Math.floor((page - 2 * LABEL_MARGIN_MM + LABEL_GAP_MM) / (size + LABEL_GAP_MM)));
  const cols = fit(PAGE_MM.width, widthMm);
  const rows = fit(PAGE_MM.height, heightMm);
  const span = (n: number, size: number) => n * size + (n - 1) * LABEL_GAP_MM;
  return {
    cols,
    rows,
    perPage: cols * rows,
    left: (PAGE_MM.width - span(cols, widthMm)) / 2,
    top: (PAGE_MM.height - span(rows, heightMm)) / 2,
  };
}

/** ABCD EFGH IJKL MNOP QRST: easier to read aloud and to compare with the screen. */
export const groupsOfFour = (code: string) => code.match(/.{1,4}/g) ?? [];

export interface LabelSheetInput {
  labels: readonly { code: string; url: string }[];
  productName: string;
  specName: string;
  batchNo: string;
  widthMm: number;
  heightMm: number;
  /**
   * One line printed in the bottom margin of every page: the ledger key's fingerprint and where to check it
   * (docs/traceability.md, "Verifying a code from outside").
   */
  footer?: string;
  /** The CJK font (lib/cjk-font.ts findCjkFont); null prints the ASCII-only labels. */
  font: FontChoice | null;
}

/** Printable in the built-in fonts (WinAnsi): plain ASCII only, to be safe. */
const isAscii = (text: string) => /^[\x20-\x7E]*$/.test(text);

export async function renderLabelSheet(input: LabelSheetInput): Promise<Buffer> {
  const { font } = input;
  // pdfkit is loaded on the first sheet, not at start-up (as the certificate PDF does).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `追溯码标签 ${input.batchNo}`, Subject: input.batchNo, Creator: 'jcbb' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font) doc.registerFont('label', font.path, font.family);
  const textFont = font ? 'label' : 'Helvetica';
  const printable = (text: string) => (font || isAscii(text) ? text : '');

  const layout = labelLayout(input.widthMm, input.heightMm);
  const w = input.widthMm * MM;
  const h = input.heightMm * MM;
  const pad = Math.min(1.5 * MM, h * 0.06);
  const landscape = input.widthMm >= input.heightMm;
  // QR code: beside the text on a wide label, above it on a tall one.
  const qrSize = landscape ? Math.min(h - 2 * pad, w * 0.5) : Math.min(w - 2 * pad, h * 0.6);
  const text = landscape
    ? { x: pad + qrSize + pad, y: pad, width: w - qrSize - 3 * pad, height: h - 2 * pad }
    : { x: pad, y: pad + qrSize + pad * 0.5, width: w - 2 * pad, height: h - qrSize - 2.5 * pad };

  // The text block is the same on every label but the code: fit it once. The font size scales with the label and
  // shrinks until the lines fit the block's height and the batch number its width (names that still do not fit are
  // cut with an ellipsis rather than wrapped).
  const widthAt = (s: string, face: string, size: number) => doc.font(face).fontSize(size).widthOfString(s);
  const fitLine = (s: string, face: string, size: number) => {
    if (widthAt(s, face, size) <= text.width) return s;
    let cut = s;
    while (cut.length > 0 && widthAt(`${cut}…`, face, size) > text.width) cut = cut.slice(0, -1);
    return cut.length > 0 ? `${cut}…` : '';
  };
  // Courier is 0.6 em wide: how many groups of four (and their spaces) a line holds.
  const groups = (size: number) => Math.min(5, Math.max(1, Math.floor((text.width / (size * 0.6) + 1) / 5)));
  const batchLine = `${font ? '批号' : 'Lot'} ${input.batchNo}`;
  const lineCount = (size: number) => 3 + Math.ceil(5 / groups(size));
  const LEADING = 1.2;
  let size = Math.min(12, Math.max(5, (Math.min(input.heightMm, input.widthMm) / 30) * 7.5));
  while (
    size > 4.5 &&
    (lineCount(size) * size * LEADING > text.height || widthAt(batchLine, textFont, size) > text.width)
  ) {
    size -= 0.25;
  }
  // The CJK font's own line height (its ascent and descent exceed the size) when it is taller than the leading.
  const lineHeight = Math.max(size * LEADING, doc.font(textFont).fontSize(size).currentLineHeight());
  const headLines = [
    fitLine(printable(input.productName), textFont, size),
    fitLine(printable(input.specName), textFont, size),
    fitLine(batchLine, textFont, size),
  ].filter((l) => l !== '');
  const perLine = groups(size);
  // The block (and, beside it, the QR code) sits in the middle of the label's height.
  const blockHeight = (headLines.length + Math.ceil(5 / perLine)) * lineHeight;
  const textTop = text.y + Math.max(0, (text.height - blockHeight) / 2);
  const qrTop = landscape ? (h - qrSize) / 2 : pad;

  for (const [i, label] of input.labels.entries()) {
    const slot = i % layout.perPage;
    if (slot === 0) {
      doc.addPage({ size: 'A4', margin: 0 });
      const footer = input.footer ? printable(input.footer) : '';
      if (footer) {
        // In the page's bottom margin (the grid keeps at least LABEL_MARGIN_MM clear), small and grey.
        doc.font(textFont).fontSize(6).fillColor('#666666');
        doc.text(footer, LABEL_MARGIN_MM * MM, (PAGE_MM.height - 3.5) * MM, {
          width: (PAGE_MM.width - 2 * LABEL_MARGIN_MM) * MM,
          align: 'center',
          lineBreak: false,
        });
        doc.fillColor('#000000');
      }
    }
    const x = (layout.left + (slot % layout.cols) * (input.widthMm + LABEL_GAP_MM)) * MM;
    const y = (layout.top + Math.floor(slot / layout.cols) * (input.heightMm + LABEL_GAP_MM)) * MM;

    // A hairline frame to cut along.
    doc.lineWidth(0.25).strokeColor('#bbbbbb').rect(x, y, w, h).stroke();

    const qrX = landscape ? x + pad : x + (w - qrSize) / 2;
    drawQr(doc, label.url, qrX, y + qrTop, qrSize);

    doc.fillColor('#000000');
    let ty = y + textTop;
    doc.font(textFont).fontSize(size);
    for (const line of headLines) {
      doc.text(line, x + text.x, ty, { lineBreak: false });
      ty += lineHeight;
    }
    const g = groupsOfFour(label.code);
    doc.font('Courier-Bold').fontSize(size);
    for (let k = 0; k < g.length; k += perLine) {
      doc.text(g.slice(k, k + perLine).join(' '), x + text.x, ty, { lineBreak: false });
      ty += lineHeight;
    }
  }
  doc.end();
  return done;
}

type Doc = InstanceType<typeof import('pdfkit')>;

/**
 * The QR code as vector squares (sharp at any print size), with the 4-module quiet zone inside `size`. Dark modules
 * next to each other on a row are drawn as one rectangle, in module units under one transform: a sheet of 10 000
 * labels stays a few megabytes. The library picks the mask pattern by the standard's penalty rules (most of a label's
 * time, kept: it is what makes a code easy to scan).
 */
function drawQr(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / (n + 8);
  // Integer module coordinates written straight into the page's content: pdfkit's rect() formats every number
  // through its general path code, which was most of a large sheet's time.
  const ops: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      ops.push(`${start} ${row} ${col - start} 1 re`);
    }
  }
  doc.save();
  doc.transform(cell, 0, 0, cell, x + 4 * cell, y + 4 * cell);
  doc.fillColor('#000000');
  doc.addContent(`${ops.join('\n')}\nf`);
  doc.restore();
}
