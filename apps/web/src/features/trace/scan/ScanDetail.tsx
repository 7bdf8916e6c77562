import type { PublicTraceData } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import type { CustodyStep } from '@jcbb/contract/trace-custody';
import { type TraceProofReport, verifyTraceProof } from '@jcbb/contract/trace-proof';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { groupCode } from '../components/mobile/trace-code.ts';
import { epcisPath, type LedgerKey, proofPath, ScanError, scanApi, signedUrl } from './scan-api.ts';
import { type ChainEntry, type LotFact, readScan, type ScanReading } from './scan-model.ts';
import { fmt, pickWords, type Words } from './words.ts';
import './scan.css';

/**
 * /mobile/detail?code=… — what a label's QR code opens. One signed answer (GET /open/trace/{code}, with the proof of
 * every event and of the certificate) and the ledger's key (/.well-known/jcbb-ledger-key.json) are fetched side by
 * side; this browser then checks the proof (`verifyTraceProof`) and draws the chain of custody, the transport carbon
 * and the lot's facts only from records that checked (scan-model.ts). What the proof does not cover is shown apart,
 * under a note that it is the platform's current record. Plain React and CSS: no antd, no router, no zod, so the
 * page can load on its own (docs/decisions.md, "The public pages' light entry").
 */

type Load<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'error'; error: unknown };

