import type { AuthorisationVerifyData } from '@jcbb/contract';
import {
  type AuthorisationCheck,
  type AuthorisationLetterContent,
  type DocumentFailure,
  verifyAuthorisation,
} from '@jcbb/contract/distribution-proof';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { formatQuantity } from '@jcbb/contract/quantity';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type LedgerKey, openGet, ScanError, scanApi } from '../../trace/public.ts';
import en from '../locales/free.en.ts';
import zh from '../locales/free.zh-CN.ts';
import './authorisation-light.css';

/**
 * /free/authorisation (?id=<publicId> from the letter's QR code), for the light public entry: plain React and CSS,
 * no antd, no router, no zod (docs/decisions.md, "The public pages' light entry"). The letter's answer and the
 * ledger's published key are fetched side by side; the browser checks the letter and its last status statement with
 * the contract's `verifyAuthorisation` and marks each shown fact 已验证 only when a checked document says it; the
 * rest is marked as the platform's word and named under the badge.
 */

const pick = () => {
  try {
    return globalThis.localStorage?.getItem('jcbb_lang') === 'en' ? en : zh;
  } catch {
    return zh;
  }
};
type Words = ReturnType<typeof pick>;
const fmt = (text: string, vars: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
/** First and last hex digits of a hash, as people compare them by eye. */
const fingerprint = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex);

/** The contract's `authorisationVerify` path (the light entry loads no endpoint declarations; a test compares). */
export const AUTHORISATION_VERIFY_PATH = '/open/authorisation';

/** The public call: the letter, its signature, its ledger proofs and its state today. */
export const authorisationApi = {
  verify: (publicId: string) =>
    openGet<AuthorisationVerifyData>(AUTHORISATION_VERIFY_PATH, { id: publicId }, `authorisation:${publicId}`),
};

type Load<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ok'; value: T }
  | { state: 'error'; error: unknown };

/** Only what a publicId can hold: anything else is not sent. */
const cleanId = (value: string) => (/^[A-Za-z0-9_-]{1,60}$/.test(value.trim()) ? value.trim() : '');

