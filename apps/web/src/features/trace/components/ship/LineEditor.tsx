import { DeleteOutlined, SelectOutlined } from '@ant-design/icons';
import { shipmentLineBody } from '@jcbb/contract';
import { formatQuantity, fromMilli, toMilli } from '@jcbb/contract/quantity';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NumericInput } from '../../../../components/NumericInput.tsx';
import { zodRule } from '../../../../lib/zod-rules.ts';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { productLotPath } from '../../paths.ts';
import { type ProductSpecs, type ShipmentLine, type StockRow, shipQueries } from '../../ship-api.ts';
import { CodePicker } from './CodePicker.tsx';
import { CodeTagInput } from './CodeTagInput.tsx';
import { codeStatusOf, type LineSource, metaOf } from './line-source.ts';
import { EvidenceTag } from './ShipmentTags.tsx';
import type { WizardValues } from './wizard-values.ts';

type Option = { value: number; label: string };
type Group = { label: string; title: string; options: Option[] };

/** The specifications a line may take: a maker's products' specifications, or a holder's stock, grouped by product. */
export function specGroups(source: LineSource, products: ProductSpecs[], stock: StockRow[], draft: ShipmentLine[]) {
  const groups = new Map<string, Group>();
  const add = (product: string, value: number, label: string) => {
    const group = groups.get(product) ?? { label: product, title: product, options: [] };
    if (!group.options.some((o) => o.value === value)) group.options.push({ value, label });
    groups.set(product, group);
  };
  if (source === 'lots') {
    for (const p of products) for (const s of p.specs) add(p.name, s.id, `${p.name} · ${s.name} ${s.model}`.trim());
  } else if (source === 'stock') {
    for (const s of stock) if (s.usable > 0) add(s.productName, s.specId, `${s.productName} · ${s.specName}`);
  }
  // A draft's own lines stay choosable even when the lists above no longer carry them.
  for (const l of draft) add(l.productName, l.specId, `${l.productName} · ${l.specName}`);
  return [...groups.values()];
}

/**
 * One line of the wizard: specification, then lot, the quantity in the specification's unit, and its codes (scanned,
 * typed, pasted, or picked from the lot's free codes), with the sum of the known codes' quantities against the line.
 */
