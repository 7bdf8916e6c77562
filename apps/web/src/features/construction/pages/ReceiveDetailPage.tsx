import { pages } from '@jcbb/contract/pages';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Grid,
  Modal,
  Result,
  Skeleton,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { isNotFound, positiveId } from '../../../lib/record-id.ts';
import { type DeliveryDetail, receiveQueries } from '../api.ts';
import { PaperFiles } from '../components/receive/DeliveryPapersView.tsx';
import { InspectionDrawer } from '../components/receive/InspectionDrawer.tsx';
import { PapersForm } from '../components/receive/PapersForm.tsx';
import { InspectionStateTag, useSiteLabels } from '../components/receive/site-labels.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';
import { RECEIVE_PATHS } from '../receive-paths.ts';

type Inspection = DeliveryDetail['inspections'][number];
/** The address's parameter naming the lot whose inspection drawer is open (the server's messages set it). */
const INSPECTION = pages.siteInspection.query;

/**
 * /projectConstruction/receiveDetail?id= (hidden, under 收货验收): a delivery — its supplier, papers and files, the
 * platform receipt and shipment it came with — and its lots' inspections; each opens the inspection drawer
 * (`&inspection=` in the address, so a message's link opens it too). `?inspection=` alone (a stock page's link)
 * finds its delivery first.
 */
export function ReceiveDetailPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const [params, setParams] = useSearchParams();
  const inspection = positiveId(params.get(INSPECTION));
  const { query, valid } = useRecordQuery(receiveQueries.delivery);
  const back = (
    <Link to={RECEIVE_PATHS.receive}>
      <Button>{t('detail.back')}</Button>
    </Link>
  );
  if (!valid && inspection !== null) return <FindDelivery inspection={inspection} />;
  const openInspection = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete(INSPECTION);
    else next.set(INSPECTION, String(id));
    setParams(next);
  };
  return (
    <RecordState
      query={query}
      valid={valid}
      back={back}
      notFoundTitle={t('detail.notFound')}
      badIdTitle={t('detail.badId')}
    >
      {(d) => (
        <>
          <DeliveryView delivery={d} back={back} onOpen={openInspection} />
          <InspectionDrawer id={inspection} onClose={() => openInspection(null)} />
        </>
      )}
    </RecordState>
  );
}

/** `?inspection=` without the delivery: read the inspection, then show its delivery with it open. */
function FindDelivery({ inspection }: { inspection: number }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const navigate = useNavigate();
  const found = useQuery(receiveQueries.inspection(inspection));
  const deliveryId = found.data?.deliveryId;
  useEffect(() => {
    if (deliveryId !== undefined) {
      navigate(`${RECEIVE_PATHS.detail}?id=${deliveryId}&${INSPECTION}=${inspection}`, { replace: true });
    }
  }, [deliveryId, inspection, navigate]);
  if (found.isError) {
    return (
      <Result
        status={isNotFound(found.error) ? '404' : 'warning'}
        title={isNotFound(found.error) ? t('inspection.notFound') : found.error.message}
      />
    );
  }
  return <Skeleton active />;
}