/** Run `run` whenever `key` changes (null: nothing to run); its outcome. */
function useLoad<T>(key: string | null, run: () => Promise<T>): Load<T> {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setLoad({ state: 'loading' });
    latest.current().then(
      (value) => live && setLoad({ state: 'ok', value }),
      (error: unknown) => live && setLoad({ state: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return load;
}

/** The page for a code (null: the address holds no code). */
export function ScanDetail({ code, backHref = pages.scanIndex.path }: { code: string | null; backHref?: string }) {
  const words = useMemo(pickWords, []);
  const w = words.detail;
  const [attempt, setAttempt] = useState(0);
  // The answer and the key side by side: the check needs both, and nothing else (no per-leaf ledger calls).
  const run = code === null ? null : `${code}#${attempt}`;
  const trace = useLoad(run, () => scanApi.trace(code ?? ''));
  const key = useLoad(run, () => scanApi.key());
  const missing =
    code === null ||
    (trace.state === 'error' &&
      trace.error instanceof ScanError &&
      (trace.error.status === 404 || trace.error.status === 400));

  let body: ReactNode;
  if (missing) {
    body = (
      <section className="scan-card scan-empty">
        <h1 className="scan-empty__title">{w.notFound}</h1>
        <p className="scan-muted">{w.notFoundText}</p>
        <a className="scan-button scan-button--primary" href={backHref}>
          {w.back}
        </a>
      </section>
    );
  } else if (trace.state === 'error') {
    body = (
      <section className="scan-card scan-empty">
        <h1 className="scan-empty__title">{w.loadFailed}</h1>
        <button type="button" className="scan-button" onClick={() => setAttempt((a) => a + 1)}>
          {w.retry}
        </button>
      </section>
    );
  } else if (trace.state === 'loading') {
    body = (
      <section className="scan-card" aria-busy="true">
        <div className="scan-skeleton" />
        <div className="scan-skeleton scan-skeleton--short" />
        <div className="scan-skeleton" />
      </section>
    );
  } else {
    body = (
      <TraceView
        data={trace.value}
        keyLoad={key}
        words={words}
        backHref={backHref}
        onRetryKey={() => setAttempt((a) => a + 1)}
      />
    );
  }
  return <div className="scan-page">{body}</div>;
}

function TraceView({
  data,
  keyLoad,
  words,
  backHref,
  onRetryKey,
}: {
  data: PublicTraceData;
  keyLoad: Load<LedgerKey>;
  words: Words;
  backHref: string;
  onRetryKey: () => void;
}) {
  const s = words.scan;
  const publicKey = keyLoad.state === 'ok' ? keyLoad.value.publicKey : null;
  const report = useMemo<TraceProofReport | null>(
    () => (publicKey === null ? null : verifyTraceProof(data.proof, publicKey)),
    [data, publicKey],
  );
  const reading = report ? readScan(data, report) : null;
  const name = reading?.lot.find((f) => f.key === 'product') ?? null;
  const spec = reading?.lot.find((f) => f.key === 'spec') ?? null;

  return (
    <>
      {data.alerts.map((a) => (
        <div key={a.kind} className="scan-alert" role="alert">
          <span className="scan-alert__tag">{s.fromPlatform}</span>
          {a.message}
        </div>
      ))}
      <section className="scan-card scan-head">
        {data.product.imageUploadId !== null && (
          <ProductImage productId={data.product.id} uploadId={data.product.imageUploadId} />
        )}
        <div className="scan-head__text">
          <h1 className="scan-head__title">{name?.value ?? data.product.name}</h1>
          {(spec?.value ?? data.product.specName) && (
            <div className="scan-muted">{spec?.value ?? data.product.specName}</div>
          )}
          <div className="scan-head__code">
            <span className="scan-muted">{words.detail.code}</span>
            <span className="scan-mono scan-head__codeValue">{groupCode(data.code)}</span>
          </div>
        </div>
      </section>
      <Verdict
        reading={reading}
        keyFailed={keyLoad.state === 'error'}
        words={words}
        onRetry={onRetryKey}
        hasRecords={data.proof.events.length > 0 || data.proof.certificate !== null}
      />
      {reading ? (
        <>
          <LotCard facts={reading.lot} words={words} />
          <ChainCard chain={reading.chain} words={words} />
          {reading.certificate && <CertificateRecord reading={reading} words={words} />}
        </>
      ) : keyLoad.state === 'error' ? (
        <LotCard facts={unverifiedLot(data)} words={words} />
      ) : (
        <section className="scan-card" aria-busy="true">
          <div className="scan-skeleton" />
          <div className="scan-skeleton scan-skeleton--short" />
        </section>
      )}
      <PlatformRecord data={data} reading={reading} words={words} />
      {report && keyLoad.state === 'ok' && (
        <Technical data={data} report={report} ledgerKey={keyLoad.value} words={words} />
      )}
      <div className="scan-center">
        <a className="scan-button" href={backHref}>
          {words.detail.back}
        </a>
      </div>
    </>
  );
}

function ProductImage({ productId, uploadId }: { productId: number; uploadId: number }) {
  const [broken, setBroken] = useState(false);
  if (broken) return null;
  return (
    <img
      className="scan-head__image"
      src={`/open/materials/show/productImage/${productId}/${uploadId}`}
      alt=""
      onError={() => setBroken(true)}
    />
  );
}

/** Without the key nothing can be checked: the answer's own lot fields, each marked as the platform's record. */
function unverifiedLot(data: PublicTraceData): LotFact[] {
  const rows: [LotFact['key'], string | null][] = [
    ['product', data.product.name],
    ['spec', data.product.specName],
    ['maker', data.maker.name],
    ['batch', data.lot.batchNo],
    ['productionDate', data.lot.productionDate],
    ['expiryDate', data.lot.expiryDate],
    ['quantity', `${data.quantity} ${data.unitName}`],
  ];
  return rows.flatMap(([key, value]) => (value ? [{ key, value, source: 'platform' as const, answerSays: null }] : []));
}

function Verdict({
  reading,
  keyFailed,
  words,
  onRetry,
  hasRecords,
}: {
  reading: ScanReading | null;
  keyFailed: boolean;
  words: Words;
  onRetry: () => void;
  hasRecords: boolean;
}) {
  const s = words.scan;
  let tone: 'checking' | 'ok' | 'warn' | 'bad';
  let label: string;
  let text: string;
  if (reading) {
    if (reading.state === 'verified') {
      tone = 'ok';
      label = s.verified;
      text = fmt(s.verifiedText, { count: reading.checkedCount });
    } else if (reading.state === 'partial') {
      tone = 'warn';
      label = s.partial;
      text = hasRecords ? s.partialText : words.verify.none;
    } else {
      tone = 'bad';
      label = s.failed;
      text = reading.headOk ? fmt(s.failedText, { count: reading.failedCount }) : s.failedKey;
    }
  } else if (keyFailed) {
    tone = 'warn';
    label = s.noKey;
    text = s.noKeyText;
  } else {
    tone = 'checking';
    label = s.checking;
    text = s.checkingText;
  }
  const state = reading ? reading.state : keyFailed ? 'noKey' : 'checking';
  const uncovered = reading?.uncovered.map((k) => s.fact[k]) ?? [];
  return (
    <section className={`scan-card scan-verdict scan-verdict--${tone}`} aria-live="polite">
      <div className="scan-verdict__row">
        {/* Remounted when it changes (key): a new element marks the moment the verdict settled (bench:pages). */}
        <span key={state} className="scan-badge" data-testid="trace-verify-badge" data-state={state}>
          {tone === 'ok' ? '✓ ' : tone === 'bad' ? '✕ ' : ''}
          {label}
        </span>
        {keyFailed && (
          <button type="button" className="scan-button scan-button--small" onClick={onRetry}>
            {s.retry}
          </button>
        )}
      </div>
      <p className="scan-verdict__text">{text}</p>
      {uncovered.length > 0 && (
        <p className="scan-verdict__uncovered" data-testid="trace-not-covered">
          {fmt(s.notCovered, { facts: uncovered.join('、') })}
        </p>
      )}
    </section>
  );
}

function SourceMark({ source, words }: { source: 'proof' | 'platform'; words: Words }) {
  return source === 'proof' ? (
    <span className="scan-mark scan-mark--ok">✓ {words.scan.stepOk}</span>
  ) : (
    <span className="scan-mark scan-mark--platform">{words.scan.fromPlatform}</span>
  );
}

function LotCard({ facts, words }: { facts: LotFact[]; words: Words }) {
  const s = words.scan;
  return (
    <section className="scan-card" data-testid="trace-lot">
      <h2 className="scan-card__title">{s.lotTitle}</h2>
      {facts.some((f) => f.source === 'proof') && <p className="scan-muted scan-small">{s.lotFrom}</p>}
      <dl className="scan-facts">
        {facts.map((f) => (
          <div key={f.key} className="scan-facts__row" data-testid={`lot-${f.key}`}>
            <dt>{s.fact[f.key]}</dt>
            <dd>
              <span className="scan-facts__value">{f.value}</span> <SourceMark source={f.source} words={words} />
              {f.answerSays !== null && (
                <div className="scan-differs" role="note">
                  {fmt(s.answerSays, { value: f.answerSays })}
                </div>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const stepName = (s: Words['scan'], step: string) => (s.step as Record<string, string>)[step] ?? s.step.other;

function ChainCard({ chain, words }: { chain: ChainEntry[]; words: Words }) {
  const s = words.scan;
  return (
    <section className="scan-card">
      <h2 className="scan-card__title">{s.chainTitle}</h2>
      {chain.length === 0 ? (
        <p className="scan-muted">{s.chainNone}</p>
      ) : (
        <ol className="scan-chain" data-testid="trace-chain">
          {chain.map((e) =>
            e.ok && e.step ? (
              <StepItem key={`${e.leafIndex}-${e.eventID}`} step={e.step} words={words} />
            ) : (
              <li
                key={`${e.leafIndex}-${e.eventID}`}
                className="scan-chain__item scan-chain__item--bad"
                data-testid="trace-step"
              >
                <div className="scan-chain__head">
                  <span className="scan-mark scan-mark--bad">✕ {s.stepFailed}</span>
                </div>
                <p className="scan-small">
                  {fmt(s.stepFailedText, { why: e.failure ? s.why[e.failure] : s.why.content })}
                </p>
              </li>
            ),
          )}
        </ol>
      )}
    </section>
  );
}

function StepItem({ step, words }: { step: CustodyStep; words: Words }) {
  const s = words.scan;
  const rows: [string, string][] = [];
  const moves =
    step.step === 'shipping' || step.step === 'returning' || step.step === 'receiving' || step.step === 'inspecting';
  if (moves) {
    if (step.sourceName) rows.push([s.from, step.sourceName]);
    if (step.destinationName) rows.push([s.to, step.destinationName]);
  }
  if (step.actorName && !(moves && (step.actorName === step.sourceName || step.actorName === step.destinationName))) {
    rows.push([s.by, step.actorName]);
  } else if (step.actorName && !moves) {
    rows.push([s.by, step.actorName]);
  }
  if (step.placeName) rows.push([s.place, step.placeName]);
  if (step.shipmentNumber) rows.push([s.shipment, step.shipmentNumber]);
  if (step.receiptNumber) rows.push([s.receipt, step.receiptNumber]);
  if (step.reason) rows.push([s.reason, step.reason]);
  const t = step.transport;
  return (
    <li
      className={`scan-chain__item${step.step === 'inspecting' ? ' scan-chain__item--warn' : ''}`}
      data-testid="trace-step"
    >
      <div className="scan-chain__head">
        <strong>{stepName(s, step.step)}</strong>
        <span className="scan-muted">{step.date}</span>
        <span className="scan-mark scan-mark--ok">✓ {s.stepOk}</span>
      </div>
      <dl className="scan-chain__rows">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {step.lines.length > 0 && (
        <ul className="scan-chain__lines">
          {step.lines.map((l) => (
            <li key={`${l.lot}-${l.batchNo}-${l.quantity}`}>
              {fmt(s.line, {
                product: l.productName,
                spec: l.specName,
                batch: l.batchNo,
                quantity: l.quantity,
                unit: l.unitName,
                codes: l.codeCount,
              })}
            </li>
          ))}
        </ul>
      )}
      {t && (
        <div className="scan-chain__transport">
          <div>
            {s.transport}：
            {fmt(s.transportLine, {
              mode: t.modeName || t.mode,
              distance: t.distanceKm,
              source: (s.distance as Record<string, string>)[t.distanceSource] ?? t.distanceSource,
            })}
          </div>
          <div>
            {t.kgCO2e !== null ? (
              <strong>{fmt(s.carbon, { kg: t.kgCO2e })}</strong>
            ) : (
              <span className="scan-mark scan-mark--platform">{s.carbonMissing}</span>
            )}
          </div>
          <div className="scan-muted scan-small">{s.carbonNote}</div>
        </div>
      )}
    </li>
  );
}

function CertificateRecord({ reading, words }: { reading: ScanReading; words: Words }) {
  const s = words.scan;
  const c = reading.certificate;
  if (!c) return null;
  return (
    <section className="scan-card">
      <h2 className="scan-card__title">{s.certRecord}</h2>
      {c.ok ? (
        <dl className="scan-facts">
          {(
            [
              [words.certificate.number, c.certNo],
              [s.certHolder, c.holder],
              [s.certProduct, c.product],
              [s.certValid, c.validFrom && c.validUntil ? `${c.validFrom} ~ ${c.validUntil}` : c.validUntil],
            ] as [string, string | null][]
          )
            .filter(([, v]) => v)
            .map(([label, value]) => (
              <div key={label} className="scan-facts__row">
                <dt>{label}</dt>
                <dd>
                  <span className="scan-facts__value">{value}</span> <SourceMark source="proof" words={words} />
                </dd>
              </div>
            ))}
        </dl>
      ) : (
        <p className="scan-bad-text">
          <span className="scan-mark scan-mark--bad">✕ {s.stepFailed}</span>{' '}
          {fmt(s.certFailed, { why: c.failure ? s.why[c.failure] : s.why.content })}
        </p>
      )}
    </section>
  );
}

function PlatformRecord({
  data,
  reading,
  words,
}: {
  data: PublicTraceData;
  reading: ScanReading | null;
  words: Words;
}) {
  const s = words.scan;
  const cert = data.certificate;
  const certOnLedger = reading?.certificate?.ok ?? false;
  const stateTone = { valid: 'ok', expired: 'warn', revoked: 'bad', none: 'none' }[data.certificateState];
  return (
    <section className="scan-card scan-platform" data-testid="trace-platform">
      <h2 className="scan-card__title">{s.platformTitle}</h2>
      <p className="scan-muted scan-small">{s.platformNote}</p>
      <dl className="scan-facts">
        <div className="scan-facts__row">
          <dt>{s.fact.certificateState}</dt>
          <dd>
            <span className={`scan-state scan-state--${stateTone}`} data-testid="trace-certificate-state">
              {words.certificate.state[data.certificateState]}
            </span>
            {data.certificateState === 'revoked' && (
              <div className="scan-bad-text">{words.certificate.revokedText}</div>
            )}
            {data.certificateState === 'expired' && <div className="scan-differs">{words.certificate.expiredText}</div>}
          </dd>
        </div>
        {cert.kind !== 'none' && !certOnLedger && (
          <div className="scan-facts__row">
            <dt>{cert.kind === 'certificate' ? words.certificate.number : words.certificate.testReport}</dt>
            <dd>
              {cert.kind === 'certificate' ? (cert.certNo ?? cert.name) : cert.name}
              {cert.validUntil && (
                <div className="scan-muted scan-small">{`${words.certificate.validUntil} ${cert.validUntil}`}</div>
              )}
              {cert.kind === 'certificate' && cert.leafIndex === null && (
                <div className="scan-muted scan-small">{s.certNotOnLedger}</div>
              )}
            </dd>
          </div>
        )}
        {/* Only a certificate issued here can be looked up on /free/certificate. */}
        {cert.kind === 'certificate' && cert.certNo && cert.leafIndex !== null && (
          <div className="scan-facts__row">
            <dt />
            <dd>
              <a href={pageUrl(pages.certificateVerify, { no: cert.certNo })}>{s.certView}</a>
            </dd>
          </div>
        )}
        <div className="scan-facts__row">
          <dt>{s.fact.status}</dt>
          <dd>{data.statusName}</dd>
        </div>
        <div className="scan-facts__row">
          <dt>{s.fact.listings}</dt>
          <dd>
            {data.listings.length === 0
              ? words.listings.none
              : data.listings.map((l) => (
                  <span key={l.cityCode} className={`scan-chip${l.listed ? ' scan-chip--ok' : ''}`}>
                    {`${l.cityName} · ${l.stateName}`}
                  </span>
                ))}
          </dd>
        </div>
        {data.letters.length > 0 && (
          <div className="scan-facts__row" data-testid="trace-letters">
            <dt>{s.letterTitle}</dt>
            <dd>
              {data.letters.map((l) => (
                <div key={l.letterPublicId}>
                  {fmt(s.letterLine, { maker: l.makerName, distributor: l.distributorName, number: l.letterNumber })}
                  <div>
                    <a href={pageUrl(pages.authorisationVerify, { id: l.letterPublicId })}>{s.letterView}</a>
                  </div>
                </div>
              ))}
              <div className="scan-muted scan-small">{s.letterNote}</div>
            </dd>
          </div>
        )}
        {data.parentCode && (
          <div className="scan-facts__row">
            <dt>{words.detail.inPackage}</dt>
            <dd className="scan-mono">{groupCode(data.parentCode)}</dd>
          </div>
        )}
        <div className="scan-facts__row">
          <dt>{s.fact.scanCount}</dt>
          <dd>{fmt(words.detail.scanCount, { count: data.scanCount })}</dd>
        </div>
      </dl>
    </section>
  );
}

const short = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-8)}` : hex);

function Technical({
  data,
  report,
  ledgerKey,
  words,
}: {
  data: PublicTraceData;
  report: TraceProofReport;
  ledgerKey: LedgerKey;
  words: Words;
}) {
  const s = words.scan;
  // Signed when clicked: a signature is good for five minutes.
  const open = (path: string) => (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.currentTarget.href = signedUrl(path);
  };
  return (
    <details className="scan-card scan-technical">
      <summary>{s.technical}</summary>
      <p className="scan-muted scan-small">{s.technicalIntro}</p>
      <ul className="scan-technical__list" data-testid="trace-verify-technical">
        {report.events.map((e) => (
          <li key={`${e.leafIndex}-${e.eventID}`}>
            <span className={`scan-mark ${e.ok ? 'scan-mark--ok' : 'scan-mark--bad'}`}>
              {e.ok ? words.verify.ok : words.verify.notOk}
            </span>{' '}
            <span className="scan-mono">{`${s.leafIndex} ${e.leafIndex} · ${s.eventId} ${short(e.eventID.replace(/^ni:\/\/\/sha-256;|\?ver=CBV2\.0$/g, ''))}`}</span>
          </li>
        ))}
        {report.certificate && (
          <li>
            <span className={`scan-mark ${report.certificate.ok ? 'scan-mark--ok' : 'scan-mark--bad'}`}>
              {report.certificate.ok ? words.verify.ok : words.verify.notOk}
            </span>{' '}
            <span className="scan-mono">{`${s.certRecord} · ${s.leafIndex} ${report.certificate.leafIndex}`}</span>
          </li>
        )}
      </ul>
      <p className="scan-mono scan-small">
        {`${s.head}: ${short(data.proof.sth.rootHash)}（${s.treeSize} ${data.proof.sth.treeSize}）`}
        <br />
        {`${s.keyFingerprint}: ${ledgerKey.fingerprint}`}
      </p>
      <p className="scan-links">
        <a href={proofPath(data.code)} onClick={open(proofPath(data.code))} target="_blank" rel="noreferrer">
          {s.proofLink}
        </a>
        <a href={epcisPath(data.code)} onClick={open(epcisPath(data.code))} target="_blank" rel="noreferrer">
          {s.epcisLink}
        </a>
        <a href="/.well-known/jcbb-ledger-key.json" target="_blank" rel="noreferrer">
          {s.keyFingerprint}
        </a>
      </p>
    </details>
  );
}
