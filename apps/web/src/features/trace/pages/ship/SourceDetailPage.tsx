import { Button, Card, Grid, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageCard } from '../../../../components/PageCard.tsx';
import { RecordState, useRecordQuery } from '../../../../components/RecordState.tsx';
import { useShipmentActions } from '../../components/ship/ShipmentActions.tsx';
import { ShipmentEvents } from '../../components/ship/ShipmentEvents.tsx';
import { ShipmentFacts, ShipmentLines, ShipmentReceipts } from '../../components/ship/ShipmentFacts.tsx';
import { ShipmentStatusTag } from '../../components/ship/ShipmentTags.tsx';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { type ShipmentDetail, shipQueries } from '../../ship-api.ts';

/**
 * /productionManagement/sourceDetail?id= (&receive=1 opens the receipt form): one shipment as its shipper or
 * receiver sees it — header, lines with their evidence and progress, receipts, the EPCIS events on the ledger — and
 * the actions the server allows now (`actions`; the server checks each call again).
 */
export function SourceDetailPage() {
  const { t } = useTranslation(SHIP_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { valid, query: detail } = useRecordQuery(shipQueries.detail);
  const back = <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>;
  return (
    <RecordState
      query={detail}
      valid={valid}
      back={back}
      notFoundTitle={t('common.notFound')}
      badIdTitle={t('common.badId')}
    >
      {(s) => <ShipmentView shipment={s} receiveOnOpen={params.get('receive') === '1'} />}
    </RecordState>
  );
}

/** The shipment's sections under its number, state and the actions allowed now. */
function ShipmentView({ shipment: s, receiveOnOpen }: { shipment: ShipmentDetail; receiveOnOpen: boolean }) {
  const { t } = useTranslation(SHIP_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const { actions, dialogs } = useShipmentActions(s, receiveOnOpen);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={
          <Space wrap size={8}>
            <span>{s.number}</span>
            <ShipmentStatusTag status={s.status} />
            {s.returnOfReceiptId !== null && <Tag color="magenta">{t('detail.returnTag')}</Tag>}
          </Space>
        }
        tools={actions.length > 0 ? <Space wrap>{actions}</Space> : undefined}
      >
        <ShipmentFacts shipment={s} />
      </PageCard>
      <Card title={t('detail.lines')} size="small">
        <ShipmentLines shipment={s} wide={wide} />
      </Card>
      <Card title={t('detail.receipts')} size="small">
        <ShipmentReceipts shipment={s} />
      </Card>
      <Card title={t('detail.events')} size="small">
        <ShipmentEvents events={s.events} />
      </Card>
      {dialogs}
    </Space>
  );
}
