import type { CertificateVerifyData } from '@jcbb/contract';
import { type ProofFailure, verifyTraceProof } from '@jcbb/contract/trace-proof';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type LedgerKey, openGet, ScanError, scanApi, signedUrl } from '../../trace/public.ts';
import en from '../locales/en.ts';
import zh from '../locales/zh-CN.ts';
import './certificate-light.css';

/**
 * /free/certificate (?no= from the certificate's QR code), for the light public entry: plain React and CSS, no antd,
 * no router, no zod (docs/decisions.md, "The public pages' light entry"). The certificate's answer and the ledger's
 * key are fetched side by side; the browser checks the certificate's entry (`verifyEvidence`, the shown fields
 * against the record the entry vouches for) and marks each shown fact 已验证 only when it holds. The state today and
 * the date of the check are named as not covered.
 */

const pick = () => {
  try {
    return globalThis.localStorage?.getItem('jcbb_lang') === 'en' ? en : zh;
  } catch {
    return zh;
  }
};
const fmt = (text: string, vars: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
const cleanNo = (value: string) => value.trim().toUpperCase();

export const certificateApi = {
  verify: (no: string) => openGet<CertificateVerifyData>('/open/certificate/verify', { no }, `certificate:${no}`),
};

/** First and last hex digits of a hash, as people compare them by eye. */
const fingerprint = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex);

type Evidence = NonNullable<CertificateVerifyData['certificate']>;
interface Check {
  ok: boolean;
  failure: ProofFailure | null;
  /** The shown fields the record holds, with the same value: only these are vouched for. */
  covered: Set<string>;
}

/**
 * One ledger record checked with the contract's proof checker (trace-proof.ts, the scan page's): the entry records
 * the SHA-256 of the record's text, hashes to the leaf the inclusion proof leads from to the signed head, and the
 * head is signed by the ledger's key; then every shown field the record holds must be the record's (else
 * `content`). A shown field the record does not hold is not covered (the page names it).
 */
export function checkRecord(evidence: Evidence, publicKey: string, shown: Record<string, unknown>): Check {
  const { sth, leafIndex, entry, leafHash, inclusionProof, content } = evidence;
  const report = verifyTraceProof(
    { sth, events: [], certificate: { leafIndex, entry, leafHash, inclusionProof, content } },
    publicKey,
  ).certificate;
  if (!report?.ok || !report.record) return { ok: false, failure: report?.failure ?? 'content', covered: new Set() };
  const record = report.record;
  const held = Object.entries(shown).filter(([k]) => k in record);
  if (held.some(([k, v]) => record[k] !== (v ?? null))) return { ok: false, failure: 'content', covered: new Set() };
  return { ok: true, failure: null, covered: new Set(held.map(([k]) => k)) };
}

type Load<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ok'; value: T }
  | { state: 'error'; error: unknown };