export function AuthorisationLookup({ initialId }: { initialId: string }) {
  const words = useMemo(pick, []);
  const f = words;
  const id = cleanId(initialId);
  const [answer, setAnswer] = useState<Load<AuthorisationVerifyData>>({ state: id ? 'loading' : 'idle' });
  const [key, setKey] = useState<Load<LedgerKey>>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) runs the lookup again
  useEffect(() => {
    if (!id) return;
    let live = true;
    setAnswer({ state: 'loading' });
    authorisationApi.verify(id).then(
      (value) => live && setAnswer({ state: 'ok', value }),
      (error: unknown) => live && setAnswer({ state: 'error', error }),
    );
    setKey((k) => (k.state === 'ok' ? k : { state: 'loading' }));
    scanApi.key().then(
      (value) => live && setKey({ state: 'ok', value }),
      (error: unknown) => live && setKey((k) => (k.state === 'ok' ? k : { state: 'error', error })),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  const missing =
    answer.state === 'error' &&
    answer.error instanceof ScanError &&
    (answer.error.status === 404 || answer.error.status === 400);

  let body: ReactNode = null;
  if (!id) {
    body = (
      <section className="scan-card scan-empty">
        <p className="scan-muted">{f.noId}</p>
      </section>
    );
  } else if (answer.state === 'loading' || answer.state === 'idle') {
    body = (
      <section className="scan-card" aria-busy="true">
        <div className="scan-skeleton" />
        <div className="scan-skeleton scan-skeleton--short" />
      </section>
    );
  } else if (answer.state === 'error') {
    body = (
      <section className="scan-card scan-empty">
        <h2 className="scan-empty__title">{missing ? f.notFound : (answer.error as Error).message}</h2>
        {missing ? (
          <p className="scan-muted">{f.notFoundText}</p>
        ) : (
          <button type="button" className="scan-button" onClick={() => setAttempt((a) => a + 1)}>
            {f.retry}
          </button>
        )}
      </section>
    );
  } else {
    body = <Letter data={answer.value} keyLoad={key} words={words} />;
  }

  return (
    <div className="scan-page au-light">
      <section className="scan-card">
        <h1 className="scan-head__title">{f.title}</h1>
        <p className="scan-muted scan-small">{f.intro}</p>
      </section>
      {body}
    </div>
  );
}

/** The tone of a state in the big words: in force, on hold, or no longer valid. */
const TONE: Record<string, 'ok' | 'warn' | 'bad'> = {
  active: 'ok',
  issued: 'warn',
  suspended: 'warn',
  draft: 'warn',
  superseded: 'bad',
  revoked: 'bad',
  expired: 'bad',
};

/** An ISO instant of the letter as Shanghai wall-clock time (to the minute); the text itself if it is not one. */
function shanghaiTime(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : formatShanghaiTime(at).slice(0, 16);
}

/** The letter's own words, read from the signed text even before (or without) its check: marked accordingly. */
function parseLetter(content: string): AuthorisationLetterContent | null {
  try {
    const parsed = JSON.parse(content) as AuthorisationLetterContent;
    return parsed && typeof parsed === 'object' && parsed.credentialSubject ? parsed : null;
  } catch {
    return null;
  }
}

function Letter({ data, keyLoad, words }: { data: AuthorisationVerifyData; keyLoad: Load<LedgerKey>; words: Words }) {
  const f = words;
  const publicKey = keyLoad.state === 'ok' ? keyLoad.value.publicKey : null;
  // Checked with the key published at /.well-known, never the one the answer carries.
  const check = useMemo<AuthorisationCheck | null>(
    () => (publicKey ? verifyAuthorisation(data, publicKey) : null),
    [data, publicKey],
  );
  const letter = check?.content ?? parseLetter(data.letter.content);
  const covered = check?.covered ?? { letter: false, state: false, reason: false };
  const stateName = (f.states as Record<string, string>)[data.state] ?? data.state;
  const tone = TONE[data.state] ?? 'warn';

  const mark = (ok: boolean) =>
    check === null ? null : ok ? (
      <span className="scan-mark scan-mark--ok">✓ {f.verified}</span>
    ) : (
      <span className="scan-mark scan-mark--platform">{f.fromPlatform}</span>
    );

  let badgeTone = 'checking';
  let badge = f.checking;
  let text: string | null = null;
  if (check) {
    badgeTone = check.covered.letter ? 'ok' : 'bad';
    badge = check.covered.letter ? f.verified : f.failed;
    const failure: DocumentFailure = check.letter.failure ?? 'content';
    text = check.covered.letter ? f.verifiedText : fmt(f.failedText, { why: f.why[failure] ?? '' });
  } else if (keyLoad.state === 'error') {
    badgeTone = 'warn';
    badge = f.noKey;
  }
  const uncovered = [
    ...(check && !covered.letter ? [f.letter] : []),
    ...(!covered.state ? [f.notCoveredState] : []),
    ...(data.statusReason && !covered.reason ? [f.notCoveredReason] : []),
    f.notCoveredCheckedOn,
  ];

  const subject = letter?.credentialSubject;
  const project = subject?.project;
  const facts: [string, ReactNode][] = letter
    ? [
        [
          f.number,
          <span key="number" className="scan-mono">
            {letter.number}
          </span>,
        ],
        [f.version, fmt(f.versionN, { version: letter.version })],
        [f.maker, <Party key="maker" name={letter.issuer.name} code={letter.issuer.creditCode} words={words} />],
        [
          f.distributor,
          subject ? (
            <Party
              key="distributor"
              name={subject.distributor.name}
              code={subject.distributor.creditCode}
              words={words}
            />
          ) : (
            '—'
          ),
        ],
        [
          f.kind,
          subject?.kind === 'project' ? (
            <span key="kind">
              {f.kindProject}
              {project?.name && <div>{project.name}</div>}
              {project?.tenderNo && <div className="scan-small">{fmt(f.tenderNo, { no: project.tenderNo })}</div>}
            </span>
          ) : (
            f.kindGeneral
          ),
        ],
        [f.exclusive, subject?.exclusive ? f.exclusiveYes : f.exclusiveNo],
        [f.regions, (subject?.regions ?? []).map((r) => r.name).join('、') || '—'],
        [f.period, `${letter.validFrom} ~ ${letter.validUntil}`],
        [
          f.products,
          <ul key="items" className="au-light__items">
            {(subject?.items ?? []).map((item) => (
              <li key={item.product.id}>
                <strong>{item.product.name}</strong>
                <span className="scan-muted">
                  {' · '}
                  {item.specifications.length > 0 ? item.specifications.map((s) => s.name).join('、') : f.allSpecs}
                  {item.quantityCap !== null &&
                    ` · ${fmt(f.cap, { cap: formatQuantity(item.quantityCap, { unit: item.unit, locale: words === en ? 'en' : 'zh-CN' }) })}`}
                </span>
              </li>
            ))}
          </ul>,
        ],
        ...(subject?.commitments.afterSales
          ? [[f.afterSales, subject.commitments.afterSales] as [string, ReactNode]]
          : []),
        ...(subject?.commitments.supply ? [[f.supply, subject.commitments.supply] as [string, ReactNode]] : []),
        [f.issuedAt, shanghaiTime(letter.issuedAt)],
      ]
    : [];

  return (
    <>
      <section className={`scan-card au-light__state au-light__state--${tone}`} aria-live="polite">
        <p className="au-light__stateLabel">{f.stateNow}</p>
        <p className="au-light__stateWords" data-testid="authorisation-state">
          {stateName}
        </p>
        <p className="au-light__stateText">{(f.stateText as Record<string, string>)[data.state] ?? ''}</p>
        {data.statusReason && (
          <p className="scan-small">
            {fmt(f.reason, { reason: data.statusReason })} {mark(covered.reason)}
          </p>
        )}
        {data.supersededBy && (
          <p className="scan-small">
            {fmt(f.supersededBy, { number: data.supersededBy.number })}{' '}
            <a href={pageUrl(pages.authorisationVerify, { id: data.supersededBy.publicId })}>{f.openNew}</a>
          </p>
        )}
        <p className="scan-small scan-muted">
          {fmt(f.checkedOn, { day: data.checkedOn })}
          {check && <> · {covered.state ? f.stateVerified : f.stateNotVerified}</>}
        </p>
      </section>
      <section className={`scan-card scan-verdict scan-verdict--${badgeTone}`}>
        <h2 className="scan-card__title">{f.verifyTitle}</h2>
        <span key={badgeTone} className="scan-badge" data-testid="authorisation-verify-badge" data-state={badgeTone}>
          {badgeTone === 'ok' ? '✓ ' : badgeTone === 'bad' ? '✕ ' : ''}
          {badge}
        </span>
        {text && <p className="scan-verdict__text">{text}</p>}
        <p className="scan-verdict__uncovered" data-testid="authorisation-not-covered">
          {fmt(f.notCovered, { facts: uncovered.join('、') })}
        </p>
      </section>
      <section className="scan-card">
        <div className="au-light__title">
          <h2 className="scan-card__title">{f.letter}</h2>
          {mark(covered.letter)}
        </div>
        <dl className="scan-facts" data-testid="authorisation-facts">
          {facts.map(([label, value]) => (
            <div key={label} className="scan-facts__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <details className="scan-card scan-technical">
        <summary>{f.technical}</summary>
        <p className="scan-muted scan-small">{f.technicalIntro}</p>
        <p className="scan-mono scan-small">
          {data.letter.evidence &&
            fmt(f.letterEntry, {
              index: data.letter.evidence.leafIndex,
              hash: fingerprint(data.letter.evidence.contentSha256),
            })}
          {data.statusStatement?.evidence && (
            <>
              <br />
              {fmt(f.statusEntry, {
                index: data.statusStatement.evidence.leafIndex,
                hash: fingerprint(data.statusStatement.evidence.contentSha256),
              })}
            </>
          )}
          {data.letter.evidence && (
            <>
              <br />
              {fmt(f.head, {
                root: fingerprint(data.letter.evidence.sth.rootHash),
                size: data.letter.evidence.sth.treeSize,
              })}
            </>
          )}
          {keyLoad.state === 'ok' && (
            <>
              <br />
              {fmt(f.keyFingerprint, { fingerprint: keyLoad.value.fingerprint })}
            </>
          )}
          {check && !check.ok && (
            <>
              <br />
              {fmt(f.failure, {
                failure: [check.letter.failure, check.statusStatement?.failure].filter(Boolean).join(', ') || '—',
              })}
            </>
          )}
        </p>
      </details>
    </>
  );
}

function Party({ name, code, words }: { name: string; code: string | null; words: Words }) {
  return (
    <>
      {name}
      {code && <div className="scan-small scan-muted">{fmt(words.creditCode, { code })}</div>}
    </>
  );
}
