import { PlusOutlined } from '@ant-design/icons';
import { SHIPMENT_LINES_MAX, ShipmentStatus } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Result, Space, Steps, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RecordState } from '../../../../components/RecordState.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { ApiError } from '../../../../lib/http.ts';
import { positiveId } from '../../../../lib/record-id.ts';
import { useSession } from '../../../../lib/session.ts';
import { CertRequired, useCertified } from '../../../organization/public.ts';
import { DraftCheck } from '../../components/ship/DraftCheck.tsx';
import { LineEditor, specGroups } from '../../components/ship/LineEditor.tsx';
import { shipLabels } from '../../components/ship/labels.ts';
import { type LineSource, lineSourceOf, useLinesMeta } from '../../components/ship/line-source.ts';
import {
  AddressStep,
  DestinationStep,
  type PickedDestination,
  TransportStep,
} from '../../components/ship/WizardSteps.tsx';
import {
  bodyOf,
  fieldPath,
  formPathOf,
  STEP,
  STEP_FIELDS,
  stepOfField,
  valuesOf,
  type WizardValues,
} from '../../components/ship/wizard-values.ts';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { shipmentDetailPath } from '../../paths.ts';
import {
  invalidateShipments,
  type ShipmentDetail,
  type ShipmentLine,
  shipMutations,
  shipQueries,
} from '../../ship-api.ts';

/**
 * /productionManagement/sendProduct (?id= continues a draft): the shipment wizard (spec §2). ① destination, ② addresses,
 * ③ lines with their codes, ④ transport with a live carbon preview, ⑤ review: save the draft, read the server's check
 * of it (evidence on the ship date, blockers), then 确认发货. The server's field messages go back to the step holding
 * the field.
 */
export function SendProductPage() {
  const { t } = useTranslation(SHIP_NS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const raw = params.get('id');
  const id = positiveId(raw);
  const valid = raw === null || id !== null;
  // The draft the mounted wizard works on: its own save puts the new id into the address without starting over;
  // any other change of the address (the menu, another draft) starts a fresh wizard.
  const owned = useRef<number | null>(id);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (id !== owned.current) {
      owned.current = id;
      setGeneration((g) => g + 1);
    }
  }, [id]);
  // navigate(-1): a construction unit (returns only) has no 发货记录 to go back to.
  const back = <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>;
  const onDraftSaved = (saved: number) => {
    owned.current = saved;
    setParams({ id: String(saved) }, { replace: true });
  };
  if (!valid) return <Result status="404" title={t('common.badId')} extra={back} />;
  return <WizardLoader key={generation} id={owned.current} back={back} onDraftSaved={onDraftSaved} />;
}

/** A new shipment at once; a draft once the server has answered it (and only while it is still a draft). */
function WizardLoader({
  id,
  back,
  onDraftSaved,
}: {
  id: number | null;
  back: ReactNode;
  onDraftSaved: (id: number) => void;
}) {
  const { t } = useTranslation(SHIP_NS);
  const navigate = useNavigate();
  // Fixed for this wizard's life: saving a new draft puts its id into the address, and the wizard stays as it is.
  const [initialId] = useState(id);
  const detail = useQuery({ ...shipQueries.detail(initialId ?? 0), enabled: initialId !== null });
  // An uncertified organisation ships nothing but returns (docs/decisions.md): the banner's words, not a wizard
  // whose first call would be refused.
  const certified = useCertified();
  if (initialId === null) return certified ? <ShipmentWizard onDraftSaved={onDraftSaved} /> : <CertRequired />;
  return (
    <RecordState query={detail} back={back} notFoundTitle={t('common.notFound')}>
      {(d) =>
        !certified && d.status === ShipmentStatus.DRAFT && d.returnOfReceiptId === null ? (
          <CertRequired />
        ) : d.actions.includes('edit') ? (
          <ShipmentWizard draft={d} onDraftSaved={onDraftSaved} />
        ) : (
          <Result
            status="info"
            title={t('wizard.notDraft', { number: d.number })}
            extra={
              <Button type="primary" onClick={() => navigate(shipmentDetailPath(d.id))}>
                {t('wizard.openDetail')}
              </Button>
            }
          />
        )
      }
    </RecordState>
  );
}

const keyOfValues = (v: WizardValues | undefined) => (v ? JSON.stringify(bodyOf(v)) : '');

function ShipmentWizard({ draft, onDraftSaved }: { draft?: ShipmentDetail; onDraftSaved: (id: number) => void }) {
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
          {missingCodes.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('lines.codesNotLoaded', { lines: missingCodes.map((l) => l.lineNo).join('、') })}
            />
          )}
          <Form.List name="lines">
            {(fields, { add, remove }, { errors }) => (
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                {fields.map((field, index) => (
                  <LineEditor
                    key={field.key}
                    name={field.name}
                    index={index}
                    source={source}
                    groups={groups}
                    stock={stockRows}
                    draft={draftLines}
                    onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
                  />
                ))}
                <Form.ErrorList errors={errors} />
                {source !== 'locked' && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    block
                    disabled={fields.length >= SHIPMENT_LINES_MAX}
                    onClick={() => add({ codes: [] })}
                  >
                    {t('lines.add')}
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
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

/** Whether the form still says what the saved draft says (shipping ships the saved draft, not the form). */
function useUpToDate(savedKey: string | null) {
  const form = Form.useFormInstance<WizardValues>();
  const values = Form.useWatch((v: WizardValues) => v, form) as WizardValues | undefined;
  return savedKey !== null && values !== undefined && savedKey === keyOfValues(values);
}

function ReviewActions({
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
function ReviewStep({
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
