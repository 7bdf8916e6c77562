import { formatQuantity } from '@jcbb/contract/quantity';
import { Button, Descriptions, Empty, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../../components/ItemList.tsx';
import { openFetched } from '../../../../lib/open-blob.ts';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { type ShipmentDetail, type ShipmentLine, shipFiles } from '../../ship-api.ts';
import { shipLabels } from './labels.ts';
import { formatFigure } from './quantity.ts';
import { ReceiptProgress } from './ReceiptProgress.tsx';
import { CarbonText, DistanceSourceTag, EvidenceTag } from './ShipmentTags.tsx';

// The sections of a shipment's detail page (pages/ship/SourceDetailPage.tsx): its facts, its lines, its receipts.

/** Who sends what to whom, how, and how much has arrived. */
export function ShipmentFacts({ shipment: s }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation(SHIP_NS);
  const place = (p: ShipmentDetail['from'], address: string | null) => (
    <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
      <span>
        {p.name}
        {p.cityName ? `（${p.cityName}）` : ''}
      </span>
      {address && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {address}
        </Typography.Text>
      )}
    </Space>
  );
  return (
    <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
      <Descriptions.Item label={t('detail.from')}>{place(s.from, s.fromAddress)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.to')}>{place(s.to, s.toAddress)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.shipDate')}>{s.shipDate}</Descriptions.Item>
      <Descriptions.Item label={t('detail.plannedArrival')}>{s.plannedArrival ?? t('common.none')}</Descriptions.Item>
      <Descriptions.Item label={t('detail.shippedTime')}>{s.shippedTime ?? t('detail.notShipped')}</Descriptions.Item>
      <Descriptions.Item label={t('detail.transport')}>{s.transportTypeName}</Descriptions.Item>
      <Descriptions.Item label={t('detail.vehicle')}>{s.vehiclePlate ?? t('common.none')}</Descriptions.Item>
      <Descriptions.Item label={t('carbon.distance')}>
        <Space size={4} wrap>
          <span>{s.carbon.distanceKm} km</span>
          <DistanceSourceTag source={s.carbon.distanceSource} />
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('list.carbon')}>
        <Space size={4} wrap>
          <CarbonText carbon={s.carbon} withSource={false} />
          {s.carbon.massKg !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('detail.mass', { mass: formatFigure(s.carbon.massKg), factor: s.carbon.factor })}
            </Typography.Text>
          )}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('list.progress')}>
        <ReceiptProgress progress={s.progress} />
      </Descriptions.Item>
      {s.closeReason && <Descriptions.Item label={t('detail.closeReason')}>{s.closeReason}</Descriptions.Item>}
      {s.remarks && <Descriptions.Item label={t('wizard.remarks')}>{s.remarks}</Descriptions.Item>}
    </Descriptions>
  );
}
/** The lines with their evidence and progress: a table, or cards on a phone. */
export function ShipmentLines({ shipment: s, wide }: { shipment: ShipmentDetail; wide: boolean }) {
  const { t } = useTranslation(SHIP_NS);
  const columns: TableProps<ShipmentLine>['columns'] = [
    { title: '#', dataIndex: 'lineNo', key: 'lineNo', width: 48 },
    {
      title: t('lines.spec'),
      key: 'spec',
      render: (_, l) => (
        <Space orientation="vertical" size={0}>
          <span>{l.productName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {l.specName}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('lines.lot'), dataIndex: 'batchNo', key: 'lot', width: 120 },
    {
      title: t('lines.quantity'),
      key: 'quantity',
      width: 120,
      render: (_, l) => `${formatQuantity(l.quantity)} ${l.unitName}`,
    },
    { title: t('detail.codeCount'), dataIndex: 'codeCount', key: 'codes', width: 80 },
    {
      title: t('detail.evidence'),
      key: 'evidence',
      width: 220,
      render: (_, l) => <EvidenceTag evidence={l.evidence} />,
    },
    {
      title: t('list.progress'),
      key: 'progress',
      width: 200,
      render: (_, l) => <ReceiptProgress progress={l.progress} unit={l.unitName} />,
    },
  ];
  if (wide)
    return <Table<ShipmentLine> rowKey="id" size="small" columns={columns} dataSource={s.lines} pagination={false} />;
  return (
    <ItemList
      items={s.lines}
      rowKey={(l) => l.id}
      renderItem={(l) => (
        <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
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
          </Typography.Text>
          <EvidenceTag evidence={l.evidence} />
          <ReceiptProgress progress={l.progress} unit={l.unitName} />
        </Space>
      )}
    />
  );
}
/** The receipts so far, line by line, with the codes turned away and the photos. */
export function ShipmentReceipts({ shipment: s }: { shipment: ShipmentDetail }) {
  const { t, i18n } = useTranslation(SHIP_NS);
  const labels = shipLabels(i18n.language.startsWith('en'));
  if (s.receipts.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noReceipts')} />;
  const lineOf = (id: number) => s.lines.find((l) => l.id === id);
  return (
    <ItemList
      items={s.receipts}
      rowKey={(r) => r.id}
      renderItem={(r) => (
        <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
          <Space wrap size={8}>
            <Typography.Text strong>{r.number}</Typography.Text>
            <Typography.Text type="secondary">
              {t('detail.receiptFacts', { date: r.arrivedOn, receiver: r.receiverName })}
              {r.deliveryNoteNo ? ` · ${t('receipt.deliveryNote')} ${r.deliveryNoteNo}` : ''}
            </Typography.Text>
          </Space>
          {r.lines.map((rl) => {
            const line = lineOf(rl.shipmentLineId);
            const unit = line?.unitName ?? '';
            return (
              <div key={rl.shipmentLineId} style={{ overflowWrap: 'anywhere' }}>
                <Typography.Text>
                  {line ? `${line.lineNo}. ${line.productName} · ${line.specName}` : `#${rl.shipmentLineId}`}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {t('detail.receiptLine', {
                    received: formatQuantity(rl.received),
                    accepted: formatQuantity(rl.accepted),
                    rejected: formatQuantity(rl.rejected),
                    unit,
                  })}
                </Typography.Text>
                {rl.rejected > 0 && rl.rejectReason && (
                  <Tag color="error" style={{ marginInlineStart: 8 }}>
                    {labels.rejectReason(rl.rejectReason)}
                  </Tag>
                )}
                {rl.rejectedCodes.length > 0 && (
                  <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
                    {t('detail.rejectedCodes')}
                    <span style={{ fontFamily: 'monospace' }}>{rl.rejectedCodes.join(' ')}</span>
                  </Typography.Paragraph>
                )}
              </div>
            );
          })}
          {r.remarks && <Typography.Text type="secondary">{r.remarks}</Typography.Text>}
          {r.photos.length > 0 && (
            <Space wrap size={4}>
              <Typography.Text type="secondary">{t('receipt.photos')}：</Typography.Text>
              {r.photos.map((p) => (
                <Button
                  key={p.uploadId}
                  size="small"
                  type="link"
                  onClick={() => void openFetched(() => shipFiles.open(p.uploadId), p.name)}
                >
                  {p.name}
                </Button>
              ))}
            </Space>
          )}
        </Space>
      )}
    />
  );
}
