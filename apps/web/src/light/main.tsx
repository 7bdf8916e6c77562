import { PRODUCT_TITLE } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PlatformMark } from '../components/Logo.tsx';
import { CertificateLookup } from '../features/certificate/public.ts';
import { AuthorisationLookup } from '../features/distribution/public.ts';
import { extractTraceCode, ScanDetail, ScanIndex } from '../features/trace/public.ts';
import './light.css';

/**
 * The light public entry (public.html; docs/decisions.md, "The public pages' light entry"): what a QR code on a
 * label, a certificate or an authorisation letter opens, on a phone on a building site — /mobile/index,
 * /mobile/detail, /free/certificate, /free/authorisation. React and plain CSS: no antd, no TanStack Query, no console router, no i18next, no zod. The server answers
 * public.html for these four paths; every other path is the console's index.html. Links between the pages and
 * to the console are plain navigations.
 */
const params = new URLSearchParams(globalThis.location.search);
const path = globalThis.location.pathname.replace(/\/+$/, '');
const english = (() => {
  try {
    return globalThis.localStorage?.getItem('jcbb_lang') === 'en';
  } catch {
    return false;
  }
})();
if (english) document.documentElement.lang = 'en';

function Page() {
  if (path === pages.scanDetail.path) return <ScanDetail code={extractTraceCode(params.get('code') ?? '')} />;
  if (path === pages.certificateVerify.path) return <CertificateLookup initialNo={params.get('no') ?? ''} />;
  if (path === pages.authorisationVerify.path) return <AuthorisationLookup initialId={params.get('id') ?? ''} />;
  return <ScanIndex />;
}

/**
 * The way in and out (the console's PublicEntry, without its router): 登录, coming back to this page after sign-in, or,
 * for a browser that holds a session token, the way back to the console.
 */
function Entry() {
  let signedIn = false;
  try {
    signedIn = Boolean(globalThis.localStorage?.getItem('jcbb_token'));
  } catch {
    signedIn = false;
  }
  if (signedIn) {
    return (
      <a href="/" className="light__login">
        {english ? 'Console' : '进入控制台'}
      </a>
    );
  }
  const back = encodeURIComponent(globalThis.location.pathname + globalThis.location.search);
  return (
    <a href={`/login?redirect=${back}`} className="light__login">
      {english ? 'Sign in' : '登录'}
    </a>
  );
}

function Frame() {
  return (
    <div className="light">
      <header className="light__bar">
        <a href={pages.scanIndex.path} className="light__brand">
          <PlatformMark size={28} />
          <span>{PRODUCT_TITLE}</span>
        </a>
        <Entry />
      </header>
      <main id="jcbb-main" className="light__main">
        <Page />
      </main>
      <footer className="light__footer">
        {PRODUCT_TITLE} ·{' '}
        {english ? 'Green building materials procurement platform' : '政府采购绿色建材 AI 管理电子化平台'}
      </footer>
    </div>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Frame />
    </StrictMode>,
  );
}
