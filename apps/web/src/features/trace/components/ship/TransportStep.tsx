import { defaultDistance, shipmentCarbon, shipmentSaveBody, transportTypes } from '@jcbb/contract';
import { Card, Col, Descriptions, Form, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumericInput } from '../../../../components/NumericInput.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { maxLengthOf, rulesFrom, zodRule } from '../../../../lib/zod-rules.ts';
import { SHIP_NS } from '../../locales/ship-register.ts';
import type { ShipmentLine } from '../../ship-api.ts';
import { TRANSPORT_GROUPS, useEnglish } from './labels.ts';
import { type LineSource, useLinesMeta } from './line-source.ts';
import { formatFigure } from './quantity.ts';
import type { WizardValues } from './wizard-values.ts';

/** ④ Transport: type (grouped road, rail, water), distance or the standard's default, vehicle, dates; carbon preview. */
export function TransportStep({ source, draftLines }: { source: LineSource; draftLines: ShipmentLine[] }) {
  const { t } = useTranslation(SHIP_NS);
  const english = useEnglish();
  const form = Form.useFormInstance<WizardValues>();
  const distance = Form.useWatch('distanceKm', form) as string | undefined;
  const transportType = Form.useWatch('transportType', form) as number | undefined;
  const lines = (Form.useWatch('lines', form) as WizardValues['lines'] | undefined) ?? [];
  const metas = useLinesMeta(lines, source, draftLines);
  // Ready-mixed concrete only when every line is (an unknown class is not concrete): 40 km, else 500 km.
  const fallback = defaultDistance(metas.map((m) => m?.classifyCode ?? ''));
  const measured = distance !== undefined && distance.trim() !== '' && Number(distance) > 0;
  const km = measured ? Number(distance) : fallback.km;

  const carbonLines = lines.map((l, i) => ({
    quantity: Number(l?.quantity) || 0,
    massPerUnitKg: metas[i]?.massPerUnitKg ?? null,
  }));
  const figure = transportType ? shipmentCarbon(carbonLines, km, transportType) : null;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="transportType"
              label={t('wizard.transportType')}
              rules={[{ required: true, message: t('form.choose', { label: t('wizard.transportType') }) }]}
            >
              <Select
                aria-label={t('wizard.transportType')}
                options={TRANSPORT_GROUPS.map((g) => ({
                  label: t(`transport.${g.key}`),
                  title: t(`transport.${g.key}`),
                  options: transportTypes
                    .filter((x) => (g.ids as readonly number[]).includes(x.id))
                    .map((x) => ({ value: x.id, label: english ? x.enName : x.name })),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="distanceKm"
              label={t('wizard.distance')}
              rules={rulesFrom(shipmentSaveBody, 'distanceKm')}
              extra={
                measured ? (
                  t('wizard.distanceMeasured')
                ) : (
                  <Space size={4} wrap>
                    <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                      {t('carbon.default')}
                    </Tag>
                    <span>{t('wizard.distanceDefault', { km: fallback.km })}</span>
                  </Space>
                )
              }
            >
              <NumericInput
                aria-label={t('wizard.distance')}
                precision={1}
                min={0}
                suffix="km"
                placeholder={String(fallback.km)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="shipDate" label={t('wizard.shipDate')} rules={rulesFrom(shipmentSaveBody, 'shipDate')}>
              <Input type="date" aria-label={t('wizard.shipDate')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="plannedArrival"
              label={t('wizard.plannedArrival')}
              dependencies={['shipDate']}
              rules={[
                zodRule(shipmentSaveBody.shape.plannedArrival),
                ({ getFieldValue }) => ({
                  validator: (_, v: string | undefined) =>
                    v && getFieldValue('shipDate') && v < getFieldValue('shipDate')
                      ? Promise.reject(new Error(t('wizard.arrivalBeforeShip')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input type="date" aria-label={t('wizard.plannedArrival')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="vehiclePlate"
              label={t('wizard.vehicle')}
              rules={rulesFrom(shipmentSaveBody, 'vehiclePlate')}
            >
              <TextInput
                maxLength={maxLengthOf(shipmentSaveBody.shape.vehiclePlate)}
                placeholder={t('wizard.vehiclePlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remarks" label={t('wizard.remarks')} rules={rulesFrom(shipmentSaveBody, 'remarks')}>
              <Input.TextArea rows={2} maxLength={maxLengthOf(shipmentSaveBody.shape.remarks)} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('carbon.previewTitle')}>
          {figure ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('carbon.distance')}>
                <Space size={4} wrap>
                  <span>{km} km</span>
                  {!measured && (
                    <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                      {t('carbon.default')}
                    </Tag>
                  )}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('carbon.factor')}>
                {t('carbon.factorValue', { factor: figure.factor })}
              </Descriptions.Item>
              <Descriptions.Item label={t('carbon.mass')}>
                {figure.massKg === null ? t('carbon.missingMass') : `${formatFigure(figure.massKg)} kg`}
              </Descriptions.Item>
              <Descriptions.Item label={t('carbon.total')}>
                {figure.kgCO2e === null ? (
                  <Tag color="warning">{t('carbon.missingMass')}</Tag>
                ) : (
                  <Typography.Text strong>{t('carbon.value', { value: formatFigure(figure.kgCO2e) })}</Typography.Text>
                )}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">{t('carbon.chooseType')}</Typography.Text>
          )}
          {figure && figure.missingMassLines > 0 && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
              {t('carbon.missingMassLines', { count: figure.missingMassLines })}
            </Typography.Paragraph>
          )}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0, marginTop: 8 }}>
            {t('carbon.basis')}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
