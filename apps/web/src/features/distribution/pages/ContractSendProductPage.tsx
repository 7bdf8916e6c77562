import { formatQuantity, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Col, Form, Input, Row, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { SALES_NS } from '../locales/sales-register.ts';
import { type ContractDetail, salesMutations, salesQueries } from '../sales-api.ts';
import { SALES_PATHS, salesUrl } from '../sales-paths.ts';

/** One row per contract line with something left, in the order of `open` (the row's index names its line). */
interface LineValues {
  include: boolean;
  lotId?: number;
  quantity?: string;
}

interface Values {
  fromAddressId?: number;
  toAddressId?: number;
  shipDate: string;
  lines: LineValues[];
}

/**
 * /productionManagement/contractSendProduct?id=: ship against an active contract. The distributor picks, for each
 * line with something left, a lot it holds and the quantity; a draft shipment is saved against the contract and the
 * send wizard opens on it (transport, codes, dispatch). The shipment gate draws the contract down when it ships.
 */
export function ContractSendProductPage() {
  const { t } = useTranslation(SALES_NS);
  const navigate = useNavigate();
  const { query, valid } = useRecordQuery(salesQueries.contract);
  const back = <Button onClick={() => navigate(SALES_PATHS.contractList)}>{t('common.backToList')}</Button>;
  return (
    <RecordState query={query} valid={valid} back={back} notFoundTitle={t('detail.notFound')}>
      {(c) => <ShipForm contract={c} />}
    </RecordState>
  );
}

function ShipForm({ contract: c }: { contract: ContractDetail }) {
  const { t, i18n } = useTranslation(SALES_NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const open = c.lines.filter((l) => l.remainingQuantity > 0);
  const addresses = useQuery(salesQueries.addresses());
  const receiver = useQuery({
    ...salesQueries.receiverAddresses(c.buyerOrgId ?? 0),
    enabled: c.projectId === null && c.buyerOrgId !== null,
  });
  const productIds = [...new Set(open.map((l) => l.productId))];
  const stock = useQueries({ queries: productIds.map((id) => salesQueries.stockOf(id)) });
  const lots = (specId: number) =>
    stock
      .flatMap((s) => s.data?.list ?? [])
      .filter((r) => r.specId === specId && r.usable > 0)
      .map((r) => ({
        value: r.lotId,
        label: `${r.batchNo} · ${t('ship.available', { quantity: formatQuantity(r.usable, { unit: r.unitName, locale: i18n.language }) })}`,
      }));
  const ship = useMutation(salesMutations.ship);
  const own = addresses.data?.list ?? [];

  // The default warehouse once the addresses are in.
  useEffect(() => {
    const preferred = own.find((a) => a.isDefault) ?? own[0];
    if (preferred && form.getFieldValue('fromAddressId') === undefined)
      form.setFieldValue('fromAddressId', preferred.id);
  }, [own, form]);

  if (c.status !== 'active') {
    return (
      <PageCard title={t('ship.title', { number: c.number })}>
        <Alert type="warning" showIcon title={t('ship.notActive')} />
      </PageCard>
    );
  }

  // The rows start on the first lot that holds their specification: the form waits for the stock.
  if (stock.some((q) => q.isPending)) {
    return (
      <PageCard title={t('ship.title', { number: c.number })}>
        <Skeleton active />
      </PageCard>
    );
  }

  const submit = async (v: Values) => {
    const rows = v.lines.map((l, i) => ({ ...l, row: i, contractLineId: open[i]?.id as number }));
    const chosen = rows.filter((l) => l.include && l.lotId && l.quantity && toMilli(l.quantity) > 0);
    if (chosen.length === 0) {
      message.warning(t('ship.nothing'));
      return;
    }
    try {
      const saved = await ship.mutateAsync({
        id: c.id,
        fromAddressId: v.fromAddressId as number,
        toAddressId: v.toAddressId,
        shipDate: v.shipDate,
        lines: chosen.map((l) => ({
          contractLineId: l.contractLineId,
          lotId: l.lotId as number,
          quantity: l.quantity as string,
        })),
      });
      message.success(t('ship.created', { number: saved.number }));
      navigate(salesUrl.shipmentDraft(saved.shipmentId));
    } catch (error) {
      // lines.N.* of the call are the N-th chosen line; map back to the form's rows.
      if (
        !applyFieldErrors(form, error, {
          mapPath: (p) => (p[0] === 'lines' ? ['lines', chosen[p[1] as number]?.row ?? 0, p[2] as string] : p),
        })
      ) {
        message.error((error as Error).message);
      }
    }
  };

  return (
    <PageCard
      title={t('ship.title', { number: c.number })}
      tools={<Button onClick={() => navigate(salesUrl.contractDetail(c.id))}>{t('common.back')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('ship.hint')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          shipDate: shanghaiToday(),
          lines: open.map((l) => ({
            include: true,
            lotId: lots(l.specId)[0]?.value,
            quantity: String(l.remainingQuantity),
          })),
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="fromAddressId"
              label={t('ship.from')}
              rules={[{ required: true, message: t('ship.from') }]}
            >
              <Select
                aria-label={t('ship.from')}
                loading={addresses.isFetching}
                options={own.map((a) => ({ value: a.id, label: `${a.name}（${a.regionName}）` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            {c.projectId !== null ? (
              <Form.Item label={t('ship.to')}>
                <Typography.Text>{t('ship.toProject', { name: c.projectName })}</Typography.Text>
              </Form.Item>
            ) : (
              <Form.Item name="toAddressId" label={t('ship.to')} rules={[{ required: true, message: t('ship.to') }]}>
                <Select
                  aria-label={t('ship.to')}
                  loading={receiver.isFetching}
                  options={(receiver.data ?? []).map((a) => ({ value: a.id, label: `${a.name}（${a.regionName}）` }))}
                />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="shipDate"
              label={t('ship.shipDate')}
              rules={[{ required: true, message: t('ship.shipDate') }]}
            >
              <Input type="date" aria-label={t('ship.shipDate')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="lines">
          {(fields) =>
            fields.map((field, i) => {
              const line = open[i];
              if (!line) return null;
              const options = lots(line.specId);
              return (
                <Row
                  key={field.key}
                  gutter={8}
                  align="top"
                  style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 12 }}
                >
                  <Col xs={24} md={9}>
                    <Space align="start">
                      <Form.Item name={[field.name, 'include']} valuePropName="checked" noStyle>
                        <Checkbox aria-label={`${t('ship.include')} ${line.lineNo}`} />
                      </Form.Item>
                      <Space orientation="vertical" size={0}>
                        <span>
                          {line.lineNo}. {line.productName} {line.specName}
                        </span>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('detail.remaining')}{' '}
                          {formatQuantity(line.remainingQuantity, { unit: line.unit, locale: i18n.language })}
                        </Typography.Text>
                      </Space>
                    </Space>
                  </Col>
                  <Col xs={14} md={9}>
                    <Form.Item
                      name={[field.name, 'lotId']}
                      extra={options.length === 0 ? t('ship.noStock') : undefined}
                    >
                      <Select
                        aria-label={`${t('ship.lot')} ${line.lineNo}`}
                        placeholder={t('ship.lot')}
                        options={options}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={10} md={6}>
                    <Form.Item name={[field.name, 'quantity']}>
                      <NumericInput
                        precision={3}
                        min={0}
                        aria-label={`${t('ship.quantity')} ${line.lineNo}`}
                        placeholder={t('ship.quantity')}
                        suffix={line.unit}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              );
            })
          }
        </Form.List>
        <Button type="primary" htmlType="submit" loading={ship.isPending}>
          {t('ship.submit')}
        </Button>
      </Form>
    </PageCard>
  );
}