export function CertificateLookup({ initialNo }: { initialNo: string }) {
  const words = useMemo(pick, []);
  const f = words.free;
  const [no, setNo] = useState(cleanNo(initialNo));
  const [input, setInput] = useState(no);
  const [answer, setAnswer] = useState<Load<CertificateVerifyData>>({ state: 'idle' });
  const [key, setKey] = useState<Load<LedgerKey>>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) runs the lookup again
  useEffect(() => {
    if (!no) return;
    let live = true;
    setAnswer({ state: 'loading' });
    certificateApi.verify(no).then(
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
  }, [no, attempt]);

  const search = (value: string) => {
    const next = cleanNo(value);
    setInput(next);
    setNo(next);
    const url = new URL(globalThis.location.href);
    if (next) url.searchParams.set('no', next);
    else url.searchParams.delete('no');
    globalThis.history.pushState(null, '', url);
  };

  const missing =
    answer.state === 'error' &&
    answer.error instanceof ScanError &&
    (answer.error.status === 404 || answer.error.status === 400);

  let body: ReactNode = null;
  if (answer.state === 'loading') {
    body = (
      <section className="scan-card" aria-busy="true">
        <div className="scan-skeleton" />
        <div className="scan-skeleton scan-skeleton--short" />
      </section>
    );
  } else if (answer.state === 'error') {
    body = (
      <section className="scan-card scan-empty">
        <h2 className="scan-empty__title">{missing ? fmt(f.notFound, { no }) : (answer.error as Error).message}</h2>
        {missing ? (
          <p className="scan-muted">{f.notFoundText}</p>
        ) : (
          <button type="button" className="scan-button" onClick={() => setAttempt((a) => a + 1)}>
            {words.common.retry}
          </button>
        )}
      </section>
    );
  } else if (answer.state === 'ok') {
    body = <Certificate data={answer.value} keyLoad={key} words={words} />;
  }

  return (
    <div className="scan-page">
      <section className="scan-card scan-index">
        <h1 className="scan-head__title">{f.title}</h1>
        <p className="scan-muted">{f.intro}</p>
        <form
          className="cert-light__search"
          onSubmit={(e) => {
            e.preventDefault();
            search(input);
          }}
        >
          <input
            className="scan-input"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            maxLength={40}
            placeholder={f.placeholder}
            aria-label={f.certNo}
          />
          <button type="submit" className="scan-button scan-button--primary">
            {f.search}
          </button>
        </form>
      </section>
      {body}
    </div>
  );
}

type Words = ReturnType<typeof pick>;

