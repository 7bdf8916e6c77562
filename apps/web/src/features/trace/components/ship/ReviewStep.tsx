import { formatQuantity } from '@jcbb/contract/quantity';
import { Alert, Button, Descriptions, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHIP_NS } from '../../locales/ship-register.ts';
import type { ShipmentDetail, ShipmentLine } from '../../ship-api.ts';
import type { PickedDestination } from './DestinationStep.tsx';
import { DraftCheck } from './DraftCheck.tsx';
import type { specGroups } from './LineEditor.tsx';
import { shipLabels } from './labels.ts';
import { type LineSource, useLinesMeta } from './line-source.ts';
import { keyOfValues, type WizardValues } from './wizard-values.ts';

/** Whether the form still says what the saved draft says (shipping ships the saved draft, not the form). */
export function useUpToDate(savedKey: string | null) {
  const form = Form.useFormInstance<WizardValues>();
  const values = Form.useWatch((v: WizardValues) => v, form) as WizardValues | undefined;
  return savedKey !== null && values !== undefined && savedKey === keyOfValues(values);
}

/** ⑤ 保存草稿 and 确认发货: shipping needs the saved draft, unchanged since, and the server's check passed. */
export function ReviewActions({
  savedKey,
  shippable,
  saving,
  shipping,
  onSave,
  onShip,
}: {
  savedKey: string | null;
  shippable: boolean;
  saving: boolean;
  shipping: boolean;
  onSave: () => void;
  onShip: () => void;
}) {
  const { t } = useTranslation(SHIP_NS);
  const upToDate = useUpToDate(savedKey);
  return (
    <Space wrap>
      <Button type={upToDate ? 'default' : 'primary'} loading={saving} onClick={onSave}>
        {t('wizard.saveDraft')}
      </Button>
      <Button type="primary" disabled={!(upToDate && shippable)} loading={shipping} onClick={onShip}>
        {t('wizard.ship')}
      </Button>
    </Space>
  );
}

/** ⑤ What will be sent, and once saved the server's check of the draft. */
export function ReviewStep({
  source,
  draftLines,
  groups,
  picked,
  check,
  savedKey,
}: {
  source: LineSource;
  draftLines: ShipmentLine[];
  groups: ReturnType<typeof specGroups>;
  picked: PickedDestination | null;
  check: ShipmentDetail | undefined;
  savedKey: string | null;
}) {
  const { t, i18n } = useTranslation(SHIP_NS);
  const labels = shipLabels(i18n.language.startsWith('en'));
  const form = Form.useFormInstance<WizardValues>();
  const values = form.getFieldsValue(true) as WizardValues;
  const lines = values.lines ?? [];
  const metas = useLinesMeta(lines, source, draftLines);
  const upToDate = useUpToDate(savedKey);
  const specLabel = (specId?: number) =>
    groups.flatMap((g) => g.options).find((o) => o.value === specId)?.label ?? t('common.none');
  return (
    <>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('wizard.destination')}>{picked?.name ?? t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.transportType')}>
          {values.transportType ? labels.transport(values.transportType) : t('common.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('wizard.shipDate')}>{values.shipDate || t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.distance')}>
          {values.distanceKm ? `${values.distanceKm} km` : t('carbon.default')}
        </Descriptions.Item>
      </Descriptions>
      {check ? (
        <DraftCheck detail={check} stale={!upToDate} />
      ) : (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Alert type="info" showIcon title={t('review.saveFirst')} />
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: unsaved lines have no id; this list only shows them
            <Typography.Text key={i}>
              {i + 1}. {specLabel(l?.specId)} · {l?.quantity ? formatQuantity(Number(l.quantity)) : '—'}{' '}
              {metas[i]?.unitName ?? ''} · {t('codes.count', { count: l?.codes?.length ?? 0 })}
            </Typography.Text>
          ))}
        </Space>
      )}
    </>
  );
}
