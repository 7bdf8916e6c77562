import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { ApiError } from '../../../../lib/http.ts';
import { useSession } from '../../../../lib/session.ts';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { shipmentDetailPath } from '../../paths.ts';
import { invalidateShipments, type ShipmentDetail, shipMutations, shipQueries } from '../../ship-api.ts';
import { AddressStep } from './AddressStep.tsx';
import { DestinationStep, type PickedDestination } from './DestinationStep.tsx';
import { specGroups } from './LineEditor.tsx';
import { LinesStep } from './LinesStep.tsx';
import { lineSourceOf } from './line-source.ts';
import { ReviewActions, ReviewStep } from './ReviewStep.tsx';
import { TransportStep } from './TransportStep.tsx';
import {
  bodyOf,
  fieldPath,
  formPathOf,
  keyOfValues,
  STEP,
  STEP_FIELDS,
  stepOfField,
  valuesOf,
  type WizardValues,
} from './wizard-values.ts';

/**
 * The shipment wizard (spec §2): ① destination, ② addresses, ③ lines with their codes, ④ transport with a live carbon
 * preview, ⑤ review: save the draft, read the server's check of it (evidence on the ship date, blockers), then 确认发货.
 * The server's field messages go back to the step holding the field. `draft` continues a saved one.
 */