function Certificate({
  data,
  keyLoad,
  words,
}: {
  data: CertificateVerifyData;
  keyLoad: Load<LedgerKey>;
  words: Words;
}) {
  const f = words.free;
  const publicKey = keyLoad.state === 'ok' ? keyLoad.value.publicKey : null;
  const report = useMemo<Check | null>(() => {
    if (!publicKey || !data.certificate) return null;
    // Every field shown below must be the record's.
    const shown = {
      certNo: data.certNo,
      type: data.type,
      holder: data.holder,
      product: data.product.name,
      issuer: data.issuer,
      starRating: data.starRating,
      validFrom: data.validFrom,
      validUntil: data.validUntil,
    };
    return checkRecord(data.certificate, publicKey, shown);
  }, [data, publicKey]);
  const revocation = useMemo<Check | null>(
    () => (publicKey && data.revocation ? checkRecord(data.revocation, publicKey, { certNo: data.certNo }) : null),
    [data, publicKey],
  );
  const verified = report?.ok === true;
  const failed = report?.failure ?? null;
  const stateClass = { valid: 'ok', expired: 'warn', revoked: 'bad' }[data.state];
  // Each shown fact with the record's fields that say it.
  const facts: [string, ReactNode, string[]][] = [
    [f.holder, data.holder, ['holder']],
    [f.product, data.product.name, ['product']],
    [f.type, data.type === 2 ? `${data.typeName}（${f.selfDeclared}）` : data.typeName, ['type']],
    [f.stars, data.starRating === null ? '—' : '★'.repeat(data.starRating), ['starRating']],
    [f.validity, `${data.validFrom} ~ ${data.validUntil}`, ['validFrom', 'validUntil']],
    [f.issuer, data.issuer, ['issuer']],
  ];
  const isCovered = (fields: string[]) => verified && fields.every((k) => report?.covered.has(k));
  const uncoveredFacts = verified ? facts.filter(([, , k]) => !isCovered(k)).map(([label]) => label) : [];
  const mark = (covered: boolean) =>
    covered ? (
      <span className="scan-mark scan-mark--ok">✓ {f.verified}</span>
    ) : (
      <span className="scan-mark scan-mark--platform">{f.fromPlatform}</span>
    );
  let tone = 'checking';
  let label = f.checking;
  let text: string | null = null;
  if (!data.certificate) {
    tone = 'warn';
    label = f.noEvidence;
  } else if (report) {
    tone = verified ? 'ok' : 'bad';
    label = verified ? f.verified : f.failed;
    text = verified
      ? f.verifiedText
      : fmt(f.failedText, { why: f.why[failed === 'id' || failed === null ? 'content' : failed] });
  } else if (keyLoad.state === 'error') {
    tone = 'warn';
    label = f.noKey;
  }
  return (
    <>
      <section className="scan-card">
        <div className="cert-light__title">
          <h2 className="scan-card__title scan-mono">{data.certNo}</h2>
          {mark(isCovered(['certNo']))}
        </div>
        <dl className="scan-facts" data-testid="certificate-facts">
          {facts.map(([k, v, fields]) => (
            <div key={k} className="scan-facts__row">
              <dt>{k}</dt>
              <dd>
                <span className="scan-facts__value">{v}</span> {mark(isCovered(fields))}
              </dd>
            </div>
          ))}
        </dl>
        <p className="scan-links">
          <button
            type="button"
            className="scan-button"
            onClick={() => {
              // Signed when clicked (a signature is good for five minutes), saved under the certificate's number.
              const link = document.createElement('a');
              link.href = signedUrl('/open/certificate/pdf', { no: data.certNo });
              link.download = `${data.certNo}.pdf`;
              link.click();
            }}
          >
            {f.pdf}
          </button>
        </p>
      </section>
      <section className={`scan-card scan-verdict scan-verdict--${tone}`} aria-live="polite">
        <h2 className="scan-card__title">{f.verifyTitle}</h2>
        <span key={tone} className="scan-badge" data-testid="certificate-verify-badge" data-state={tone}>
          {tone === 'ok' ? '✓ ' : tone === 'bad' ? '✕ ' : ''}
          {label}
        </span>
        {text && <p className="scan-verdict__text">{text}</p>}
        {revocation && (
          <p className="scan-verdict__text">
            <span className={`scan-mark ${revocation.ok ? 'scan-mark--ok' : 'scan-mark--bad'}`}>
              {revocation.ok ? f.revocationVerified : f.revocationFailed}
            </span>
          </p>
        )}
        <p className="scan-verdict__uncovered" data-testid="certificate-not-covered">
          {fmt(f.notCovered, { facts: [...uncoveredFacts, f.notCoveredState, f.notCoveredCheckedOn].join('、') })}
        </p>
      </section>
      <section className="scan-card scan-platform">
        <h2 className="scan-card__title">{f.platformTitle}</h2>
        <p className="scan-muted scan-small">{f.platformNote}</p>
        <dl className="scan-facts">
          <div className="scan-facts__row">
            <dt>{f.notCoveredState.split('（')[0]?.split(' (')[0]}</dt>
            <dd>
              <span className={`scan-state scan-state--${stateClass}`}>{data.stateName}</span>
              {data.revokedAt && <div className="scan-small">{`${f.revokedAt}：${data.revokedAt}`}</div>}
              {data.revokeReason && <div className="scan-small">{`${f.revokeReason}：${data.revokeReason}`}</div>}
            </dd>
          </div>
          <div className="scan-facts__row">
            <dt>{f.checkedOn}</dt>
            <dd>{data.checkedOn}</dd>
          </div>
        </dl>
      </section>
      {data.certificate && (
        <details className="scan-card scan-technical">
          <summary>{f.technical}</summary>
          <p className="scan-muted scan-small">{f.verifyIntro}</p>
          <p className="scan-mono scan-small">
            {`${f.leafIndex} ${data.certificate.leafIndex} · ${f.contentHash} ${fingerprint(data.certificate.contentSha256)}`}
            <br />
            {`${f.head}: ${fingerprint(data.certificate.sth.rootHash)}（${f.treeSize} ${data.certificate.sth.treeSize}）`}
            {keyLoad.state === 'ok' && (
              <>
                <br />
                {`${f.keyFingerprint}: ${keyLoad.value.fingerprint}`}
              </>
            )}
          </p>
        </details>
      )}
    </>
  );
}
