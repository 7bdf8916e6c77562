import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { loginRedirect } from '../lib/login-path.ts';
import { useSession } from '../lib/session.ts';

/**
 * The way in and out of a public page (the top bar's last item): 登录, coming back to this page after sign-in, or,
 * for a signed-in user, the way back to the console.
 */
export function PublicEntry() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { pathname, search } = useLocation();
  if (token) {
    return (
      <Link to="/" className="jcbb-topbar__signin">
        {t('layout.toConsole')}
      </Link>
    );
  }
  return (
    <Link to={loginRedirect(pathname, search)} className="jcbb-topbar__signin">
      {t('layout.signIn')}
    </Link>
  );
}
