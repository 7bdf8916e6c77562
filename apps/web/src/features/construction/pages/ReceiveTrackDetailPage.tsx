import { OrgType, transportTypes } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { Button, Card, Descriptions, Grid, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { useSession } from '../../../lib/session.ts';
import { receiveQueries, type TrackLine, type TrackShipment } from '../api.ts';
import { ReceiveDrawer } from '../components/receive/ReceiveDrawer.tsx';
import { useSiteLabels } from '../components/receive/site-labels.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';
import { RECEIVE_PATHS } from '../receive-paths.ts';

/**
 * /project/receiveTrackDetail?id= (hidden): a shipment on its way to the project, compact — who ships what, when,
 * how, and what is still to come per line — with 收货 for the construction unit, and a link to traceability's full
 * shipment page (events on the evidence ledger, receipts, transport carbon).
 */
export function ReceiveTrackDetailPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { query, valid } = useRecordQuery(receiveQueries.shipment);
  const back = (
    <Link to={`${RECEIVE_PATHS.receive}?tab=expected`}>
      <Button>{t('detail.back')}</Button>
    </Link>
  );
  return (
    <RecordState
      query={query}
      valid={valid}
      back={back}
      notFoundTitle={t('track.notFound')}
      badIdTitle={t('track.badId')}
    >
      {(s) => <TrackView shipment={s} back={back} />}
    </RecordState>
  );
}

function TrackView({ shipment: s, back }: { shipment: TrackShipment; back: React.ReactNode }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  const wide = Grid.useBreakpoint().md ?? true;
  const navigate = useNavigate();
  const orgType = useSession().user?.organization?.type;
  const [receiving, setReceiving] = useState(false);
  const projectId = s.to.projectId;
  const canReceive = orgType === OrgType.CONSTRUCTION && s.actions.includes('receive') && projectId !== null;
  const transport = transportTypes.find((x) => x.id === s.transportType);
  const q = (n: number, l: TrackLine) => `${formatQuantity(n)} ${l.unitName}`;
  const columns: TableProps<TrackLine>['columns'] = [
    { title: '#', dataIndex: 'lineNo', key: 'no', width: 50 },
    {
      title: t('track.product'),
      key: 'product',
      render: (_, l) => (
        <Space orientation="vertical" size={0}>
          <span>
            {l.productName} · {l.specName}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('receive.batch', { batch: l.batchNo })}
            {l.codeCount > 0 ? ` · ${t('track.codes', { count: l.codeCount })}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('track.shipped'), key: 'shipped', width: 120, render: (_, l) => q(l.quantity, l) },
    { title: t('track.outstanding'), key: 'outstanding', width: 120, render: (_, l) => q(l.progress.outstanding, l) },
    {
      title: t('track.evidence'),
      key: 'evidence',
      width: 180,
      render: (_, l) =>
        l.evidence.kind === 'none' ? (
          <Tag>{t('track.noEvidence')}</Tag>
        ) : (
          <Tag color={l.evidence.valid ? 'green' : 'orange'}>{l.evidence.certNo ?? l.evidence.name}</Tag>
        ),
    },
  ];
  const action = (
    <Space wrap>
      {canReceive && (
        <Button type="primary" onClick={() => setReceiving(true)}>
          {t('receive.receive')}
        </Button>
      )}
      <Link to={`${RECEIVE_PATHS.sourceDetail}?id=${s.id}`}>
        <Button>{t('track.full')}</Button>
      </Link>
      {back}
    </Space>
  );
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('track.title', { number: s.number })} extra={wide ? action : undefined}>
        {!wide && <div style={{ marginBottom: 12 }}>{action}</div>}
        <Descriptions size="small" column={wide ? 2 : 1} bordered={wide}>
          <Descriptions.Item label={t('track.status')}>
            <Tag>{s.statusName}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('track.from')}>{s.from.name}</Descriptions.Item>
          <Descriptions.Item label={t('track.to')}>{s.to.name}</Descriptions.Item>
          <Descriptions.Item label={t('track.toAddress')}>{s.toAddress ?? t('site.none')}</Descriptions.Item>
          <Descriptions.Item label={t('track.shipDate')}>{s.shipDate}</Descriptions.Item>
          <Descriptions.Item label={t('track.planned')}>{s.plannedArrival ?? t('site.none')}</Descriptions.Item>
          <Descriptions.Item label={t('track.transport')}>
            {transport ? (labels.english ? transport.enName : transport.name) : s.transportTypeName}
            {s.vehiclePlate ? ` · ${s.vehiclePlate}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('track.progress')}>
            {t('track.progressText', {
              accepted: formatQuantity(s.progress.accepted),
              rejected: formatQuantity(s.progress.rejected),
              outstanding: formatQuantity(s.progress.outstanding),
            })}
          </Descriptions.Item>
          {s.remarks && <Descriptions.Item label={t('papers.remarks')}>{s.remarks}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card title={t('track.lines', { count: s.lines.length })}>
        {wide ? (
          <Table<TrackLine> rowKey="id" size="small" columns={columns} dataSource={s.lines} pagination={false} />
        ) : (
          <ItemList
            items={s.lines}
            rowKey={(l) => l.id}
            renderItem={(l) => (
              <Space orientation="vertical" size={0}>
                <span>
                  {l.lineNo}. {l.productName} · {l.specName}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('receive.batch', { batch: l.batchNo })} · {t('track.shipped')} {q(l.quantity, l)} ·{' '}
                  {t('track.outstanding')} {q(l.progress.outstanding, l)}
                </Typography.Text>
              </Space>
            )}
          />
        )}
      </Card>
      {s.receipts.length > 0 && (
        <Card title={t('track.receipts')}>
          <ItemList
            size="small"
            items={s.receipts}
            rowKey={(r) => r.id}
            renderItem={(r) => (
              <span>{t('track.receiptLine', { number: r.number, date: r.arrivedOn, receiver: r.receiverName })}</span>
            )}
          />
        </Card>
      )}
      {projectId !== null && (
        <ReceiveDrawer
          shipmentId={receiving ? s.id : null}
          projectId={projectId}
          open={receiving}
          onClose={() => setReceiving(false)}
          onDone={(d) => navigate(`${RECEIVE_PATHS.detail}?id=${d.id}`)}
        />
      )}
    </Space>
  );
}
