import { useTranslation } from 'react-i18next';
import './boot.css';

/** A quiet spinner while a page's code or data loads (no antd: it also serves the very first paint). */
export function PageLoading({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'jcbb-boot jcbb-boot--full' : 'jcbb-boot'} role="status" aria-live="polite">
      <span className="jcbb-boot__spinner" aria-hidden />
      <span className="jcbb-boot__text">{t('common.loading')}</span>
    </div>
  );
}

/** Shown while the guard settles the very first page. */
export function BootScreen() {
  return <PageLoading full />;
}
