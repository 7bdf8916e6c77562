import { PRODUCT_TITLE } from '@jcbb/contract/enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsMobile } from '../lib/use-mobile.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { PlatformMark } from './Logo.tsx';
import { PublicEntry } from './PublicEntry.tsx';
import './frame.css';

/**
 * The frame of the public pages that stand on their own (spec §2): the platform's bar (language; 登录, or back to the
 * console when signed in), the page, a footer.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <div className="jcbb-public">
      <header className="jcbb-topbar">
        <Link to="/" className="jcbb-brand" aria-label={t('layout.logoHome')}>
          <PlatformMark />
          <span className="jcbb-brand__text">
            <span className="jcbb-brand__title">{PRODUCT_TITLE}</span>
            {!mobile && <span className="jcbb-brand__subtitle">{t('platform')}</span>}
          </span>
        </Link>
        <span className="jcbb-topbar__spacer" />
        <div className="jcbb-topbar__actions">
          <LanguageSwitch compact={mobile} />
          <PublicEntry />
        </div>
      </header>
      <main id="jcbb-main" className="jcbb-public__main">
        {children}
      </main>
      <footer className="jcbb-public__footer">
        {PRODUCT_TITLE} · {t('platform')}
      </footer>
    </div>
  );
}
