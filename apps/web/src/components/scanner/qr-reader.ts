/**
 * Reading QR codes from the camera in the page, on every phone: the browser's own BarcodeDetector where it reads QR
 * codes (Chrome on Android and others), else the `barcode-detector` ponyfill, ZXing-C++ compiled to WebAssembly
 * (iOS Safari, WeChat's browser, Firefox, desktop Chrome on Linux). The ponyfill and its .wasm are loaded only then,
 * on the first scan, from our own origin (docs/decisions.md, "One camera scanner").
 *
 * No antd and no i18n here: the light public entry (/mobile/index) scans with it too.
 */

/** One code found in a frame. */
export interface DetectedCode {
  rawValue: string;
}

/** What reads a video frame: the Barcode Detection API's `detect`. */
export interface QrReader {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorCtor {
  new (options: { formats: string[] }): QrReader;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Whether the page may ask for the camera at all (older browsers and plain-http pages have no mediaDevices). */
export function cameraAvailable(): boolean {
  const media = (globalThis.navigator as Navigator | undefined)?.mediaDevices as MediaDevices | undefined;
  return typeof media?.getUserMedia === 'function';
}

async function nativeReader(): Promise<QrReader | null> {
  const ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  if (!ctor) return null;
  try {
    // Desktop Chrome has the constructor but reads nothing on some systems: ask what it reads.
    const formats = ctor.getSupportedFormats ? await ctor.getSupportedFormats() : ['qr_code'];
    return formats.includes('qr_code') ? new ctor({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

let fallback: Promise<QrReader> | null = null;
let fallbackFrom: (() => Promise<QrReader>) | null = null;

const loadZxing = (): Promise<QrReader> => import('./zxing-reader.ts').then((m) => m.zxingQrReader());

/**
 * The reader of this browser: its own where it has one, else ZXing's (loaded once, then kept). `loadFallback` is
 * for tests (jsdom cannot run ZXing's WebAssembly; the real one is read in Chromium by the e2e tests).
 */
export async function qrReader(loadFallback: () => Promise<QrReader> = loadZxing): Promise<QrReader> {
  const native = await nativeReader();
  if (native) return native;
  if (fallbackFrom !== loadFallback) {
    fallback = null;
    fallbackFrom = loadFallback;
  }
  fallback ??= loadFallback();
  try {
    return await fallback;
  } catch (error) {
    fallback = null; // a failed download may succeed on the next try
    throw error;
  }
}
