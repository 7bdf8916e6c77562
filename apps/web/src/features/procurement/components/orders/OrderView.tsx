import { type OrderActionValue, orderCloseBody, orderReasonBody } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Grid, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import { PageCard } from '../../../../components/PageCard.tsx';
import { ReasonModal } from '../../../../components/ReasonModal.tsx';
import { RecordState, useRecordQuery } from '../../../../components/RecordState.tsx';
import { ApiError } from '../../../../lib/http.ts';
import { ORDERS_NS } from '../../locales/orders-register.ts';
import { invalidateOrders, type OrderDetail, type OrderLine, orderMutations, orderQueries } from '../../orders-api.ts';
import { PROCUREMENT_PATHS } from '../../paths.ts';
import { orderLabels, orderStatusColor, yuan } from './labels.ts';
import { ShipModal } from './ShipModal.tsx';

type ReasonAction = 'cancel' | 'decline' | 'close';

/** One order as its buyer or its supplier sees it: the detail page of either side. */
export function OrderDetailView({ side }: { side: 'buyer' | 'supplier' }) {
  const { t } = useTranslation(ORDERS_NS);
  const navigate = useNavigate();
  const { query, valid } = useRecordQuery(orderQueries.detail);
  const listPath = side === 'buyer' ? PROCUREMENT_PATHS.orders : PROCUREMENT_PATHS.supplierOrders;
  const back = <Button onClick={() => navigate(listPath)}>{t('common.backToList')}</Button>;
  return (
    <RecordState query={query} valid={valid} back={back} notFoundTitle={t('detail.notFound')}>
      {(o) => <OrderView order={o} back={back} />}
    </RecordState>
  );
}