export function ShipmentWizard({
  draft,
  onDraftSaved,
}: {
  draft?: ShipmentDetail;
  onDraftSaved: (id: number) => void;
}) {
  const { t } = useTranslation(SHIP_NS);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const orgType = useSession().user?.organization?.type ?? null;
  const [form] = Form.useForm<WizardValues>();
  const [initial] = useState<WizardValues>(() =>
    draft ? valuesOf(draft) : { destKind: 'org', lines: [{ codes: [] }], shipDate: shanghaiToday() },
  );
  const [current, setCurrent] = useState<number>(draft ? STEP.REVIEW : STEP.DESTINATION);
  const [reached, setReached] = useState<number>(draft ? STEP.REVIEW : STEP.DESTINATION);
  const [draftId, setDraftId] = useState<number | null>(draft?.id ?? null);
  const [savedKey, setSavedKey] = useState<string | null>(draft ? keyOfValues(initial) : null);
  const [picked, setPicked] = useState<PickedDestination | null>(
    draft
      ? {
          name: draft.to.name,
          detail: draft.to.cityName,
          address: draft.to.kind === 'project' ? (draft.toAddress ?? undefined) : undefined,
        }
      : null,
  );
  const isReturn = draft !== undefined && draft.returnOfReceiptId !== null;
  const source = lineSourceOf(orgType, isReturn);
  const saved = useQuery({
    ...shipQueries.detail(draftId ?? 0),
    enabled: draftId !== null,
    initialData: draft && draft.id === draftId ? draft : undefined,
  });
  const draftLines = saved.data?.lines ?? draft?.lines ?? [];

  const products = useQuery({ ...shipQueries.productSpecs(), enabled: source === 'lots' });
  const stock = useQuery({ ...shipQueries.stock(), enabled: source === 'stock' });
  const stockRows = stock.data?.list ?? [];
  const groups = specGroups(source, products.data ?? [], stockRows, draftLines);

  const check = saved.data;
  const missingCodes = draft?.lines.filter((l) => l.codeCount > 0 && l.codes === undefined) ?? [];

  const go = (step: number) => {
    setCurrent(step);
    setReached((r) => Math.max(r, step));
  };
  /** The server refused some fields: their messages under them, and the wizard on the first step holding one. */
  const onServerError = (error: Error) => {
    if (error instanceof ApiError && applyFieldErrors(form, error, { mapPath: formPathOf })) {
      const steps = Object.keys(error.fieldErrors).map((f) => stepOfField(formPathOf(fieldPath(f))));
      go(Math.min(...steps));
      message.error(t('wizard.fixFields'), 5);
      return;
    }
    message.error(error.message, 5);
  };
  const save = useMutation({ ...shipMutations.save, onError: onServerError });
  const ship = useMutation({
    ...shipMutations.ship,
    onSuccess: (r) => {
      message.success(t('wizard.shipped', { number: r.number }));
      void invalidateShipments(queryClient);
      navigate(shipmentDetailPath(r.id), { replace: true });
    },
    onError: onServerError,
  });

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[current], { recursive: true });
      go(current + 1);
    } catch {
      // The messages are under the fields.
    }
  };
  const onSave = async () => {
    try {
      await form.validateFields();
    } catch (error) {
      const fields = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      if (fields.length > 0) {
        go(Math.min(...fields.map((f) => stepOfField(f.name))));
        return;
      }
    }
    const v = form.getFieldsValue(true) as WizardValues;
    const body = bodyOf(v);
    save.mutate(
      { ...body, id: draftId ?? undefined },
      {
        onSuccess: (r) => {
          setDraftId(r.id);
          setSavedKey(JSON.stringify(body));
          message.success(t('wizard.saved', { number: r.number }));
          void invalidateShipments(queryClient);
          onDraftSaved(r.id);
        },
      },
    );
  };
  const onShip = () => {
    if (draftId === null) return;
    modal.confirm({
      title: t('wizard.shipConfirmTitle'),
      content: t('wizard.shipConfirm'),
      okText: t('wizard.ship'),
      cancelText: t('common.cancel'),
      onOk: () => ship.mutate({ id: draftId }),
    });
  };

  const stepTitles = [
    t('steps.destination'),
    t('steps.addresses'),
    t('steps.lines'),
    t('steps.transport'),
    t('steps.review'),
  ];

  return (
    <Card
      title={
        <Space wrap>
          <span>{isReturn ? t('wizard.returnTitle') : t('wizard.title')}</span>
          {check && <Typography.Text type="secondary">{check.number}</Typography.Text>}
        </Space>
      }
      styles={{ header: { flexWrap: 'wrap', paddingBlock: 8 } }}
    >
      <Steps
        size="small"
        current={current}
        items={stepTitles.map((title, i) => ({ title, disabled: i > reached }))}
        onChange={(step) => (step <= reached ? setCurrent(step) : undefined)}
        style={{ marginBottom: 24 }}
      />
      {isReturn && <Alert type="info" showIcon title={t('wizard.returnNotice')} style={{ marginBottom: 16 }} />}
      <Form<WizardValues> form={form} layout="vertical" initialValues={initial} scrollToFirstError>
        <div hidden={current !== STEP.DESTINATION}>
          <DestinationStep locked={isReturn} picked={picked} onPick={setPicked} />
        </div>
        <div hidden={current !== STEP.ADDRESSES}>
          <AddressStep picked={picked} />
        </div>
        <div hidden={current !== STEP.LINES}>
          <LinesStep
            source={source}
            groups={groups}
            stock={stockRows}
            draftLines={draftLines}
            missingCodes={missingCodes}
          />
        </div>
        <div hidden={current !== STEP.TRANSPORT}>
          <TransportStep source={source} draftLines={draftLines} />
        </div>
        {current === STEP.REVIEW && (
          <ReviewStep
            source={source}
            draftLines={draftLines}
            groups={groups}
            picked={picked}
            check={draftId !== null ? check : undefined}
            savedKey={savedKey}
          />
        )}
        <Flex justify="space-between" wrap gap={8} style={{ marginTop: 24 }}>
          <div>{current > 0 && <Button onClick={() => setCurrent(current - 1)}>{t('wizard.prev')}</Button>}</div>
          {current < STEP.REVIEW ? (
            <Button type="primary" onClick={() => void next()}>
              {t('wizard.next')}
            </Button>
          ) : (
            <ReviewActions
              savedKey={draftId !== null ? savedKey : null}
              shippable={!!check && !saved.isFetching && check.actions.includes('ship') && check.blockers.length === 0}
              saving={save.isPending}
              shipping={ship.isPending}
              onSave={() => void onSave()}
              onShip={onShip}
            />
          )}
        </Flex>
      </Form>
    </Card>
  );
}
