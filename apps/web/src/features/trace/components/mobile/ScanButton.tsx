import { ScanOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScanner } from '../../../../components/scanner/CameraScanner.tsx';
import { TRACE_MOBILE_NS } from '../../locales/mobile.register.ts';
import { extractTraceCode } from './trace-code.ts';

/**
 * 扫码: the phone's camera, read in the page by the app's one scanner (components/scanner: the browser's
 * BarcodeDetector, else ZXing in WebAssembly). Where the page may not use a camera at all, the dialog explains that
 * the phone's own camera app or WeChat's scanner reads the label's QR code and opens the trace page by itself.
 */
export function ScanButton({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(TRACE_MOBILE_NS);
  const [open, setOpen] = useState(false);
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
        <CameraScanner
          words={{
            aim: t('scanner.aim'),
            unreadable: t('scanner.unreadable'),
            noCamera: t('scanner.noCamera'),
            noCameraText: t('scanner.noCameraText'),
            unsupported: t('scanner.unsupported'),
            unsupportedText: t('scanner.unsupportedText'),
          }}
          accept={extractTraceCode}
          onCode={(code) => {
            setOpen(false);
            onCode(code);
          }}
        />
      </Modal>
    </>
  );
}
