import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../app/PageLoading.tsx';
import { qrPath } from './qr-path.ts';

type QrState = { kind: 'loading' } | { kind: 'ready'; d: string; viewBox: number } | { kind: 'failed' };

/** The QR code's generator is only needed once someone opens the dialog: it loads then, not with the console. */
function useQrCode(text: string): QrState {
  const [state, setState] = useState<QrState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    import('qrcode')
      .then(({ create }) => {
        const { d, viewBox } = qrPath(create(text, { errorCorrectionLevel: 'M' }).modules);
        if (live) setState({ kind: 'ready', d, viewBox });
      })
      .catch((error: unknown) => {
        console.warn('customer-service QR code failed', error);
        if (live) setState({ kind: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [text]);
  return state;
}

/** Only web addresses become a link; anything else (a script URL typed into the configuration) stays text. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

export interface ServiceDialogProps {
  url: string;
  open: boolean;
  onClose: () => void;
}

/** 联系客服: the QR code of the configured customer-service address, and the address itself as a link. */
export default function ServiceDialog({ url, open, onClose }: ServiceDialogProps) {
  const { t } = useTranslation();
  const qr = useQrCode(url);
  return (
    <Modal open={open} title={t('service.title')} footer={null} onCancel={onClose} width={360} centered>
      <div className="jcbb-service-dialog">
        {qr.kind === 'ready' && (
          <svg
            className="jcbb-service-dialog__qr"
            role="img"
            aria-label={t('service.qrLabel')}
            viewBox={`0 0 ${qr.viewBox} ${qr.viewBox}`}
            shapeRendering="crispEdges"
          >
            <rect width={qr.viewBox} height={qr.viewBox} fill="#ffffff" />
            <path d={qr.d} fill="#000000" />
          </svg>
        )}
        {qr.kind === 'loading' && (
          <div className="jcbb-service-dialog__qr jcbb-service-dialog__qr--loading">
            <PageLoading />
          </div>
        )}
        {qr.kind === 'failed' && (
          <p className="jcbb-service-dialog__failed" role="alert">
            {t('service.qrFailed')}
          </p>
        )}
        {qr.kind !== 'failed' && <p className="jcbb-service-dialog__hint">{t('service.scan')}</p>}
        <p className="jcbb-service-dialog__address">
          {t('service.orOpen')}
          {isWebAddress(url) ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              {url}
            </a>
          ) : (
            <span>{url}</span>
          )}
        </p>
      </div>
    </Modal>
  );
}
