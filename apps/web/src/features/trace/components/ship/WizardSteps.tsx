import { addressKindLabels, defaultDistance, shipmentCarbon, shipmentSaveBody, transportTypes } from '@jcbb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Form, Input, Radio, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NumericInput } from '../../../../components/NumericInput.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { maxLengthOf, rulesFrom, zodRule } from '../../../../lib/zod-rules.ts';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { TRACE_PATHS } from '../../paths.ts';
import {
  type OwnAddress,
  type Receiver,
  type ReceiverAddress,
  type ShipmentLine,
  shipQueries,
  type TrackProject,
} from '../../ship-api.ts';
import { TRANSPORT_GROUPS } from './labels.ts';
import { type LineSource, useLinesMeta } from './line-source.ts';
import { formatFigure } from './quantity.ts';
import type { WizardValues } from './wizard-values.ts';

/** What the wizard knows of the chosen destination, for the address step and the review. */
export interface PickedDestination {
  name: string;
  detail?: string;
  /** A project's own site address (shown, not chosen). */
  address?: string;
}

const useEnglish = () => useTranslation(SHIP_NS).i18n.language.startsWith('en');

/** ① The destination: an organisation (a distributor or construction unit) or a project's site. */
export function DestinationStep({
  locked,
  picked,
  onPick,
}: {
  locked: boolean;
  picked: PickedDestination | null;
  onPick: (picked: PickedDestination | null) => void;
}) {
  const { t } = useTranslation(SHIP_NS);
  const form = Form.useFormInstance<WizardValues>();
  const kind = Form.useWatch('destKind', form) as WizardValues['destKind'] | undefined;
  const [orgSearch, setOrgSearch] = useState('');
  const [projectSearch, setProjectSearch] = useState('');
  const receivers = useQuery({
    ...shipQueries.receivers(orgSearch || undefined),
    placeholderData: keepPreviousData,
    enabled: kind === 'org' && !locked,
  });
  const projects = useQuery({
    ...shipQueries.projects(projectSearch || undefined),
    placeholderData: keepPreviousData,
    enabled: kind === 'project' && !locked,
  });
  const orgId = Form.useWatch('orgId', form) as number | undefined;
  const projectId = Form.useWatch('projectId', form) as number | undefined;
  const orgOptions = (receivers.data?.list ?? []).map((o: Receiver) => ({
    value: o.id,
    label: `${o.name}（${o.orgTypeName}）`,
  }));
  if (orgId && picked && !orgOptions.some((o) => o.value === orgId))
    orgOptions.push({ value: orgId, label: picked.name });
  const projectRows = projects.data?.list ?? [];
  const projectOptions = projectRows.map((p: TrackProject) => ({ value: p.id, label: p.name, project: p }));
  const knownProject = projectId && picked && !projectOptions.some((o) => o.value === projectId);

  const choose = (label: string) => ({ required: true, message: t('form.choose', { label }) });
  return (
    <>
      <Form.Item name="destKind" label={t('wizard.destKind')}>
        <Radio.Group
          disabled={locked}
          optionType="button"
          options={[
            { value: 'org', label: t('wizard.toOrg') },
            { value: 'project', label: t('wizard.toProject') },
          ]}
          onChange={() => {
            form.setFieldsValue({ orgId: undefined, projectId: undefined, toAddressId: undefined });
            onPick(null);
          }}
        />
      </Form.Item>
      {kind === 'org' && (
        <Form.Item name="orgId" label={t('wizard.org')} rules={[choose(t('wizard.org'))]} extra={t('wizard.orgHelp')}>
          <Select
            aria-label={t('wizard.org')}
            disabled={locked}
            showSearch={{ filterOption: false, onSearch: (text) => setOrgSearch(text.trim().slice(0, 50)) }}
            loading={receivers.isFetching}
            options={orgOptions}
            placeholder={t('wizard.orgPlaceholder')}
            notFoundContent={receivers.isFetching ? undefined : t('wizard.noOrg')}
            onChange={(id: number) => {
              const o = receivers.data?.list.find((r) => r.id === id);
              form.setFieldValue('toAddressId', undefined);
              onPick(o ? { name: o.name, detail: o.orgTypeName } : null);
            }}
          />
        </Form.Item>
      )}
      {kind === 'project' && (
        <Form.Item name="projectId" label={t('wizard.project')} rules={[choose(t('wizard.project'))]}>
          <Select
            aria-label={t('wizard.project')}
            disabled={locked}
            showSearch={{ filterOption: false, onSearch: (text) => setProjectSearch(text.trim().slice(0, 50)) }}
            loading={projects.isFetching}
            options={knownProject ? [...projectOptions, { value: projectId, label: picked.name }] : projectOptions}
            optionRender={(option) => {
              const p = (option.data as { project?: TrackProject }).project;
              return (
                <Space orientation="vertical" size={0} style={{ whiteSpace: 'normal' }}>
                  <span>{option.label}</span>
                  {p && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {p.regionName} · {p.developerName}
                    </Typography.Text>
                  )}
                </Space>
              );
            }}
            placeholder={t('wizard.projectPlaceholder')}
            notFoundContent={projects.isFetching ? undefined : t('wizard.noProject')}
            onChange={(id: number) => {
              const p = projectRows.find((r) => r.id === id);
              onPick(
                p
                  ? {
                      name: p.name,
                      detail: `${p.regionName} · ${t('wizard.developer')} ${p.developerName}`,
                      address: `${p.regionName} ${p.address}`,
                    }
                  : null,
              );
            }}
          />
        </Form.Item>
      )}
      {picked && (kind === 'project' ? projectId : orgId) && (
        <Card size="small" style={{ maxWidth: 640 }}>
          <Typography.Text strong>{picked.name}</Typography.Text>
          {picked.detail && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {picked.detail}
            </Typography.Paragraph>
          )}
          {picked.address && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {picked.address}
            </Typography.Paragraph>
          )}
        </Card>
      )}
    </>
  );
}

