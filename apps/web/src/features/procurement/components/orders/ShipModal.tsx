import { pages, pageUrl } from '@jcbb/contract/pages';
import { formatQuantity, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NumericInput } from '../../../../components/NumericInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { ORDERS_NS } from '../../locales/orders-register.ts';
import { type OrderDetail, orderMutations, orderQueries } from '../../orders-api.ts';

interface ShipForm {
  fromAddressId?: number;
  shipDate: string;
  lines: { orderLineId: number; lotId?: number; quantity?: string }[];
}

/**
 * Ship against a confirmed order (docs/procurement.md, "Purchase orders"): per line still to ship, a lot the supplier
 * holds and a quantity within what is left; the server drafts the shipment to the order's project and the send
 * wizard opens on it (pages.shipmentDraft), where the supplier confirms the vehicle and codes and ships.
 */
export function ShipModal({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(ORDERS_NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ShipForm>();
  const openLines = order.lines.filter((l) => toMilli(l.outstanding) > 0);
  const addresses = useQuery({ ...orderQueries.addresses(), enabled: open });
  const stocks = useQueries({
    queries: [...new Set(openLines.map((l) => l.productId))].map((productId) => ({
      ...orderQueries.stockOf(productId),
      enabled: open,
    })),
  });
  const stock = stocks.flatMap((s) => s.data?.list ?? []);
  const ship = useMutation(orderMutations.ship);

  const submit = async (v: ShipForm) => {
    const lines = v.lines
      .filter((l) => l.quantity && Number(l.quantity) > 0)
      .map((l) => ({ orderLineId: l.orderLineId, lotId: l.lotId as number, quantity: l.quantity as string }));
    if (lines.length === 0) {
      message.error(t('ship.pickOne'));
      return;
    }
    try {
      const saved = await ship.mutateAsync({
        id: order.id,
        fromAddressId: v.fromAddressId as number,
        shipDate: v.shipDate,
        lines,
      });
      onClose();
      navigate(pageUrl(pages.shipmentDraft, { id: saved.shipmentId }));
    } catch (error) {
      // Field errors name the submitted lines (lines.N…): map them back to the form's rows.
      const kept = v.lines.map((l, i) => (l.quantity && Number(l.quantity) > 0 ? i : -1)).filter((i) => i >= 0);
      if (
        !applyFieldErrors(form, error, {
          mapPath: (path) => (path[0] === 'lines' ? ['lines', kept[Number(path[1])] ?? 0, ...path.slice(2)] : path),
        })
      ) {
        message.error((error as Error).message);
      }
    }
  };

  return (
    <Modal
      open={open}
      title={t('ship.title')}
      okText={t('ship.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={ship.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      width={720}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('ship.hint')} style={{ marginBottom: 16 }} />
      <Form<ShipForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ shipDate: shanghaiToday(), lines: openLines.map((l) => ({ orderLineId: l.id })) }}
      >
        <Space wrap style={{ width: '100%' }}>
          <Form.Item name="fromAddressId" label={t('ship.from')} rules={[{ required: true }]} style={{ minWidth: 260 }}>
            <Select
              loading={addresses.isFetching}
              options={(addresses.data?.list ?? []).map((a) => ({ value: a.id, label: a.name }))}
            />
          </Form.Item>
          <Form.Item name="shipDate" label={t('ship.shipDate')} rules={[{ required: true }]}>
            <Input type="date" />
          </Form.Item>
        </Space>
        {openLines.map((l, i) => {
          const lots = stock.filter((s) => s.specId === l.specId && s.usable > 0);
          return (
            <div key={l.id} style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
              <Form.Item name={['lines', i, 'orderLineId']} hidden>
                <Input />
              </Form.Item>
              <Typography.Text strong>
                {l.lineNo}. {l.productName} {l.specName}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {t('detail.outstanding')} {formatQuantity(l.outstanding, { unit: l.unit, locale: i18n.language })}
              </Typography.Text>
              <Space wrap style={{ width: '100%', marginTop: 4 }}>
                <Form.Item name={['lines', i, 'lotId']} label={t('ship.lot')} style={{ minWidth: 240 }}>
                  <Select
                    placeholder={lots.length === 0 ? t('ship.noStock') : undefined}
                    options={lots.map((s) => ({
                      value: s.lotId,
                      label: `${s.batchNo}（${formatQuantity(s.usable, { unit: s.unitName, locale: i18n.language })}）`,
                    }))}
                  />
                </Form.Item>
                <Form.Item name={['lines', i, 'quantity']} label={t('ship.quantity')}>
                  <NumericInput precision={3} min={0} style={{ width: 140 }} />
                </Form.Item>
              </Space>
            </div>
          );
        })}
      </Form>
    </Modal>
  );
}
