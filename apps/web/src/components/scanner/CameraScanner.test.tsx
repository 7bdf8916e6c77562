import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraScanner } from './CameraScanner.tsx';
import { qrReader } from './qr-reader.ts';

const words = {
  aim: '请将二维码对准取景框',
  unreadable: '不是追溯码',
  noCamera: '无法打开相机',
  noCameraText: '请允许使用相机',
  unsupported: '不能使用相机',
  unsupportedText: '请输入',
};

/** What the fake camera shows, frame after frame: each frame's QR contents. */
let frames: string[][] = [];
const stopped = vi.fn();

beforeEach(() => {
  frames = [];
  stopped.mockReset();
  // A camera and a browser that reads QR codes itself; jsdom plays no video, so the element reports a frame.
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: stopped }] })) },
  });
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      static getSupportedFormats = async () => ['qr_code', 'ean_13'];
      detect = async () => (frames.shift() ?? []).map((rawValue) => ({ rawValue }));
    },
  );
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const accept = (raw: string) => (/^[A-Z]{3}$/.test(raw) ? raw : null);

describe('CameraScanner', () => {
  it('reports the first accepted code once and stops', async () => {
    frames = [['hello'], ['ABC', 'DEF'], ['XYZ']];
    const onCode = vi.fn();
    const { unmount } = render(<CameraScanner words={words} accept={accept} onCode={onCode} />);
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('ABC'));
    await new Promise((r) => setTimeout(r, 600));
    expect(onCode).toHaveBeenCalledTimes(1);
    unmount();
    expect(stopped).toHaveBeenCalled();
  });

  it('in continuous mode reports each code, a code held in front of the camera once', async () => {
    frames = [['ABC'], ['ABC'], ['nope'], ['DEF'], ['ABC']];
    const onCode = vi.fn();
    render(<CameraScanner words={words} accept={accept} onCode={onCode} continuous />);
    await waitFor(() => expect(frames).toHaveLength(0));
    await new Promise((r) => setTimeout(r, 300));
    expect(onCode.mock.calls.map((c) => c[0])).toEqual(['ABC', 'DEF']);
    expect(screen.getByLabelText(words.aim)).toBeInTheDocument();
  });

  it('says what is wrong with a code of something else', async () => {
    frames = [['hello'], [], [], [], [], [], [], []];
    render(<CameraScanner words={words} accept={accept} onCode={vi.fn()} continuous />);
    expect(await screen.findByText(words.unreadable)).toBeInTheDocument();
  });

  it('explains a refused camera, and a page that may use none', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => Promise.reject(new Error('NotAllowedError'))) },
    });
    const { unmount } = render(<CameraScanner words={words} accept={accept} onCode={vi.fn()} />);
    expect(await screen.findByText(words.noCamera)).toBeInTheDocument();
    unmount();
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    render(<CameraScanner words={words} accept={accept} onCode={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent(words.unsupported);
  });
});

describe('qrReader', () => {
  it('uses the browser’s reader where it reads QR codes, else ZXing’s (loaded on first use)', async () => {
    // ZXing's own module fetches its WebAssembly, which jsdom cannot run: the real one is read in Chromium (e2e).
    const zxing = { detect: vi.fn() };
    const loadZxing = async () => zxing;
    const native = await qrReader(loadZxing);
    expect(native).not.toBe(zxing);
    expect(typeof native.detect).toBe('function');
    // A detector that reads other barcodes only (desktop Chrome on some systems), or none at all: the fallback.
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['ean_13'];
        detect = async () => [];
      },
    );
    expect(await qrReader(loadZxing)).toBe(zxing);
    vi.stubGlobal('BarcodeDetector', undefined);
    expect(await qrReader(loadZxing)).toBe(zxing);
  });
});
