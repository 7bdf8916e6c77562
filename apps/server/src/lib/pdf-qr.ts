import QRCode from 'qrcode';

/** The part of a pdfkit document the QR drawing uses. */
interface PdfCanvas {
  rect(x: number, y: number, w: number, h: number): this;
  fill(color?: string): this;
  fillColor(color: string): this;
  link(x: number, y: number, w: number, h: number, url: string): this;
}

/**
 * A QR code of `url` drawn as vector squares at (x, y), `size` points wide with its quiet zone (sharp at any zoom or
 * print size), linked to the URL: the certificate's and the authorisation letter's verification codes.
 */
export function drawQrCode(doc: PdfCanvas, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 8);
  doc.rect(x, y, size, size).fill('#fff');
  doc.fillColor('#000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + 4) * cell, y + (row + 4) * cell, cell, cell);
    }
  }
  doc.fill('#000');
  doc.link(x, y, size, size, url);
}