function OrderView({ order: o, back }: { order: OrderDetail; back: React.ReactNode }) {
  const { t, i18n } = useTranslation(ORDERS_NS);
  const labels = orderLabels(i18n.language.startsWith('en'));
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const [shipping, setShipping] = useState(false);
  const send = useMutation(orderMutations.send);
  const confirm = useMutation(orderMutations.confirm);
  const cancel = useMutation(orderMutations.cancel);
  const decline = useMutation(orderMutations.decline);
  const close = useMutation(orderMutations.close);
  const can = (a: OrderActionValue) => o.actions.includes(a);
  const q = (v: string, unit: string) => formatQuantity(v, { unit, locale: i18n.language });
  const actionLabel = (a: OrderActionValue) => labels.action(a);

  const confirmThen = (content: string, run: () => Promise<unknown>, action: OrderActionValue) =>
    modal.confirm({
      content,
      onOk: async () => {
        try {
          await run();
          await invalidateOrders(queryClient);
          message.success(t('common.done', { action: actionLabel(action) }));
        } catch {
          // The HTTP client has shown the refusal.
        }
      },
    });

  const reasonRun = { cancel, decline, close }[asking ?? 'cancel'];
  const submitReason = async (reason: string) => {
    if (!asking) return;
    try {
      if (asking === 'close') await close.mutateAsync({ id: o.id, reason: reason || undefined });
      else await reasonRun.mutateAsync({ id: o.id, reason });
      const done = asking;
      setAsking(null);
      await invalidateOrders(queryClient);
      message.success(t('common.done', { action: actionLabel(done) }));
    } catch (error) {
      if (!(error instanceof ApiError && error.fieldErrors.reason)) message.error((error as Error).message);
    }
  };

  const lineColumns: TableProps<OrderLine>['columns'] = [
    { title: '#', dataIndex: 'lineNo', key: 'no', width: 48 },
    {
      title: t('detail.product'),
      key: 'product',
      render: (_, l) => (
        <Space orientation="vertical" size={0}>
          <span>{l.productName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {l.specName} · {yuan(l.unitPriceFen)}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('detail.ordered'), key: 'ordered', width: 110, align: 'right', render: (_, l) => q(l.quantity, l.unit) },
    { title: t('detail.shipped'), key: 'shipped', width: 110, align: 'right', render: (_, l) => q(l.shipped, l.unit) },
    {
      title: t('detail.deliveredQty'),
      key: 'delivered',
      width: 110,
      align: 'right',
      render: (_, l) => q(l.delivered, l.unit),
    },
    {
      title: t('detail.rejected'),
      key: 'rejected',
      width: 100,
      align: 'right',
      render: (_, l) => q(l.rejected, l.unit),
    },
    {
      title: t('detail.outstanding'),
      key: 'outstanding',
      width: 100,
      align: 'right',
      render: (_, l) => q(l.outstanding, l.unit),
    },
    { title: t('detail.amount'), key: 'amount', width: 120, align: 'right', render: (_, l) => yuan(l.amountFen) },
  ];

  const actions = (
    <Space wrap>
      {can('send') && (
        <Button
          type="primary"
          loading={send.isPending}
          onClick={() => confirmThen(t('detail.confirmSend'), () => send.mutateAsync({ id: o.id }), 'send')}
        >
          {actionLabel('send')}
        </Button>
      )}
      {can('confirm') && (
        <Button
          type="primary"
          loading={confirm.isPending}
          onClick={() => confirmThen(t('detail.confirmConfirm'), () => confirm.mutateAsync({ id: o.id }), 'confirm')}
        >
          {actionLabel('confirm')}
        </Button>
      )}
      {can('ship') && (
        <Button type="primary" onClick={() => setShipping(true)}>
          {actionLabel('ship')}
        </Button>
      )}
      {can('close') && <Button onClick={() => setAsking('close')}>{actionLabel('close')}</Button>}
      {can('decline') && (
        <Button danger onClick={() => setAsking('decline')}>
          {actionLabel('decline')}
        </Button>
      )}
      {can('cancel') && (
        <Button danger onClick={() => setAsking('cancel')}>
          {actionLabel('cancel')}
        </Button>
      )}
    </Space>
  );

  const shipmentLink = (s: OrderDetail['shipments'][number]) =>
    s.status === 1 && o.side === 'supplier' ? (
      <Link to={pageUrl(pages.shipmentDraft, { id: s.id })}>
        {s.number} · {t('detail.draftShipment')}
      </Link>
    ) : (
      <Link to={pageUrl(pages.shipmentDetail, { id: s.id })}>{s.number}</Link>
    );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={
          <Space wrap>
            <span>{o.number}</span>
            <Tag color={orderStatusColor[o.status]}>{labels.status(o.status)}</Tag>
          </Space>
        }
        tools={back}
      >
        {o.side === 'supplier' && (
          <Alert type="info" showIcon title={t('detail.supplierView')} style={{ marginBottom: 16 }} />
        )}
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered={wide}>
          <Descriptions.Item label={t('detail.project')}>{o.projectName}</Descriptions.Item>
          <Descriptions.Item label={o.side === 'buyer' ? t('detail.supplier') : t('detail.buyer')}>
            {o.side === 'buyer' ? o.supplierName : o.buyerName}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.amount')}>
            <Typography.Text strong>{yuan(o.amountFen)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.origin')}>{labels.origin(o.origin)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.reason')}>{o.reason}</Descriptions.Item>
          {o.deliveryAddress && <Descriptions.Item label={t('detail.address')}>{o.deliveryAddress}</Descriptions.Item>}
          {o.sentAt && <Descriptions.Item label={t('detail.sentAt')}>{o.sentAt}</Descriptions.Item>}
          {o.confirmedAt && <Descriptions.Item label={t('detail.confirmedAt')}>{o.confirmedAt}</Descriptions.Item>}
          {o.closedAt && <Descriptions.Item label={t('detail.closedAt')}>{o.closedAt}</Descriptions.Item>}
          {o.statusReason && <Descriptions.Item label={t('detail.statusReason')}>{o.statusReason}</Descriptions.Item>}
        </Descriptions>
        {o.actions.length > 0 && <div style={{ marginTop: 16 }}>{actions}</div>}
      </PageCard>

      <PageCard title={t('detail.lines')}>
        {wide ? (
          <Table<OrderLine> rowKey="id" columns={lineColumns} dataSource={o.lines} pagination={false} size="small" />
        ) : (
          <ItemList
            items={o.lines}
            rowKey={(l) => l.id}
            renderItem={(l) => (
              <Space orientation="vertical" size={2}>
                <span>
                  {l.lineNo}. {l.productName} {l.specName}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('detail.ordered')} {q(l.quantity, l.unit)} · {t('detail.shipped')} {q(l.shipped, l.unit)} ·{' '}
                  {t('detail.deliveredQty')} {q(l.delivered, l.unit)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('detail.rejected')} {q(l.rejected, l.unit)} · {t('detail.outstanding')} {q(l.outstanding, l.unit)}
                </Typography.Text>
              </Space>
            )}
          />
        )}
      </PageCard>

      <PageCard title={t('detail.shipments')}>
        {o.shipments.length === 0 ? (
          <Typography.Text type="secondary">{t('detail.noShipments')}</Typography.Text>
        ) : (
          <ItemList
            items={o.shipments}
            rowKey={(s) => s.id}
            renderItem={(s) => (
              <Space wrap>
                {shipmentLink(s)}
                <Typography.Text type="secondary">{s.shipDate}</Typography.Text>
              </Space>
            )}
          />
        )}
      </PageCard>

      <ReasonModal
        open={asking !== null}
        text={{
          title: t(
            asking === 'close'
              ? 'detail.closeTitle'
              : asking === 'decline'
                ? 'detail.declineTitle'
                : 'detail.cancelTitle',
          ),
          okText: asking ? actionLabel(asking) : '',
          cancelText: t('common.cancel'),
          label: t('detail.reasonLabel'),
          placeholder: t('detail.reasonLabel'),
          hint: asking === 'close' && o.status !== 'delivered' ? t('detail.closeReasonHint') : undefined,
        }}
        schema={
          asking === 'close' && o.status === 'delivered' ? orderCloseBody.shape.reason : orderReasonBody.shape.reason
        }
        submitting={reasonRun.isPending}
        serverError={reasonRun.error instanceof ApiError ? reasonRun.error.fieldErrors.reason : null}
        onCancel={() => setAsking(null)}
        onSubmit={(reason) => void submitReason(reason)}
      />
      {o.side === 'supplier' && <ShipModal order={o} open={shipping} onClose={() => setShipping(false)} />}
    </Space>
  );
}
