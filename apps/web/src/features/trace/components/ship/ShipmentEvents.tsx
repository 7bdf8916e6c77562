import { Collapse, Descriptions, Empty, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHIP_NS } from '../../locales/ship-register.ts';
import type { ShipmentEvent } from '../../ship-api.ts';
import { shipLabels } from './labels.ts';

const EVENT_COLOR: Record<string, string> = {
  commissioning: 'gray',
  packing: 'gray',
  shipping: 'blue',
  void_shipping: 'gray',
  receiving: 'green',
  inspecting: 'red',
};

/** The shipment's GS1 EPCIS events, oldest first: what, who (an organisation, never a person), where, when. */
export function ShipmentEvents({ events }: { events: ShipmentEvent[] }) {
  const { t, i18n } = useTranslation(SHIP_NS);
  const labels = shipLabels(i18n.language.startsWith('en'));
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noEvents')} />;
  const sorted = [...events].sort((a, b) => a.eventTime.localeCompare(b.eventTime));
  return (
    <Timeline
      items={sorted.map((e) => ({
        key: e.eventId,
        color: e.disposition === 'returned' ? 'orange' : (EVENT_COLOR[e.bizStep] ?? 'blue'),
        content: (
          <Space orientation="vertical" size={0} style={{ width: '100%', minWidth: 0 }}>
            <Typography.Text strong>{labels.event(e.bizStep, e.disposition)}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {e.orgName}
              {e.cityName ? ` · ${e.cityName}` : ''} · {e.eventTime}
            </Typography.Text>
            {e.leafIndex !== null && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('events.onLedger', { index: e.leafIndex })}
              </Typography.Text>
            )}
            <Collapse
              ghost
              size="small"
              items={[
                {
                  key: 'tech',
                  label: t('events.technical'),
                  children: (
                    <Descriptions column={1} size="small">
                      <Descriptions.Item label={t('events.eventId')}>
                        <span style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{e.eventId}</span>
                      </Descriptions.Item>
                      <Descriptions.Item label={t('events.type')}>
                        {e.eventType} · {e.bizStep}
                        {e.disposition ? ` · ${e.disposition}` : ''}
                      </Descriptions.Item>
                      <Descriptions.Item label={t('events.leafIndex')}>
                        {e.leafIndex ?? t('events.pending')}
                      </Descriptions.Item>
                      <Descriptions.Item label={t('events.hash')}>
                        <span style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{e.contentSha256}</span>
                      </Descriptions.Item>
                    </Descriptions>
                  ),
                },
              ]}
            />
          </Space>
        ),
      }))}
    />
  );
}
