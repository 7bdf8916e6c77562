import { pages, pageUrl } from '@jcbb/contract/pages';
import { useEffect, useMemo, useRef, useState } from 'react';
import { extractTraceCode } from '../components/mobile/trace-code.ts';
import { pickWords } from './words.ts';
import './scan.css';

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface DetectedBarcode {
  rawValue: string;
}
type BarcodeDetectorCtor = new (options: {
  formats: string[];
}) => { detect(source: HTMLVideoElement): Promise<DetectedBarcode[]> };

function barcodeDetector(): BarcodeDetectorCtor | null {
  const ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  // Older browsers (and plain http pages) have no mediaDevices at all.
  const media = (globalThis.navigator as Navigator | undefined)?.mediaDevices as MediaDevices | undefined;
  return ctor && typeof media?.getUserMedia === 'function' ? ctor : null;
}

/** How often a frame is looked at: often enough to feel instant, rare enough to spare a phone's battery. */
const DETECT_EVERY_MS = 250;

/**
 * /mobile/index — 扫码溯源: scan a label's QR code with the camera where the browser reads QR codes itself
 * (BarcodeDetector: Chrome on Android and others), else type or paste the code (the label's whole address works
 * too). Where the browser has no detector (iOS Safari, WeChat), 扫码 explains that the phone's own camera or WeChat's
 * scanner opens the trace page by itself. Plain React and CSS, like the detail page. `go` defaults to a navigation.
 */
export function ScanIndex({
  go = (path: string) => globalThis.location.assign(path),
}: {
  go?: (path: string) => void;
}) {
  const words = useMemo(pickWords, []);
  const w = words.index;
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [scanning, setScanning] = useState(false);
  const open = (raw: string) => {
    const code = extractTraceCode(raw);
    if (!code) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    go(pageUrl(pages.scanDetail, { code }));
  };
  return (
    <div className="scan-page">
      <section className="scan-card scan-index">
        <h1 className="scan-head__title">{w.title}</h1>
        <p className="scan-muted">{w.intro}</p>
        <form
          className="scan-index__form"
          onSubmit={(e) => {
            e.preventDefault();
            open(value);
          }}
        >
          <input
            className={`scan-input scan-mono${invalid ? ' scan-input--bad' : ''}`}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              if (invalid) setInvalid(false);
            }}
            placeholder={w.placeholder}
            aria-label={w.label}
            aria-invalid={invalid}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          {invalid && (
            <p className="scan-bad-text" role="alert">
              {w.invalid}
            </p>
          )}
          <button type="submit" className="scan-button scan-button--primary scan-button--block">
            {w.search}
          </button>
        </form>
        <button type="button" className="scan-button scan-button--block" onClick={() => setScanning(true)}>
          {w.scan}
        </button>
        <p className="scan-muted scan-small">{w.hint}</p>
      </section>
      {scanning && (
        <Scanner
          words={words}
          onClose={() => setScanning(false)}
          onCode={(code) => {
            setScanning(false);
            open(code);
          }}
        />
      )}
    </div>
  );
}

function Scanner({
  words,
  onClose,
  onCode,
}: {
  words: ReturnType<typeof pickWords>;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const s = words.scanner;
  const Detector = barcodeDetector();
  return (
    <div className="scan-dialog" role="dialog" aria-modal="true" aria-label={s.title}>
      <div className="scan-dialog__box">
        <h2 className="scan-card__title">{s.title}</h2>
        {Detector ? (
          <CameraView Detector={Detector} words={words} onCode={onCode} />
        ) : (
          <div className="scan-note">
            <strong>{s.unsupported}</strong>
            <p>{s.unsupportedText}</p>
          </div>
        )}
        <div className="scan-center">
          <button type="button" className="scan-button" onClick={onClose}>
            {s.close}
          </button>
        </div>
      </div>
    </div>
  );
}

function CameraView({
  Detector,
  words,
  onCode,
}: {
  Detector: BarcodeDetectorCtor;
  words: ReturnType<typeof pickWords>;
  onCode: (code: string) => void;
}) {
  const s = words.scanner;
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped) return;
      const v = video.current;
      if (v && v.readyState >= 2) {
        try {
          for (const barcode of await detector.detect(v)) {
            const code = extractTraceCode(barcode.rawValue);
            if (code) {
              stopped = true;
              found.current(code);
              return;
            }
            setUnreadable(true);
          }
        } catch {
          // A frame the detector could not read: try the next one.
        }
      }
      timer = setTimeout(look, DETECT_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (m) => {
        stream = m;
        if (stopped || !video.current) return;
        video.current.srcObject = m;
        await video.current.play().catch(() => {});
        void look();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [Detector]);

  if (failed) {
    return (
      <div className="scan-note">
        <strong>{s.noCamera}</strong>
        <p>{s.noCameraText}</p>
      </div>
    );
  }
  return (
    <div>
      <video ref={video} muted playsInline className="scan-video" aria-label={s.aim} />
      <p className={unreadable ? 'scan-differs' : 'scan-muted'}>{unreadable ? s.unreadable : s.aim}</p>
    </div>
  );
}
