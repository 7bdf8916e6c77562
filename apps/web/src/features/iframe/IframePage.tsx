import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import './iframe.css';

/** Only web addresses may be embedded: a `javascript:` or `data:` src would run in the console's own origin. */
export function safeFrameSrc(src: string | null): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** /myiframe/urlPath?src=<encoded url>&name=<title> (spec §2): an external page inside the console's main area. */
export default function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('src');
  const name = params.get('name') || t('route.iframe');
  const src = safeFrameSrc(raw);
  return (
    <section className="jcbb-iframe" aria-label={name}>
      <div className="jcbb-iframe__head">
        <h1 className="jcbb-iframe__title">{name}</h1>
        {src && (
          <Button href={src} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />}>
            {t('iframe.openNewTab')}
          </Button>
        )}
      </div>
      {src ? (
        <iframe
          className="jcbb-iframe__frame"
          src={src}
          title={name}
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <Alert type="warning" showIcon title={t(raw ? 'iframe.invalid' : 'iframe.missing')} />
      )}
    </section>
  );
}
