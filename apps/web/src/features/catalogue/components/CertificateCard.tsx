import { SafetyCertificateOutlined } from '@ant-design/icons';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductPublicView } from '../api.ts';
import { CATALOGUE_NS } from '../locales/register.ts';

type Certificate = ProductPublicView['certificates'][number];

/** The address of the platform's public certificate lookup (issue 5) for a certificate number. */
export const verifyPath = (certNo: string) => pageUrl(pages.certificateVerify, { no: certNo });

/**
 * A green building material certificate: number, issuer, stars, validity and whether it is valid today. A
 * certificate issued on this platform links to the public lookup, where anyone can verify it on the ledger.
 */
export function CertificateCard({ cert }: { cert: Certificate }) {
  const { t } = useTranslation(CATALOGUE_NS);
  const color = cert.valid ? 'success' : cert.statusName === '未生效' ? 'warning' : 'error';
  return (
    <article className="jcbb-cat-cert" data-testid="certificate">
      <header className="jcbb-cat-cert__head">
        <SafetyCertificateOutlined aria-hidden className={cert.valid ? 'is-valid' : ''} />
        <span className="jcbb-cat-cert__no">{cert.certNo ?? '—'}</span>
        <Tag color={color}>{cert.statusName}</Tag>
        {cert.platformIssued && <Tag color="blue">{t('product.platformIssued')}</Tag>}
      </header>
      <dl className="jcbb-cat-facts">
        <div>
          <dt>{t('product.issuer')}</dt>
          <dd>{cert.issuer ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('product.stars')}</dt>
          <dd>
            {cert.starRating ? (
              <span className="jcbb-cat-stars" title={t('product.starCount', { count: cert.starRating })}>
                {'★'.repeat(cert.starRating)}
              </span>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('product.validity')}</dt>
          <dd>
            {cert.validFrom ?? '—'} ~ {cert.validUntil ?? '—'}
          </dd>
        </div>
      </dl>
      {cert.platformIssued && cert.certNo && (
        <Link to={verifyPath(cert.certNo)} className="jcbb-cat-cert__verify">
          {t('product.verify')}
        </Link>
      )}
    </article>
  );
}
