import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMemo, useState } from 'react';
import { CameraScanner } from '../../../components/scanner/CameraScanner.tsx';
import { extractTraceCode } from '../components/mobile/trace-code.ts';
import { pickWords } from './words.ts';
import './scan.css';

/**
 * /mobile/index — 扫码溯源: scan a label's QR code with the camera (the app's one scanner, components/scanner: the
 * browser's BarcodeDetector, else ZXing in WebAssembly, loaded on the first scan), or type or paste the code (the
 * label's whole address works too). Where the page may not use a camera at all (no mediaDevices: an old browser or a
 * plain-http address), 扫码 explains that the phone's own camera or WeChat's scanner opens the trace page by itself.
 * Plain React and CSS, like the detail page. `go` defaults to a navigation.
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
  return (
    <div className="scan-dialog" role="dialog" aria-modal="true" aria-label={s.title}>
      <div className="scan-dialog__box">
        <h2 className="scan-card__title">{s.title}</h2>
        <CameraScanner words={s} accept={extractTraceCode} onCode={onCode} />
        <div className="scan-center">
          <button type="button" className="scan-button" onClick={onClose}>
            {s.close}
          </button>
        </div>
      </div>
    </div>
  );
}
