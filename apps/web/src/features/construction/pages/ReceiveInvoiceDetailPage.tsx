import { Alert, Button, Card, Descriptions, Grid, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { type DeliveryDetail, receiveQueries } from '../api.ts';
import { PaperFiles } from '../components/receive/DeliveryPapersView.tsx';
import { PapersForm } from '../components/receive/PapersForm.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';
import { RECEIVE_PATHS } from '../receive-paths.ts';

/**
 * /project/receiveInvoiceDetail?id= (hidden): a delivery's papers — 送货单 and 发票, their numbers and files —
 * editable by the construction unit that received (the invoice often arrives after the goods: `deliveryPapers`),
 * read by the project's other members.
 */
export function ReceiveInvoiceDetailPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { query, valid } = useRecordQuery(receiveQueries.delivery);
  const back = (
    <Link to={`${RECEIVE_PATHS.receive}?tab=deliveries`}>
      <Button>{t('detail.back')}</Button>
    </Link>
  );
  return (
    <RecordState
      query={query}
      valid={valid}
      back={back}
      notFoundTitle={t('detail.notFound')}
      badIdTitle={t('detail.badId')}
    >
      {(d) => <PapersView delivery={d} back={back} />}
    </RecordState>
  );
}

function PapersView({ delivery: d, back }: { delivery: DeliveryDetail; back: ReactNode }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const tools = (
    <Space wrap>
      <Link to={`${RECEIVE_PATHS.detail}?id=${d.id}`}>
        <Button>{t('papers.openDelivery')}</Button>
      </Link>
      {back}
    </Space>
  );
  return (
    <Card title={t('papers.title', { number: d.number })} extra={wide ? tools : undefined}>
      {!wide && <div style={{ marginBottom: 12 }}>{tools}</div>}
      <Descriptions size="small" column={wide ? 2 : 1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('detail.supplier')}>{d.supplierName}</Descriptions.Item>
        <Descriptions.Item label={t('detail.arrivedOn')}>{d.arrivedOn}</Descriptions.Item>
      </Descriptions>
      {d.canEdit ? (
        <>
          {!d.invoiceNo && (
            <Alert type="info" showIcon title={t('papers.invoiceLaterHelp')} style={{ marginBottom: 16 }} />
          )}
          <PapersForm delivery={d} />
        </>
      ) : (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('papers.deliveryNoteNo')}>{d.deliveryNoteNo ?? t('site.none')}</Descriptions.Item>
          <Descriptions.Item label={t('papers.deliveryNotes')}>
            <PaperFiles files={d.deliveryNotes} delivery={d} />
          </Descriptions.Item>
          <Descriptions.Item label={t('papers.invoiceNo')}>{d.invoiceNo ?? t('papers.invoiceLater')}</Descriptions.Item>
          <Descriptions.Item label={t('papers.invoices')}>
            <PaperFiles files={d.invoices} delivery={d} />
          </Descriptions.Item>
          <Descriptions.Item label={t('papers.remarks')}>{d.remarks ?? t('site.none')}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
