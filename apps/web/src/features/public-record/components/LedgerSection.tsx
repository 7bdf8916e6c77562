import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { keyFingerprint, verifyTreeHeadSignature } from '@jcbb/contract/ledger-proof';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ledgerKeyQuery, verifyEvidence } from '../../ledger/public.ts';
import type { ProductSnapshotData } from '../api.ts';
import { PUBLIC_RECORD_NS } from '../locales/register.ts';

type Ledger = ProductSnapshotData['ledger'];

const short = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 12)}…${hex.slice(-8)}` : hex);

function Verdict({ ok, yes, no }: { ok: boolean | null; yes: string; no: string }) {
  const { t } = useTranslation(PUBLIC_RECORD_NS);
  if (ok === null) return <span className="jcbb-rec__muted">{t('snapshot.checking')}</span>;
  return ok ? (
    <span className="jcbb-rec__ok">
      <CheckCircleFilled aria-hidden /> {yes}
    </span>
  ) : (
    <span className="jcbb-rec__bad">
      <CloseCircleFilled aria-hidden /> {no}
    </span>
  );
}

/**
 * The ledger as it stood at the moment: the signed tree head (its signature checked here, with the contract's
 * ledger-proof code, as /free/certificate checks) and the record's entries, each checked against it in this browser.
 */
export function LedgerSection({ ledger }: { ledger: Ledger }) {
  const { t } = useTranslation(PUBLIC_RECORD_NS);
  const key = useQuery(ledgerKeyQuery());
  const publicKey = key.data?.publicKey ?? null;
  const head = ledger.head;
  if (!head) return <p className="jcbb-rec__muted">{t('snapshot.noHead')}</p>;
  const headOk = publicKey === null ? (key.isError ? false : null) : verifyTreeHeadSignature(head, publicKey);
  return (
    <>
      <p className="jcbb-rec__muted">{t('snapshot.ledgerIntro')}</p>
      <dl className="jcbb-rec__facts" data-testid="ledger-head">
        <div>
          <dt>{t('snapshot.treeSize')}</dt>
          <dd>{head.treeSize}</dd>
        </div>
        <div>
          <dt>{t('snapshot.rootHash')}</dt>
          <dd className="jcbb-rec__hash">{head.rootHash}</dd>
        </div>
        <div>
          <dt>{t('snapshot.headTime')}</dt>
          <dd>{formatShanghaiTime(head.timestamp)}</dd>
        </div>
        <div>
          <dt>{t('snapshot.signature')}</dt>
          <dd>
            <Verdict ok={headOk} yes={t('snapshot.signatureOk')} no={t('snapshot.signatureBad')} />
          </dd>
        </div>
        {publicKey && (
          <div>
            <dt>{t('snapshot.keyFingerprint')}</dt>
            <dd className="jcbb-rec__hash">{keyFingerprint(publicKey)}</dd>
          </div>
        )}
      </dl>
      <h3>{t('snapshot.entries')}</h3>
      {ledger.entries.length === 0 ? (
        <p className="jcbb-rec__muted">{t('snapshot.noEntries')}</p>
      ) : (
        <table className="jcbb-rec__table" data-testid="ledger-entries">
          <thead>
            <tr>
              <th>{t('snapshot.leafIndex')}</th>
              <th>{t('snapshot.entryAbout')}</th>
              <th>{t('snapshot.entryTime')}</th>
              <th>{t('snapshot.contentHash')}</th>
              <th>{t('snapshot.check')}</th>
            </tr>
          </thead>
          <tbody>
            {ledger.entries.map((e) => (
              <tr key={e.leafIndex}>
                <td data-label={t('snapshot.leafIndex')}>{e.leafIndex}</td>
                <td data-label={t('snapshot.entryAbout')}>{e.label}</td>
                <td data-label={t('snapshot.entryTime')}>{formatShanghaiTime(e.timestamp)}</td>
                <td data-label={t('snapshot.contentHash')} className="jcbb-rec__hash" title={e.contentSha256}>
                  {short(e.contentSha256)}
                </td>
                <td data-label={t('snapshot.check')}>
                  <Verdict
                    ok={publicKey === null ? (key.isError ? false : null) : verifyEvidence(e, publicKey).ok}
                    yes={t('snapshot.entryOk')}
                    no={t('snapshot.entryBad')}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ledger.truncated && (
        <p className="jcbb-rec__muted">{t('snapshot.truncated', { count: ledger.entries.length })}</p>
      )}
      <details className="jcbb-rec__technical">
        <summary>{t('snapshot.technical')}</summary>
        <p className="jcbb-rec__hash">signature={head.signature}</p>
        {publicKey && <p className="jcbb-rec__hash">publicKey={publicKey}</p>}
        {ledger.entries.map((e) => (
          <p key={e.leafIndex} className="jcbb-rec__hash">
            #{e.leafIndex} leafHash={e.leafHash} contentSha256={e.contentSha256}
          </p>
        ))}
      </details>
    </>
  );
}
