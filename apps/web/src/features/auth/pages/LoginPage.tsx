import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, MobileOutlined } from '@ant-design/icons';
import { ResponseCode } from '@jcbb/contract/codes';
import { PRODUCT_TITLE } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { isMobile } from '@jcbb/contract/validators';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PlatformMark } from '../../../components/Logo.tsx';
import { appConfigKey } from '../../../lib/app-config.ts';
import { warmUpConsole } from '../../../lib/console-warm-up.ts';
import { ApiError } from '../../../lib/http.ts';
import { currentLanguage, setLanguage } from '../../../lib/i18n.ts';
import { session } from '../../../lib/session.ts';
import { authApi } from '../api.ts';
import { GreenBuildingArt } from '../components/GreenBuildingArt.tsx';
import { safeRedirect } from '../safe-redirect.ts';
import './login.css';

type Field = 'mobile' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * Sign-in (spec §2 `/login` = `/signIn`; §5 the mobile is trimmed). Plain form elements styled to match antd
 * rather than antd's Form and Input: this page is the first thing every user downloads (issue 3 item 14, sign-in
 * ≤ 170 KB gzip), and those two alone weigh about 45 KB gzip.
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const inputs = { mobile: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  // The field to focus once it is enabled again (inputs are disabled while the call runs).
  const [focusField, setFocusField] = useState<{ field: Field } | null>(null);

  const validate = (values: { mobile: string; password: string }): FieldErrors => {
    const found: FieldErrors = {};
    if (values.mobile === '') found.mobile = t('login.mobileRequired');
    else if (!isMobile(values.mobile)) found.mobile = t('login.mobileInvalid');
    if (values.password === '') found.password = t('login.passwordRequired');
    return found;
  };

  // A plain async call rather than a TanStack mutation: the sign-in page loads without the mutation machinery
  // (its budget is 170 KB as received, docs/performance.md).
  const [busy, setBusy] = useState(false);
  const signIn = async (values: { mobile: string; password: string }) => {
    setBusy(true);
    try {
      const data = await authApi.login(values.mobile, values.password, { silent: true });
      // Nothing cached for an earlier account may show to this one; the site's settings are nobody's.
      const config = queryClient.getQueryData(appConfigKey);
      queryClient.clear();
      if (config) queryClient.setQueryData(appConfigKey, config);
      session.setToken(data.access_token, data.id);
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) {
        setAlert(t('login.failed'));
        return;
      }
      if (error.code === ResponseCode.TOO_MANY_ATTEMPTS) {
        setAlert(t('login.throttled'));
        return;
      }
      const { mobile: mobileError, password: passwordError } = error.fieldErrors;
      if (mobileError || passwordError) {
        setErrors({ mobile: mobileError, password: passwordError });
        setFocusField({ field: mobileError ? 'mobile' : 'password' });
        return;
      }
      setAlert(error.message);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const values = { mobile: mobile.trim(), password };
    setMobile(values.mobile);
    setSubmitted(true);
    setAlert(null);
    const found = validate(values);
    setErrors(found);
    const first = (['mobile', 'password'] as const).find((f) => found[f]);
    if (first) {
      setFocusField({ field: first });
      return;
    }
    void signIn(values);
  };

  // After the first attempt, messages follow the typing (as antd forms do).
  const change = (field: Field, value: string) => {
    // While the user types, the sign-in call's code and then the console's download (in that order: the browser
    // fetches in the order asked), so after 登录 only the calls remain (docs/decisions.md).
    authApi.prepare().catch(() => {});
    warmUpConsole(safeRedirect(searchParams.get('redirect')));
    const next = { mobile: field === 'mobile' ? value : mobile, password: field === 'password' ? value : password };
    if (field === 'mobile') setMobile(value);
    else setPassword(value);
    if (alert) setAlert(null);
    if (submitted) setErrors((old) => ({ ...old, [field]: validate({ ...next, mobile: next.mobile.trim() })[field] }));
  };

  const otherLanguage = currentLanguage() === 'en' ? 'zh-CN' : 'en';

  const mobileInput = inputs.mobile;
  const passwordInput = inputs.password;
  useEffect(() => {
    if (!focusField || busy) return;
    (focusField.field === 'mobile' ? mobileInput : passwordInput).current?.focus();
  }, [focusField, busy, mobileInput, passwordInput]);

  return (
    <div className="jcbb-login">
      <div className="jcbb-login__lang">
        <button
          type="button"
          className="jcbb-login__link"
          lang={otherLanguage}
          onClick={() => setLanguage(otherLanguage)}
        >
          {t('login.language')}
        </button>
      </div>
      <section className="jcbb-login__hero" aria-labelledby="jcbb-login-platform">
        <div className="jcbb-login__brand">
          <PlatformMark size={40} />
          <span>{PRODUCT_TITLE}</span>
        </div>
        <div className="jcbb-login__pitch">
          <h1 id="jcbb-login-platform">{t('platform')}</h1>
          <p>{t('login.intro')}</p>
          <ul>
            <li>{t('login.points.certified')}</li>
            <li>{t('login.points.trace')}</li>
            <li>{t('login.points.procurement')}</li>
          </ul>
        </div>
        <GreenBuildingArt className="jcbb-login__art" />
      </section>

      <main className="jcbb-login__main">
        <div className="jcbb-login__card">
          <h2 className="jcbb-login__heading">{t('login.heading')}</h2>
          <p className="jcbb-login__welcome">{t('login.welcome')}</p>
          {alert && (
            <div className="jcbb-login__alert" role="alert">
              <span className="jcbb-login__alert-icon" aria-hidden>
                !
              </span>
              <span>{alert}</span>
            </div>
          )}
          <form noValidate onSubmit={submit} aria-busy={busy}>
            <LoginField
              label={t('login.mobile')}
              error={errors.mobile}
              icon={<MobileOutlined />}
              input={(props) => (
                <input
                  {...props}
                  ref={inputs.mobile}
                  name="mobile"
                  type="text"
                  inputMode="tel"
                  autoComplete="username"
                  maxLength={20}
                  placeholder={t('login.mobilePlaceholder')}
                  value={mobile}
                  disabled={busy}
                  onChange={(e) => change('mobile', e.target.value)}
                />
              )}
            />
            <PasswordField
              label={t('login.password')}
              error={errors.password}
              inputRef={inputs.password}
              value={password}
              placeholder={t('login.passwordPlaceholder')}
              disabled={busy}
              onChange={(value) => change('password', value)}
            />
            <button type="submit" className="jcbb-login__submit" disabled={busy} aria-disabled={busy}>
              {busy && <span className="jcbb-login__spinner" aria-hidden />}
              {busy ? t('login.submitting') : t('login.submit')}
            </button>
          </form>
          <p className="jcbb-login__help">{t('login.help')}</p>
          <JoinNote />
        </div>
        <nav className="jcbb-login__public" aria-label={t('login.publicLinks')}>
          <Link to="/cities">{t('login.catalogue')}</Link>
          <Link to={pages.certificateVerify.path}>{t('login.certificateCheck')}</Link>
        </nav>
        <footer className="jcbb-login__footer">{t('login.copyright')}</footer>
      </main>
    </div>
  );
}

