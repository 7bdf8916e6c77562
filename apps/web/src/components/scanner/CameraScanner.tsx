import { useEffect, useRef, useState } from 'react';
import { cameraAvailable, qrReader } from './qr-reader.ts';
import './scanner.css';

/** The scanner's words, in the calling feature's language (the light entry has no i18next). */
export interface CameraScannerWords {
  /** Under the picture while looking: 请将二维码对准取景框. */
  aim: string;
  /** A QR code was read but held nothing the caller takes. */
  unreadable: string;
  /** The camera could not be opened (refused, or none). */
  noCamera: string;
  noCameraText: string;
  /** The page may not use a camera at all (no mediaDevices: an old browser, or a plain-http page). */
  unsupported: string;
  unsupportedText: string;
}

/** How often a frame is looked at: often enough to feel instant, rare enough to spare a phone's battery. */
const DETECT_EVERY_MS = 250;
/** In continuous mode the same code in front of the camera counts once per this long. */
const SAME_CODE_AGAIN_MS = 2500;

/**
 * The camera's picture, read for QR codes (qr-reader.ts: the browser's BarcodeDetector, else ZXing in
 * WebAssembly). `accept` turns what a code holds into what the caller wants (a trace code out of a label's address),
 * or null for a code of something else; `onCode` gets each accepted one. Once, by default (the scanner stops, the
 * caller closes it); `continuous` keeps reading for one code after another — a storekeeper ticking off a delivery —
 * and reports a code held in front of the camera once per few seconds. Plain React and CSS: the console's dialogs
 * and the light public entry both use it.
 */
export function CameraScanner({
  words,
  accept,
  onCode,
  continuous = false,
}: {
  words: CameraScannerWords;
  accept: (raw: string) => string | null;
  onCode: (code: string) => void;
  continuous?: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const latest = useRef({ accept, onCode });
  latest.current = { accept, onCode };
  const supported = cameraAvailable();

  useEffect(() => {
    if (!supported) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const recent = new Map<string, number>();
    const start = async () => {
      try {
        const [reader, media] = await Promise.all([
          qrReader(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        video.current.srcObject = media;
        await video.current.play().catch(() => {});
        const look = async () => {
          if (stopped) return;
          const v = video.current;
          if (v && v.readyState >= 2) {
            try {
              for (const barcode of await reader.detect(v)) {
                const code = latest.current.accept(barcode.rawValue);
                if (!code) {
                  setUnreadable(true);
                  continue;
                }
                setUnreadable(false);
                const now = Date.now();
                if (now - (recent.get(code) ?? 0) < SAME_CODE_AGAIN_MS) {
                  recent.set(code, now);
                  continue;
                }
                recent.set(code, now);
                latest.current.onCode(code);
                if (!continuous) {
                  stopped = true;
                  return;
                }
              }
            } catch {
              // A frame the reader could not read: try the next one.
            }
          }
          if (!stopped) timer = setTimeout(look, DETECT_EVERY_MS);
        };
        void look();
      } catch {
        if (!stopped) setFailed(true);
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [supported, continuous]);

  if (!supported || failed) {
    return (
      <div className="jcbb-scanner__note" role="status">
        <strong>{supported ? words.noCamera : words.unsupported}</strong>
        <p>{supported ? words.noCameraText : words.unsupportedText}</p>
      </div>
    );
  }
  return (
    <div className="jcbb-scanner">
      <video ref={video} muted playsInline className="jcbb-scanner__video" aria-label={words.aim} />
      <p className={unreadable ? 'jcbb-scanner__text jcbb-scanner__text--warn' : 'jcbb-scanner__text'}>
        {unreadable ? words.unreadable : words.aim}
      </p>
    </div>
  );
}
