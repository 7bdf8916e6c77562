import { CheckOutlined, CloseCircleOutlined, EditOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { shipmentReasonBody } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Collapse,
  Descriptions,
  Dropdown,
  Empty,
  Grid,
  Space,
  Table,
  type TableProps,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import { PageCard } from '../../../../components/PageCard.tsx';
import { ReasonModal } from '../../../../components/ReasonModal.tsx';
import { RecordState, useRecordQuery } from '../../../../components/RecordState.tsx';
import { ApiError } from '../../../../lib/http.ts';
import { openFetched } from '../../../../lib/open-blob.ts';
import { shipLabels } from '../../components/ship/labels.ts';
import { formatFigure } from '../../components/ship/quantity.ts';
import { ReceiptDrawer } from '../../components/ship/ReceiptDrawer.tsx';
import { ReceiptProgress } from '../../components/ship/ReceiptProgress.tsx';
import { CarbonText, DistanceSourceTag, EvidenceTag, ShipmentStatusTag } from '../../components/ship/ShipmentTags.tsx';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { sendProductPath } from '../../paths.ts';
import {
  invalidateShipments,
  type ShipmentAction,
  type ShipmentDetail,
  type ShipmentEvent,
  type ShipmentLine,
  type ShipmentReceipt,
  shipFiles,
  shipMutations,
  shipQueries,
} from '../../ship-api.ts';

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

type Decision = 'void' | 'close';

function ShipmentView({ shipment: s, receiveOnOpen }: { shipment: ShipmentDetail; receiveOnOpen: boolean }) {
  const { t } = useTranslation(SHIP_NS);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const may = (a: ShipmentAction) => s.actions.includes(a);
  const [receiving, setReceiving] = useState(receiveOnOpen && s.actions.includes('receive'));
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);

  const done = (text: string) => {
    message.success(text);
    void invalidateShipments(queryClient);
  };
  const failed = (error: Error) => message.error(error.message, 5);
  const ship = useMutation({ ...shipMutations.ship, onSuccess: () => done(t('detail.shipped')), onError: failed });
  const cancel = useMutation({ ...shipMutations.cancel, onSuccess: () => done(t('detail.cancelled')) });
  const decided = {
    onSuccess: () => {
      setDeciding(null);
      done(t('detail.decided'));
    },
    onError: (error: Error) => {
      const field = error instanceof ApiError ? error.fieldErrors.reason : undefined;
      if (field) setReasonError(field);
      else failed(error);
    },
  };
  const voiding = useMutation({ ...shipMutations.void, ...decided });
  const closing = useMutation({ ...shipMutations.close, ...decided });
  const returning = useMutation({
    ...shipMutations.returnPrefill,
    onSuccess: (r) => {
      message.success(t('detail.returnDraft', { number: r.number }));
      void invalidateShipments(queryClient);
      navigate(sendProductPath(r.id));
    },
  });

  const withRejections = s.receipts.filter((r) => r.lines.some((l) => l.rejected > 0));
  const returnButton =
    may('return') && withRejections.length > 0 ? (
      withRejections.length === 1 ? (
        <Button
          key="return"
          icon={<RollbackOutlined />}
          loading={returning.isPending}
          onClick={() => returning.mutate({ receiptId: (withRejections[0] as ShipmentReceipt).id })}
        >
          {t('actions.return')}
        </Button>
      ) : (
        <Dropdown
          key="return"
          menu={{
            items: withRejections.map((r) => ({ key: String(r.id), label: r.number })),
            onClick: ({ key }) => returning.mutate({ receiptId: Number(key) }),
          }}
        >
          <Button icon={<RollbackOutlined />} loading={returning.isPending}>
            {t('actions.return')}
          </Button>
        </Dropdown>
      )
    ) : null;

  const actions: ReactNode[] = [
    may('receive') && (
      <Button key="receive" type="primary" icon={<CheckOutlined />} onClick={() => setReceiving(true)}>
        {t('actions.receive')}
      </Button>
    ),
    may('ship') && (
      <Button
        key="ship"
        type="primary"
        loading={ship.isPending}
        onClick={() =>
          modal.confirm({
            title: t('wizard.shipConfirmTitle'),
            content: t('wizard.shipConfirm'),
            okText: t('actions.ship'),
            cancelText: t('common.cancel'),
            onOk: () => ship.mutate({ id: s.id }),
          })
        }
      >
        {t('actions.ship')}
      </Button>
    ),
    may('edit') && (
      <Button key="edit" icon={<EditOutlined />} onClick={() => navigate(sendProductPath(s.id))}>
        {t('actions.edit')}
      </Button>
    ),
    returnButton,
    may('close') && (
      <Button
        key="close"
        icon={<StopOutlined />}
        onClick={() => {
          setReasonError(null);
          setDeciding('close');
        }}
      >
        {t('actions.close')}
      </Button>
    ),
    may('void') && (
      <Button
        key="void"
        danger
        icon={<CloseCircleOutlined />}
        onClick={() => {
          setReasonError(null);
          setDeciding('void');
        }}
      >
        {t('actions.void')}
      </Button>
    ),
    may('cancel') && (
      <Button
        key="cancel"
        danger
        loading={cancel.isPending}
        onClick={() =>
          modal.confirm({
            title: t('actions.cancelConfirmTitle'),
            content: t('actions.cancelConfirm'),
            okText: t('actions.cancel'),
            okButtonProps: { danger: true },
            cancelText: t('common.cancel'),
            onOk: () => cancel.mutate({ id: s.id }),
          })
        }
      >
        {t('actions.cancel')}
      </Button>
    ),
  ].filter(Boolean);

  const decision = deciding ?? 'close';
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
        <Lines shipment={s} wide={wide} />
      </Card>
      <Card title={t('detail.receipts')} size="small">
        <Receipts shipment={s} />
      </Card>
      <Card title={t('detail.events')} size="small">
        <Events events={s.events} />
      </Card>
      {may('receive') && (
        <ReceiptDrawer
          shipment={s}
          open={receiving}
          onClose={() => setReceiving(false)}
          onDone={(number) => {
            setReceiving(false);
            done(t('receipt.done', { number }));
          }}
        />
      )}
      <ReasonModal
        open={deciding !== null}
        text={{
          title: t(`decision.${decision}.title`, { number: s.number }),
          okText: t(`decision.${decision}.ok`),
          cancelText: t('common.cancel'),
          label: t(`decision.${decision}.label`),
          placeholder: t(`decision.${decision}.placeholder`),
          hint: t(`decision.${decision}.hint`),
        }}
        schema={shipmentReasonBody.shape.reason}
        submitting={voiding.isPending || closing.isPending}
        serverError={reasonError}
        onCancel={() => setDeciding(null)}
        onSubmit={(reason) => {
          setReasonError(null);
          (deciding === 'void' ? voiding : closing).mutate({ id: s.id, reason });
        }}
      />
    </Space>
  );
}

function ShipmentFacts({ shipment: s }: { shipment: ShipmentDetail }) {
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

function Lines({ shipment: s, wide }: { shipment: ShipmentDetail; wide: boolean }) {
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

function Receipts({ shipment: s }: { shipment: ShipmentDetail }) {
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

const EVENT_COLOR: Record<string, string> = {
  commissioning: 'gray',
  packing: 'gray',
  shipping: 'blue',
  void_shipping: 'gray',
  receiving: 'green',
  inspecting: 'red',
};

/** The shipment's GS1 EPCIS events, oldest first: what, who (an organisation, never a person), where, when. */
function Events({ events }: { events: ShipmentEvent[] }) {
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