export function LineEditor({
  name,
  index,
  source,
  groups,
  stock,
  draft,
  onRemove,
}: {
  name: number;
  index: number;
  source: LineSource;
  groups: Group[];
  stock: StockRow[];
  draft: ShipmentLine[];
  onRemove?: () => void;
}) {
  const { t } = useTranslation(SHIP_NS);
  const form = Form.useFormInstance<WizardValues>();
  const specId = Form.useWatch(['lines', name, 'specId'], form) as number | undefined;
  const lotId = Form.useWatch(['lines', name, 'lotId'], form) as number | undefined;
  const quantity = Form.useWatch(['lines', name, 'quantity'], form) as string | undefined;
  const codes = (Form.useWatch(['lines', name, 'codes'], form) as string[] | undefined) ?? [];
  const [picking, setPicking] = useState(false);
  const locked = source === 'locked';
  const codeStatus = codeStatusOf(source);

  const lots = useQuery({ ...shipQueries.lots(specId ?? 0), enabled: source === 'lots' && !!specId });
  // The lot's free codes: to weigh the line's codes, and (a maker's lot) to say when there is none to ship.
  const known = useQuery({
    ...shipQueries.codes(lotId ?? 0, codeStatus),
    enabled: !!lotId && (codes.length > 0 || source === 'lots'),
  });
  const lotList = lots.data?.list ?? [];
  const meta = metaOf({ specId, lotId }, { lots: lotList, stock, draft });
  const unit = meta?.unitName ?? '';

  const lotOptions: Option[] =
    source === 'lots'
      ? lotList.map((l) => ({ value: l.id, label: `${l.batchNo}（${l.productionDate}）` }))
      : stock
          .filter((s) => s.specId === specId && s.usable > 0)
          .map((s) => ({
            value: s.lotId,
            label: t('lines.stockLot', { batch: s.batchNo, usable: formatQuantity(s.usable), unit: s.unitName }),
          }));
  for (const l of draft) {
    if (l.specId === specId && !lotOptions.some((o) => o.value === l.lotId)) {
      lotOptions.push({ value: l.lotId, label: l.batchNo });
    }
  }
  const lot = lotList.find((l) => l.id === lotId);

  // The codes' quantities, where the lot's free codes name them; codes not among them the server checks.
  const quantities = new Map((known.data?.list ?? []).map((c) => [c.code, c.quantity]));
  const knownCodes = codes.filter((c) => quantities.has(c));
  const sum = fromMilli(knownCodes.reduce((s, c) => s + toMilli(quantities.get(c)), 0));
  const unknown = known.data ? codes.length - knownCodes.length : 0;
  const matches = toMilli(sum) === toMilli(quantity) && unknown === 0;
  // A maker's lot with no code free to ship: the line would go without codes (no scan page for it) unless the maker
  // first issues codes for the lot (生成追溯码, in the lot's drawer on 产品看板).
  const noneFree = source === 'lots' && !!lot && known.isSuccess && known.data.total === 0 && codes.length === 0;

  const choose = (label: string) => ({ required: true, message: t('form.choose', { label }) });
  return (
    <Card
      size="small"
      title={t('lines.title', { n: index + 1 })}
      extra={
        onRemove && !locked ? (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={t('lines.remove', { n: index + 1 })}
          >
            {t('lines.removeShort')}
          </Button>
        ) : undefined
      }
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'specId']} label={t('lines.spec')} rules={[choose(t('lines.spec'))]}>
            <Select
              aria-label={t('lines.specAria', { n: index + 1 })}
              showSearch={{ optionFilterProp: 'label' }}
              disabled={locked}
              options={groups}
              placeholder={t('lines.specPlaceholder')}
              onChange={() => {
                form.setFieldValue(['lines', name, 'lotId'], undefined);
                form.setFieldValue(['lines', name, 'codes'], []);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={[name, 'lotId']}
            label={t('lines.lot')}
            rules={[choose(t('lines.lot'))]}
            extra={lot ? <EvidenceTag evidence={lot.evidence} /> : undefined}
          >
            <Select
              aria-label={t('lines.lotAria', { n: index + 1 })}
              disabled={locked || !specId}
              loading={lots.isFetching}
              options={lotOptions}
              placeholder={specId ? t('lines.lotPlaceholder') : t('lines.specFirst')}
              onChange={() => form.setFieldValue(['lines', name, 'codes'], [])}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={[name, 'quantity']}
            label={t('lines.quantity')}
            rules={[zodRule(shipmentLineBody.shape.quantity)]}
          >
            <NumericInput
              aria-label={t('lines.quantityAria', { n: index + 1 })}
              precision={3}
              min={0}
              suffix={<span>{unit}</span>}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name={[name, 'codes']}
            label={t('lines.codes')}
            rules={[zodRule(shipmentLineBody.shape.codes)]}
            extra={
              codes.length > 0 && known.data ? (
                <Typography.Text type={matches ? 'success' : 'warning'}>
                  {t('lines.codeSum', {
                    sum: formatQuantity(sum),
                    quantity: quantity ? formatQuantity(Number(quantity)) : '—',
                    unit,
                  })}
                  {unknown > 0 ? ` ${t('lines.codesUnknown', { count: unknown })}` : ''}
                </Typography.Text>
              ) : (
                t('lines.codesHelp')
              )
            }
          >
            <CodeTagInput />
          </Form.Item>
          {noneFree && lot && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: -12, marginBottom: 12 }}
              title={t('codes.noneFreeLine', { batch: lot.batchNo })}
              action={<Link to={productLotPath(lot.productId, lot.id)}>{t('codes.generate')}</Link>}
            />
          )}
          <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 12 }}>
            <Button
              size="small"
              icon={<SelectOutlined />}
              disabled={!lotId || noneFree}
              onClick={() => setPicking(true)}
            >
              {t('lines.pick')}
            </Button>
          </Flex>
        </Col>
      </Row>
      {lotId !== undefined && (
        <CodePicker
          open={picking}
          lotId={lotId}
          status={codeStatus}
          unitName={unit}
          taken={codes}
          onClose={() => setPicking(false)}
          onPick={(picked) => {
            form.setFieldValue(['lines', name, 'codes'], [...codes, ...picked]);
            void form.validateFields([['lines', name, 'codes']]);
            setPicking(false);
          }}
        />
      )}
    </Card>
  );
}
