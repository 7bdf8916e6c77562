import { Modal, QRCode } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A value the QR code cannot hold (too long for any symbol) shows the fallback instead of breaking the dialog. */
class QrBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('customer-service QR code failed', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
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
  return (
    <Modal open={open} title={t('service.title')} footer={null} onCancel={onClose} width={360} centered>
      <div className="jcbb-service-dialog">
        <QrBoundary
          key={url}
          fallback={
            <p className="jcbb-service-dialog__failed" role="alert">
              {t('service.qrFailed')}
            </p>
          }
        >
          {/* antd's own QR code, drawn as SVG (crisp at any size); error correction M as before. */}
          <QRCode
            className="jcbb-service-dialog__qr"
            value={url}
            type="svg"
            errorLevel="M"
            bordered={false}
            size={200}
            role="img"
            aria-label={t('service.qrLabel')}
          />
          <p className="jcbb-service-dialog__hint">{t('service.scan')}</p>
        </QrBoundary>
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
