import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import '../components/boot.css';

/**
 * What a page that failed to render shows (a bug, or a page's code that could not load after a new release):
 * an apology and a way on, never a blank screen.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <main className="jcbb-boot jcbb-boot--full" role="alert">
      <h1 style={{ margin: 0, fontSize: 22, color: '#1f2d3d' }}>{t('error.title')}</h1>
      <p style={{ margin: 0 }}>{status ? `${t('error.text')} (${status})` : t('error.text')}</p>
      <p style={{ margin: 0, display: 'flex', gap: 16 }}>
        <a href={window.location.href} onClick={() => window.location.reload()}>
          {t('error.reload')}
        </a>
        <a href="/">{t('error.home')}</a>
      </p>
    </main>
  );
}
