import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader build's WebAssembly, served by our server with the other assets (never the package's default CDN).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrReader } from './qr-reader.ts';

/**
 * The QR reader of browsers without their own (qr-reader.ts): the `barcode-detector` ponyfill over ZXing-C++ in
 * WebAssembly. Loaded with a dynamic import on the first scan only, so neither the console's pages nor the light
 * entry download it before someone scans.
 */
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : `${prefix}${path}`),
  },
});

export function zxingQrReader(): QrReader {
  return new BarcodeDetector({ formats: ['qr_code'] });
}
