import { addressKindLabels } from '@jcbb/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { TRACE_PATHS } from '../../paths.ts';
import { type OwnAddress, type ReceiverAddress, shipQueries } from '../../ship-api.ts';
import type { PickedDestination } from './DestinationStep.tsx';
import { useEnglish } from './labels.ts';
import type { WizardValues } from './wizard-values.ts';

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
