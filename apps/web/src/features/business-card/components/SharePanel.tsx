import { CopyOutlined, DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, QRCode, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardData } from '../api.ts';
import { CARD_NS } from '../locales/register.ts';
import { cardPublicUrl } from '../paths.ts';
import { drawPoster } from './poster.ts';

/** The card's QR code (?from=qr), its poster (a PNG drawn here, ?from=poster) and its link (?from=link). */
export function SharePanel({ data }: { data: CardData }) {
  const { t } = useTranslation(CARD_NS);
  const { message } = App.useApp();
  const posterQr = useRef<HTMLDivElement>(null);
  const card = data.card;
  if (!card?.published) return <Typography.Text type="secondary">{t('shareUnpublished')}</Typography.Text>;
  const link = cardPublicUrl(card.publicId, 'link');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      message.success(t('copied'));
    } catch {
      message.info(t('copyFailed', { url: link }));
    }
  };
  const poster = async () => {
    const blob = await drawPoster({
      orgName: data.orgName,
      name: card.displayName,
      title: card.title,
      intro: card.introduction.split('\n')[0] ?? '',
      qr: posterQr.current?.querySelector('canvas') ?? null,
      hint: t('qrHint'),
    });
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${card.displayName}-名片海报.png`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <div className="card-dash__share">
      <div>
        <QRCode value={cardPublicUrl(card.publicId, 'qr')} size={160} aria-label={t('qrHint')} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('qrHint')}
        </Typography.Text>
        <div ref={posterQr} style={{ display: 'none' }} aria-hidden>
          <QRCode value={cardPublicUrl(card.publicId, 'poster')} size={360} bordered={false} />
        </div>
      </div>
      <Space direction="vertical">
        <Typography.Text copyable={false} code style={{ wordBreak: 'break-all' }} data-testid="card-link">
          {link}
        </Typography.Text>
        <Space wrap>
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('copyLink')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void poster()}>
            {t('poster')}
          </Button>
          <Button icon={<ExportOutlined />} href={link} target="_blank" rel="noopener">
            {t('openPublic')}
          </Button>
        </Space>
      </Space>
    </div>
  );
}