const addressLine = (a: OwnAddress | ReceiverAddress) =>
  `${a.regionName} ${a.detail} · ${a.contactName} ${a.contactPhone}`;

/** ② From (the caller's enabled addresses, its default chosen) and to (the receiver's, or the project's own site). */
export function AddressStep({ picked }: { picked: PickedDestination | null }) {
  const { t } = useTranslation(SHIP_NS);
  const english = useEnglish();
  const form = Form.useFormInstance<WizardValues>();
  const kind = Form.useWatch('destKind', form) as WizardValues['destKind'] | undefined;
  const orgId = Form.useWatch('orgId', form) as number | undefined;
  const fromId = Form.useWatch('fromAddressId', form) as number | undefined;
  const toId = Form.useWatch('toAddressId', form) as number | undefined;
  const own = useQuery(shipQueries.ownAddresses());
  const theirs = useQuery({ ...shipQueries.receiverAddresses(orgId ?? 0), enabled: kind === 'org' && !!orgId });
  const ownList = own.data?.list ?? [];
  const theirList = theirs.data ?? [];

  // The default address is chosen for the shipper (and the receiver's default for the receiver) until one is picked.
  useEffect(() => {
    if (fromId === undefined && ownList.length > 0) {
      form.setFieldValue('fromAddressId', (ownList.find((a) => a.isDefault) ?? ownList[0])?.id);
    }
  }, [fromId, ownList, form]);
  useEffect(() => {
    if (kind === 'org' && toId === undefined && theirList.length > 0) {
      form.setFieldValue('toAddressId', (theirList.find((a) => a.isDefault) ?? theirList[0])?.id);
    }
  }, [kind, toId, theirList, form]);

  const option = (a: OwnAddress | ReceiverAddress) => ({
    value: a.id,
    label: `${a.name}（${english ? addressKindLabels[a.kind].en : addressKindLabels[a.kind].zh}）${a.isDefault ? ` · ${t('wizard.default')}` : ''}`,
  });
  const from = ownList.find((a) => a.id === fromId);
  const to = theirList.find((a) => a.id === toId);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name="fromAddressId"
          label={t('wizard.from')}
          rules={[{ required: true, message: t('form.choose', { label: t('wizard.from') }) }]}
          extra={from ? addressLine(from) : undefined}
        >
          <Select aria-label={t('wizard.from')} loading={own.isFetching} options={ownList.map(option)} />
        </Form.Item>
        {own.data && ownList.length === 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('wizard.noOwnAddress')}
            action={<Link to={TRACE_PATHS.addressManagement}>{t('wizard.manageAddresses')}</Link>}
          />
        )}
      </Col>
      <Col xs={24} md={12}>
        {kind === 'org' ? (
          <>
            <Form.Item name="toAddressId" label={t('wizard.to')} extra={to ? addressLine(to) : undefined}>
              <Select
                aria-label={t('wizard.to')}
                allowClear
                loading={theirs.isFetching}
                options={theirList.map(option)}
                placeholder={t('wizard.toPlaceholder')}
              />
            </Form.Item>
            {theirs.data && theirList.length === 0 && (
              <Typography.Text type="secondary">{t('wizard.noTheirAddress')}</Typography.Text>
            )}
          </>
        ) : (
          <Form.Item label={t('wizard.projectSite')} extra={t('wizard.projectSiteHelp')}>
            <Typography.Text>{picked?.address ?? picked?.name ?? t('common.none')}</Typography.Text>
          </Form.Item>
        )}
      </Col>
    </Row>
  );
}

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