function DeliveryView({
  delivery: d,
  back,
  onOpen,
}: {
  delivery: DeliveryDetail;
  back: React.ReactNode;
  onOpen: (inspection: number) => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  const wide = Grid.useBreakpoint().md ?? true;
  const [editing, setEditing] = useState(false);
  const q = (i: Inspection) => `${formatQuantity(i.quantity)} ${i.unitName}`;
  const where = (i: Inspection) => [i.building, i.floor, i.part].filter(Boolean).join(' · ') || t('site.none');
  const action = (i: Inspection) => (
    <Button
      type="link"
      size="small"
      onClick={() => onOpen(i.id)}
      aria-label={t('detail.openAria', { number: i.number })}
    >
      {i.state === 'pending' && d.canEdit ? t('detail.inspect') : t('detail.open')}
    </Button>
  );
  const columns: TableProps<Inspection>['columns'] = [
    { title: t('receive.cols.inspection'), dataIndex: 'number', key: 'number', width: 170 },
    {
      title: t('receive.cols.material'),
      key: 'material',
      render: (_, i) => (
        <Space orientation="vertical" size={0}>
          <span>
            {i.materialName} · {i.specName}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('receive.batch', { batch: i.batchNo })}
            {i.makerName ? ` · ${i.makerName}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('receive.cols.quantity'), key: 'quantity', width: 120, render: (_, i) => q(i) },
    { title: t('receive.cols.where'), key: 'where', width: 150, render: (_, i) => where(i) },
    {
      title: t('receive.cols.state'),
      key: 'state',
      width: 170,
      render: (_, i) => (
        <Space size={4} wrap>
          <InspectionStateTag state={i.state} />
          {i.retestRequired && <Tag color="orange">{t('receive.retest')}</Tag>}
          {i.isGreen && <Tag color="green">{t('inspection.green')}</Tag>}
        </Space>
      ),
    },
    { title: t('site.actions'), key: 'actions', width: 80, render: (_, i) => action(i) },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('detail.title', { number: d.number })}
        extra={
          wide && (
            <Space>
              {d.canEdit && <Button onClick={() => setEditing(true)}>{t('detail.addPapers')}</Button>}
              {back}
            </Space>
          )
        }
      >
        {!wide && (
          <Space wrap style={{ marginBottom: 12 }}>
            {d.canEdit && <Button onClick={() => setEditing(true)}>{t('detail.addPapers')}</Button>}
            {back}
          </Space>
        )}
        <Descriptions size="small" column={wide ? 2 : 1} bordered={wide}>
          <Descriptions.Item label={t('detail.project')}>{d.projectName}</Descriptions.Item>
          <Descriptions.Item label={t('detail.kind')}>{labels.kind(d.kind)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.supplier')}>
            <div>
              {d.supplierName}
              {d.supplierCreditCode && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t('detail.creditCode', { code: d.supplierCreditCode })}
                </Typography.Text>
              )}
            </div>
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.arrivedOn')}>{d.arrivedOn}</Descriptions.Item>
          <Descriptions.Item label={t('detail.receiver')}>{d.receiverName}</Descriptions.Item>
          <Descriptions.Item label={t('detail.recorded')}>{d.createTime}</Descriptions.Item>
          {d.shipmentId !== null && (
            <Descriptions.Item label={t('detail.shipment')}>
              <div>
                <Link to={`${RECEIVE_PATHS.track}?id=${d.shipmentId}`}>{d.shipmentNumber}</Link>
                {d.receiptNumber && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {t('detail.receipt', { number: d.receiptNumber })}
                  </Typography.Text>
                )}
              </div>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('papers.deliveryNoteNo')}>
            <div>
              {d.deliveryNoteNo ?? t('site.none')}
              <div>
                <PaperFiles files={d.deliveryNotes} delivery={d} />
              </div>
            </div>
          </Descriptions.Item>
          <Descriptions.Item label={t('papers.invoiceNo')}>
            <div>
              {d.invoiceNo ?? t('papers.invoiceLater')}
              <div>
                <PaperFiles files={d.invoices} delivery={d} />
              </div>
            </div>
          </Descriptions.Item>
          <Descriptions.Item label={t('papers.remarks')}>{d.remarks ?? t('site.none')}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
          <Link to={`${RECEIVE_PATHS.invoice}?id=${d.id}`}>{t('detail.papersPage')}</Link>
        </Typography.Paragraph>
      </Card>
      <Card title={t('detail.inspections', { count: d.inspections.length })}>
        <Alert type="info" showIcon title={t('inspection.gates.short')} style={{ marginBottom: 12 }} />
        {wide ? (
          <Table<Inspection> rowKey="id" size="small" columns={columns} dataSource={d.inspections} pagination={false} />
        ) : (
          <ItemList
            items={d.inspections}
            rowKey={(i) => i.id}
            renderItem={(i) => (
              <Space orientation="vertical" size={2}>
                <span>
                  {i.materialName} · {i.specName}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('receive.batch', { batch: i.batchNo })} · {q(i)} · {where(i)}
                </Typography.Text>
                <Space size={4} wrap>
                  <InspectionStateTag state={i.state} />
                  {i.retestRequired && <Tag color="orange">{t('receive.retest')}</Tag>}
                </Space>
              </Space>
            )}
            actions={action}
          />
        )}
      </Card>
      <Modal
        open={editing}
        title={t('detail.addPapers')}
        footer={null}
        onCancel={() => setEditing(false)}
        destroyOnHidden
        width={720}
      >
        <PapersForm delivery={d} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </Modal>
    </Space>
  );
}