/**
 * How a new organisation joins: the configured text (JOIN_INFO, GET /open/config), else the default one. Folded until
 * asked for, and the configuration fetched then: the sign-in page's first load stays without it (its endpoint brings
 * zod and the schemas; the page's budget is 170 KB as received, docs/performance.md).
 */
/** The note's text, with the configuration's query: loaded when the note is opened. */
const JoinText = lazy(() => import('../components/JoinText.tsx').then((m) => ({ default: m.JoinText })));

function JoinNote() {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  return (
    <section className="jcbb-login__join" aria-labelledby="jcbb-login-join">
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <h3 id="jcbb-login-join">{t('login.joinTitle')}</h3>
        </summary>
        {open ? (
          <Suspense fallback={<p>{t('login.joinDefault')}</p>}>
            <JoinText />
          </Suspense>
        ) : null}
      </details>
    </section>
  );
}

interface InputProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A labelled input with a leading icon and its message below, tied together for screen readers. */
function LoginField({
  label,
  error,
  icon,
  input,
  suffix,
}: {
  label: string;
  error: string | undefined;
  icon: ReactNode;
  input: (props: InputProps) => ReactNode;
  suffix?: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`jcbb-login__field${error ? ' jcbb-login__field--error' : ''}`}>
      <label htmlFor={id} className="jcbb-login__label">
        {label}
      </label>
      <div className="jcbb-login__control">
        <span className="jcbb-login__prefix" aria-hidden>
          {icon}
        </span>
        {input({
          id,
          className: 'jcbb-login__input',
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? errorId : undefined,
        })}
        {suffix}
      </div>
      <div id={errorId} className="jcbb-login__error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}

function PasswordField({
  label,
  error,
  inputRef,
  value,
  placeholder,
  disabled,
  onChange,
}: {
  label: string;
  error: string | undefined;
  inputRef: React.RefObject<HTMLInputElement | null>;
  value: string;
  placeholder: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <LoginField
      label={label}
      error={error}
      icon={<LockOutlined />}
      input={(props) => (
        <input
          {...props}
          ref={inputRef}
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          maxLength={64}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      suffix={
        <button
          type="button"
          className="jcbb-login__eye"
          aria-label={t('login.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
        </button>
      }
    />
  );
}
