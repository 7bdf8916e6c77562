import { ScanOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACE_MOBILE_NS } from '../../locales/mobile.register.ts';
import { extractTraceCode } from './trace-code.ts';

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
 * 扫码: the phone's camera, read in the page by the browser's BarcodeDetector (Chrome on Android and others). Where
 * the browser has none (iOS Safari, WeChat), the button explains that the phone's own camera app or WeChat's scanner
 * reads the label's QR code and opens the trace page by itself.
 */
export function ScanButton({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(TRACE_MOBILE_NS);
  const [open, setOpen] = useState(false);
  const Detector = barcodeDetector();
  return (
    <>
      <Button size="large" icon={<ScanOutlined />} onClick={() => setOpen(true)} block>
        {t('index.scan')}
      </Button>
      <Modal
        open={open}
        title={t('scanner.title')}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('scanner.close')}</Button>}
        destroyOnHidden
        centered
      >
        {Detector ? (
          <CameraView
            Detector={Detector}
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
          />
        ) : (
          <Alert type="info" showIcon title={t('scanner.unsupported')} description={t('scanner.unsupportedText')} />
        )}
      </Modal>
    </>
  );
}

function CameraView({ Detector, onCode }: { Detector: BarcodeDetectorCtor; onCode: (code: string) => void }) {
  const { t } = useTranslation(TRACE_MOBILE_NS);
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
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
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
    return <Alert type="warning" showIcon title={t('scanner.noCamera')} description={t('scanner.noCameraText')} />;
  }
  return (
    <div className="jcbb-trace-scanner">
      <video ref={video} muted playsInline className="jcbb-trace-scanner__video" aria-label={t('scanner.aim')} />
      <Typography.Paragraph type={unreadable ? 'warning' : 'secondary'} style={{ margin: '8px 0 0' }}>
        {unreadable ? t('scanner.unreadable') : t('scanner.aim')}
      </Typography.Paragraph>
    </div>
  );
}
