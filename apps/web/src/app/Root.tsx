import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useSession } from '../lib/session.ts';
import { SessionInvalidDialog } from './guard.tsx';
import { pageTitle } from './page-title.ts';

/** The root route's element: page title, navigation progress, the page, and the remote-login reminder. */
export function Root() {
  const { pathname, search } = useLocation();
  const { user, currentApp, modules } = useSession();
  // `t` changes with the language, so the title follows a language switch.
  const { t } = useTranslation();
  const navigation = useNavigation();

  useEffect(() => {
    document.title = pageTitle(pathname, search, { user, currentApp, modules }, (key) => t(key));
  }, [pathname, search, user, currentApp, modules, t]);

  return (
    <>
      {navigation.state !== 'idle' && <div className="jcbb-nav-progress" aria-hidden />}
      <Outlet />
      <SessionInvalidDialog />
    </>
  );
}
