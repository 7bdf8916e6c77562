import { LockOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

/** /login?redirect=… back to this page; the sign-in page checks the path again before following it. */
export function signInHref(path: string): string {
  return path === '/' ? '/login' : `/login?redirect=${encodeURIComponent(path)}`;
}

/** The message pages are public routes (spec §2) but their content is the user's own: ask for a sign-in. */
export function SignInPrompt() {
  const { t } = useTranslation('message');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const href = signInHref(`${pathname}${search}`);
  return (
    <Result
      icon={<LockOutlined style={{ color: '#1f8a4c' }} aria-hidden />}
      title={t('needSignIn')}
      subTitle={t('needSignInHint')}
      extra={
        <Button
          type="primary"
          href={href}
          onClick={(event) => {
            event.preventDefault();
            navigate(href);
          }}
        >
          {t('signIn')}
        </Button>
      }
    />
  );
}
