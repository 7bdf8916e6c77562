import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_MARGIN, qrPath } from './qr-path.ts';

describe('qrPath', () => {
  it('draws one unit square per dark module, offset by the quiet zone', () => {
    const dark = new Set(['0,0', '1,2']);
    const { d, viewBox } = qrPath({ size: 3, get: (row, col) => dark.has(`${row},${col}`) });
    expect(viewBox).toBe(3 + 2 * QR_MARGIN);
    expect(d).toBe('M2 2h1v1h-1zM4 3h1v1h-1z');
  });

  it('draws a real symbol: as many squares as dark modules', () => {
    const { modules } = QRCode.create('https://example.cn/kefu', { errorCorrectionLevel: 'M' });
    const { d, viewBox } = qrPath(modules);
    const darkCount = Array.from(modules.data).filter(Boolean).length;
    expect(d.match(/M/g)).toHaveLength(darkCount);
    expect(viewBox).toBe(modules.size + 2 * QR_MARGIN);
  });
});
