import { ShipmentStatus } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHIP_NS } from '../../locales/ship-register.ts';
import type { ShipmentDetail, ShipmentLine } from '../../ship-api.ts';
import { shipLabels } from './labels.ts';
import { formatFigure } from './quantity.ts';

const STATUS_COLOR: Record<number, string> = {
  [ShipmentStatus.DRAFT]: 'default',
  [ShipmentStatus.SHIPPED]: 'processing',
  [ShipmentStatus.PARTIALLY_RECEIVED]: 'gold',
  [ShipmentStatus.RECEIVED]: 'success',
  [ShipmentStatus.CLOSED]: 'purple',
  [ShipmentStatus.CANCELLED]: 'default',
  [ShipmentStatus.VOIDED]: 'error',
};

export function ShipmentStatusTag({ status }: { status: number }) {
  const { i18n } = useTranslation(SHIP_NS);
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {shipLabels(i18n.language.startsWith('en')).status(status)}
    </Tag>
  );
}

/** 标准默认 beside a distance the shipper did not measure (GB/T 51366 default), with which default it is. */
export function DistanceSourceTag({ source }: { source: string }) {
  const { t, i18n } = useTranslation(SHIP_NS);
  if (source === 'measured') return <Tag style={{ marginInlineEnd: 0 }}>{t('carbon.measured')}</Tag>;
  return (
    <Tag
      color="orange"
      title={shipLabels(i18n.language.startsWith('en')).distanceSource(source)}
      style={{ marginInlineEnd: 0 }}
    >
      {t('carbon.default')}
    </Tag>
  );
}

/** A shipment's transport carbon: the figure, or 缺少质量数据 (never a guess), and whether its distance is a default. */
export function CarbonText({ carbon, withSource = true }: { carbon: ShipmentDetail['carbon']; withSource?: boolean }) {
  const { t } = useTranslation(SHIP_NS);
  return (
    <Space size={4} wrap>
      {carbon.kgCO2e === null ? (
        <Tag color="warning" title={t('carbon.missingMassLines', { count: carbon.missingMassLines })}>
          {t('carbon.missingMass')}
        </Tag>
      ) : (
        <Typography.Text>{t('carbon.value', { value: formatFigure(carbon.kgCO2e) })}</Typography.Text>
      )}
      {withSource && carbon.distanceSource !== 'measured' && <DistanceSourceTag source={carbon.distanceSource} />}
    </Space>
  );
}

/** The evidence a line carries on its ship date: a valid certificate (its number links to the public check), none. */
export function EvidenceTag({ evidence }: { evidence: ShipmentLine['evidence'] }) {
  const { t } = useTranslation(SHIP_NS);
  if (evidence.kind === 'none') return <Tag style={{ marginInlineEnd: 0 }}>{t('evidence.none')}</Tag>;
  const what = evidence.kind === 'certificate' ? t('evidence.certificate') : t('evidence.report');
  return (
    <Space size={4} wrap>
      <Tag color={evidence.valid ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
        {what} · {evidence.valid ? t('evidence.valid') : t('evidence.invalid')}
      </Tag>
      {evidence.certNo &&
        (evidence.kind === 'certificate' ? (
          <a href={pageUrl(pages.certificateVerify, { no: evidence.certNo })} target="_blank" rel="noreferrer">
            {evidence.certNo}
          </a>
        ) : (
          <Typography.Text type="secondary">{evidence.certNo}</Typography.Text>
        ))}
      {!evidence.certNo && evidence.name && <Typography.Text type="secondary">{evidence.name}</Typography.Text>}
    </Space>
  );
}

/**
 * What a distributor's letters say of a draft's line (`scope`, the server's check): the letter it relies on, with its
 * own verification page, or the rule it breaks (in red). Nothing for a line no such rule applies to.
 */
export function ScopeTag({ scope }: { scope: ShipmentLine['scope'] }) {
  const { t } = useTranslation(SHIP_NS);
  if (!scope) return null;
  if (!scope.covered) {
    return (
      <Tag color="error" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
        {t('review.scopeRefused', { label: scope.label })}
      </Tag>
    );
  }
  return (
    <Space size={4} wrap>
      <Tag color="success" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
        {scope.label}
      </Tag>
      {scope.letterPublicId && (
        <Typography.Link
          href={pageUrl(pages.authorisationVerify, { id: scope.letterPublicId })}
          target="_blank"
          style={{ fontSize: 12 }}
        >
          {t('review.scopeVerify')}
        </Typography.Link>
      )}
    </Space>
  );
}
