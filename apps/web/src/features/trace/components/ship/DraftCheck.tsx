import { formatQuantity } from '@jcbb/contract/quantity';
import { Alert, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../../components/ItemList.tsx';
import { SHIP_NS } from '../../locales/ship-register.ts';
import type { ShipmentDetail } from '../../ship-api.ts';
import { formatFigure } from './quantity.ts';
import { CarbonText, EvidenceTag, ScopeTag } from './ShipmentTags.tsx';

/**
 * What the server says of a saved draft: each line's evidence valid on the ship date, the problems that keep it from
 * shipping (`blockers`: a product not listed in the project's city, no valid evidence for a policy project, a line
 * outside a distributor's letters of authorisation, …), for a distributor each line's letter or the rule it breaks
 * (`scope`), and the transport carbon it will record.
 */
export function DraftCheck({ detail, stale }: { detail: ShipmentDetail; stale: boolean }) {
  const { t } = useTranslation(SHIP_NS);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {stale && <Alert type="warning" showIcon title={t('review.stale')} />}
      {detail.blockers.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('review.blocked')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {detail.blockers.map((b) => (
                <li key={`${b.lineNo ?? 'all'}-${b.message}`}>
                  {b.lineNo === null ? b.message : t('review.blockerLine', { n: b.lineNo, message: b.message })}
                </li>
              ))}
            </ul>
          }
        />
      ) : (
        !stale && <Alert type="success" showIcon title={t('review.ready', { number: detail.number })} />
      )}
      <ItemList
        items={detail.lines}
        rowKey={(l) => l.id}
        renderItem={(l) => (
          <Space orientation="vertical" size={2} style={{ minWidth: 0 }}>
            <Typography.Text strong>
              {l.lineNo}. {l.productName} · {l.specName}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('review.lineFacts', {
                batch: l.batchNo,
                quantity: formatQuantity(l.quantity),
                unit: l.unitName,
                codes: l.codeCount,
              })}
              {l.massKg === null ? ` · ${t('carbon.missingMass')}` : ` · ${formatFigure(l.massKg)} kg`}
            </Typography.Text>
            <EvidenceTag evidence={l.evidence} />
            <ScopeTag scope={l.scope} />
          </Space>
        )}
      />
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('carbon.distance')}>{detail.carbon.distanceKm} km</Descriptions.Item>
        <Descriptions.Item label={t('carbon.total')}>
          <CarbonText carbon={detail.carbon} />
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
