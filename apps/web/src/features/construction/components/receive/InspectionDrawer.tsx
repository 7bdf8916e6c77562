import { CheckCircleFilled, CloseCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  type InspectionVerdictValue,
  inspectionDecideBody,
  inspectionDisposeBody,
  inspectionVerdictValues,
  visualResultValues,
} from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  Modal,
  Radio,
  Result,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FileField, type UploadedFile } from '../../../../components/FileField.tsx';
import { ItemList } from '../../../../components/ItemList.tsx';
import { ReasonModal } from '../../../../components/ReasonModal.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { ApiError } from '../../../../lib/http.ts';
import { openFetched } from '../../../../lib/open-blob.ts';
import { isNotFound } from '../../../../lib/record-id.ts';
import { maxLengthOf, zodRule } from '../../../../lib/zod-rules.ts';
import { ReadingSummary } from '../../../evidence-reading/public.ts';
import {
  type InspectionCheck,
  type InspectionDecideInput,
  type InspectionDetail,
  invalidateReceiving,
  receiveMutations,
  receiveQueries,
  siteFiles,
} from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';
import { InspectionStateTag, useSiteLabels } from './site-labels.tsx';

const PHOTOS_MAX = 20;
const PHOTO_TYPES = { extensions: ['jpg', 'jpeg', 'png', 'webp', 'heic'] };
const DOC_TYPES = { extensions: ['pdf', 'jpg', 'jpeg', 'png', 'webp', 'heic'] };
const checkShape = inspectionDecideBody.shape.checks.element.shape;
/** The checklist documents the platform reads and checks (docs/evidence-reading.md, subject `inspection`). */
const READ_KINDS: readonly InspectionCheck['kind'][] = ['conformity', 'factory_test', 'type_test', 'green', 'ccc'];

/** The tag of a checklist file as read (its findings; a click opens the document beside them), for a read kind. */
function CheckReading({ inspectionId, check }: { inspectionId: number; check: InspectionCheck }) {
  if (!check.uploadId || !READ_KINDS.includes(check.kind)) return null;
  return <ReadingSummary subject="inspection" id={inspectionId} uploadId={check.uploadId} />;
}

/**
 * One delivered lot's inspection (进场验收), in a drawer of the delivery's page (`?inspection=` opens it): the two
 * gates in a storekeeper's words, the document checklist its category requires with what the platform found itself,
 * and by the caller's part — the contractor's inspector fills in the checklist, the goods' check and a verdict
 * (`inspectionDecide`); the supervising engineer approves or sends it back (`inspectionConfirm`); rejected goods are
 * returned or destroyed (`inspectionDispose`). Samples taken for the retest are listed.
 */
export function InspectionDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const inspection = useQuery({ ...receiveQueries.inspection(id ?? 0), enabled: id !== null });
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={inspection.data ? t('inspection.title', { number: inspection.data.number }) : t('inspection.titleBare')}
      size={wide ? 820 : '100%'}
      destroyOnHidden
    >
      {inspection.isError ? (
        <Result
          status={isNotFound(inspection.error) ? '404' : 'warning'}
          title={isNotFound(inspection.error) ? t('inspection.notFound') : inspection.error.message}
        />
      ) : inspection.data ? (
        <InspectionView key={`${inspection.data.id}:${inspection.data.state}`} inspection={inspection.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Drawer>
  );
}

function InspectionView({ inspection: i }: { inspection: InspectionDetail }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  const wide = Grid.useBreakpoint().md ?? true;
  const where = [i.building, i.floor, i.part].filter(Boolean).join(' · ');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" column={wide ? 2 : 1} bordered={wide}>
        <Descriptions.Item label={t('inspection.material')}>
          {i.materialName} · {i.specName}
          {i.isGreen && (
            <Tag color="green" style={{ marginInlineStart: 8 }}>
              {t('inspection.green')}
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('inspection.state')}>
          <InspectionStateTag state={i.state} />
        </Descriptions.Item>
        <Descriptions.Item label={t('inspection.batch')}>{i.batchNo}</Descriptions.Item>
        <Descriptions.Item label={t('inspection.quantity')}>
          {formatQuantity(i.quantity)} {i.unitName}
        </Descriptions.Item>
        {i.codeCount > 0 && (
          <Descriptions.Item label={t('inspection.codes')}>
            {t('inspection.codeCount', { count: i.codeCount })}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('inspection.supplier')}>{i.supplierName}</Descriptions.Item>
        <Descriptions.Item label={t('inspection.maker')}>{i.makerName ?? t('site.none')}</Descriptions.Item>
        <Descriptions.Item label={t('inspection.arrivedOn')}>{i.arrivedOn}</Descriptions.Item>
        <Descriptions.Item label={t('inspection.where')}>
          {[where, i.storageLocation && t('inspection.storedAt', { place: i.storageLocation })]
            .filter(Boolean)
            .join('；') || t('site.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('inspection.category')} span={wide ? 2 : 1}>
          <div>
            {i.rule.categoryName ?? t('inspection.noCategory')}
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('inspection.basis', { basis: i.rule.basis, edition: i.rule.edition })}
            </Typography.Text>
          </div>
        </Descriptions.Item>
      </Descriptions>
      <Gates inspection={i} />
      {i.actions.includes('submit') ? <DecideForm inspection={i} /> : <DecisionView inspection={i} />}
      {i.actions.includes('confirm') && <ConfirmBar inspection={i} />}
      {i.actions.includes('dispose') && <DisposeBar inspection={i} />}
      <Card size="small" title={t('inspection.samples.title')}>
        <ItemList
          size="small"
          items={i.samples}
          rowKey={(s) => s.id}
          emptyText={i.rule.retestRequired ? t('inspection.samples.noneYet') : t('inspection.samples.none')}
          renderItem={(s) => (
            <Flex justify="space-between" wrap gap={8}>
              <span>{s.sampleNo}</span>
              <Space size={4}>
                <Tag>{labels.sampleState(s.state)}</Tag>
                {s.result && <Tag color={s.result === 'pass' ? 'green' : 'red'}>{labels.testResult(s.result)}</Tag>}
              </Space>
            </Flex>
          )}
        />
      </Card>
    </Space>
  );
}

/** 无合格证不得进场；须复试的材料复试合格前不得使用 — said for this lot, in the storekeeper's words. */
function Gates({ inspection: i }: { inspection: InspectionDetail }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  const required = i.checks.filter((c) => c.required).map((c) => labels.document(c.kind));
  return (
    <Alert
      type={i.rule.retestRequired ? 'warning' : 'info'}
      showIcon
      icon={<SafetyCertificateOutlined />}
      title={t('inspection.gates.title')}
      description={
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          <li>{t('inspection.gates.papers', { list: required.join('、') || t('site.none') })}</li>
          <li>
            {i.rule.retestRequired
              ? t('inspection.gates.retest', {
                  items: i.rule.testItems.join('、') || t('inspection.gates.itemsUnnamed'),
                })
              : t('inspection.gates.noRetest')}
          </li>
        </ol>
      }
    />
  );
}

/** What the platform found of one document: found and valid (green), found but not valid that day, or nothing. */
function PlatformFinding({ check }: { check: InspectionCheck }) {
  const p = check.platform;
  if (!p) return null;
  const good = p.found && p.validOnDelivery;
  return (
    <Typography.Text type={good ? 'success' : p.found ? 'danger' : 'warning'} style={{ fontSize: 12 }}>
      {good ? <CheckCircleFilled /> : <CloseCircleFilled />} {p.text}
    </Typography.Text>
  );
}

interface CheckValues {
  present: boolean;
  file?: UploadedFile;
  remark?: string;
}
interface DecideValues {
  checks: CheckValues[];
  visualResult?: (typeof visualResultValues)[number];
  verdict?: InspectionVerdictValue;
  reason?: string;
  photos?: UploadedFile[];
}

/** The inspector's checklist, the goods' check and the verdict, submitted to the supervisor (材料进场报验). */
function DecideForm({ inspection: i }: { inspection: InspectionDetail }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DecideValues>();
  const checks = (Form.useWatch('checks', form) as CheckValues[] | undefined) ?? [];
  const visual = Form.useWatch('visualResult', form) as DecideValues['visualResult'];
  const verdict = Form.useWatch('verdict', form) as DecideValues['verdict'];
  const missing = i.checks.filter((c, k) => c.required && !(checks[k]?.present ?? c.present));
  const allowed = (v: InspectionVerdictValue) => {
    if (missing.length > 0) return v === 'fail';
    if (i.retestRequired && (v === 'pass' || v === 'concession')) return false;
    return !(visual === 'defect' && v === 'pass');
  };
  const needsReason = verdict === 'fail' || verdict === 'concession';

  const decide = useMutation({
    ...receiveMutations.decide,
    onSuccess: async () => {
      await invalidateReceiving(queryClient);
      message.success(t('inspection.decide.done'));
    },
    onError: (error) => {
      const mapped = applyFieldErrors(form, error, {
        mapPath: (path) => {
          if (path[0] === 'checks' && path[2] === 'uploadId') return ['checks', path[1] as number, 'file'];
          if (path[0] === 'photoUploadIds') return ['photos'];
          return path;
        },
      });
      message.error(mapped ? t('receive.form.fixFields') : error.message, 5);
    },
  });

  // The kinds are the checklist's, in its order (the form holds no field for them).
  const checksOf = (values: CheckValues[]) =>
    values.map((c, k) => ({
      kind: (i.checks[k] as InspectionCheck).kind,
      present: c.present,
      uploadId: c.file?.id,
      remark: c.remark?.trim() || undefined,
    }));

  // A scan attached or removed is saved at once (the verdict aside), so the platform reads it and its findings show
  // beside the file before the inspector decides (docs/evidence-reading.md, subject inspection).
  const saveChecks = useMutation({
    ...receiveMutations.checks,
    onSuccess: async () => {
      await invalidateReceiving(queryClient);
      message.info(t('inspection.decide.checksSaved'));
    },
    onError: (error) => message.error(t('inspection.decide.checksFailed', { reason: error.message }), 5),
  });
  const onValuesChange = (changed: Partial<DecideValues>) => {
    const files = Array.isArray(changed.checks) && changed.checks.some((c) => c !== undefined && 'file' in c);
    if (files) saveChecks.mutate({ id: i.id, checks: checksOf(form.getFieldValue('checks') as CheckValues[]) });
  };

  const submit = (v: DecideValues) => {
    const body: InspectionDecideInput = {
      id: i.id,
      checks: checksOf(v.checks),
      visualResult: v.visualResult as NonNullable<DecideValues['visualResult']>,
      verdict: v.verdict as InspectionVerdictValue,
      reason: v.reason?.trim() || undefined,
      photoUploadIds: (v.photos ?? []).map((p) => p.id),
    };
    decide.mutate(body);
  };

  const fileText = {
    button: t('inspection.decide.addFile'),
    wrongType: t('papers.wrongType'),
    tooLarge: t('papers.tooLarge'),
    failed: (reason: string) => t('papers.failed', { reason }),
  };
  const open = (f: UploadedFile) => void openFetched(() => siteFiles.open(f.id), f.name);

  return (
    <Card size="small" title={t('inspection.decide.title')}>
      <Form<DecideValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={onValuesChange}
        scrollToFirstError
        initialValues={{
          checks: i.checks.map((c) => ({
            present: c.present,
            file: c.uploadId ? { id: c.uploadId, name: c.uploadName ?? '' } : undefined,
            remark: c.remark ?? undefined,
          })),
        }}
      >
        <Typography.Paragraph strong>{t('inspection.decide.checklist')}</Typography.Paragraph>
        <Form.List name="checks">
          {(fields) => (
            <Space orientation="vertical" size={8} style={{ width: '100%', marginBottom: 16 }}>
              {fields.map((field, k) => {
                const c = i.checks[k] as InspectionCheck;
                const name = labels.document(c.kind);
                return (
                  <Card key={field.key} size="small" type="inner">
                    <Flex justify="space-between" align="flex-start" gap={8} wrap>
                      <Space orientation="vertical" size={0} style={{ minWidth: 0, flex: 1 }}>
                        <span>
                          {name}{' '}
                          {c.required ? (
                            <Tag color="red">{t('inspection.decide.required')}</Tag>
                          ) : (
                            <Tag>{t('inspection.decide.optional')}</Tag>
                          )}
                        </span>
                        <PlatformFinding check={c} />
                      </Space>
                      <Form.Item
                        name={[field.name, 'present']}
                        valuePropName="checked"
                        noStyle
                        rules={[zodRule(checkShape.present)]}
                      >
                        <Switch
                          aria-label={t('inspection.decide.presentAria', { name })}
                          checkedChildren={t('inspection.decide.present')}
                          unCheckedChildren={t('inspection.decide.absent')}
                        />
                      </Form.Item>
                    </Flex>
                    <Flex gap={8} wrap style={{ marginTop: 8 }}>
                      <Form.Item name={[field.name, 'file']} style={{ marginBottom: 0 }}>
                        <FileField types={DOC_TYPES} upload={siteFiles.upload} open={open} text={fileText} />
                      </Form.Item>
                      {/* The file the checklist holds (sent back, say) is read: what it says, while it is still the one attached. */}
                      {checks[k]?.file?.id === c.uploadId && <CheckReading inspectionId={i.id} check={c} />}
                      <Form.Item
                        name={[field.name, 'remark']}
                        rules={[zodRule(checkShape.remark)]}
                        style={{ marginBottom: 0, flex: 1, minWidth: 180 }}
                      >
                        <TextInput
                          maxLength={maxLengthOf(checkShape.remark)}
                          placeholder={t('inspection.decide.remark')}
                          aria-label={t('inspection.decide.remarkAria', { name })}
                        />
                      </Form.Item>
                    </Flex>
                  </Card>
                );
              })}
            </Space>
          )}
        </Form.List>
        <Form.Item
          name="visualResult"
          label={t('inspection.decide.visual')}
          rules={[zodRule(inspectionDecideBody.shape.visualResult)]}
        >
          <Radio.Group
            options={visualResultValues.map((v) => ({ value: v, label: labels.visual(v) }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
        </Form.Item>
        {missing.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('inspection.decide.missing', { list: missing.map((c) => labels.document(c.kind)).join('、') })}
          />
        )}
        {missing.length === 0 && i.retestRequired && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('inspection.decide.retestOnly')} />
        )}
        <Form.Item
          name="verdict"
          label={t('inspection.decide.verdict')}
          dependencies={['checks', 'visualResult']}
          rules={[
            zodRule(inspectionDecideBody.shape.verdict),
            {
              validator: (_, v: InspectionVerdictValue | undefined) =>
                v && !allowed(v) ? Promise.reject(new Error(t('inspection.decide.notAllowed'))) : Promise.resolve(),
            },
          ]}
        >
          <Radio.Group
            options={inspectionVerdictValues.map((v) => ({
              value: v,
              label: labels.verdict(v),
              disabled: !allowed(v),
            }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('inspection.decide.reason')}
          dependencies={['verdict']}
          required={needsReason}
          rules={[
            zodRule(inspectionDecideBody.shape.reason),
            ({ getFieldValue }) => ({
              validator: (_, v: string | undefined) => {
                const value = getFieldValue('verdict') as DecideValues['verdict'];
                return (value === 'fail' || value === 'concession') && (v?.trim().length ?? 0) < 2
                  ? Promise.reject(new Error(t('inspection.decide.reasonRequired')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <Input.TextArea
            rows={2}
            maxLength={maxLengthOf(inspectionDecideBody.shape.reason)}
            showCount
            placeholder={needsReason ? t('inspection.decide.reasonPlaceholder') : undefined}
          />
        </Form.Item>
        <Form.Item name="photos" label={t('inspection.decide.photos')}>
          <FileField
            multiple
            maxCount={PHOTOS_MAX}
            types={PHOTO_TYPES}
            upload={siteFiles.upload}
            open={open}
            text={{
              button: t('receive.form.addPhotos'),
              wrongType: t('papers.photoType'),
              tooLarge: t('papers.tooLarge'),
              tooMany: t('papers.tooMany', { max: PHOTOS_MAX }),
              failed: (reason) => t('papers.failed', { reason }),
            }}
          />
        </Form.Item>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={decide.isPending}>
            {t('inspection.decide.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** The checklist and verdict as submitted (read only), with who gave it and who confirmed it. */
function DecisionView({ inspection: i }: { inspection: InspectionDetail }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  // Every reader of the site opens the lot's files through its delivery.
  const open = (uploadId: number, name: string) =>
    void openFetched(() => siteFiles.ofDelivery(i.deliveryId, uploadId), name);
  const file = (uploadId: number | null, name: string | null): ReactNode =>
    uploadId ? (
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(uploadId, name ?? '')}>
        {name || t('inspection.file')}
      </Button>
    ) : null;
  return (
    <Card size="small" title={t('inspection.decision.title')}>
      <ItemList
        size="small"
        items={i.checks}
        rowKey={(c) => c.kind}
        renderItem={(c) => (
          <Space orientation="vertical" size={0}>
            <span>
              {labels.document(c.kind)} {c.required && <Tag color="red">{t('inspection.decide.required')}</Tag>}
              {c.present ? (
                <Tag color="green">{t('inspection.decide.present')}</Tag>
              ) : (
                <Tag color="orange">{t('inspection.decide.absent')}</Tag>
              )}
              {file(c.uploadId, c.uploadName)} <CheckReading inspectionId={i.id} check={c} />
            </span>
            <PlatformFinding check={c} />
            {c.remark && <Typography.Text type="secondary">{c.remark}</Typography.Text>}
          </Space>
        )}
      />
      {i.verdict ? (
        <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('inspection.decide.visual')}>
            {i.visualResult ? labels.visual(i.visualResult) : t('site.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('inspection.decide.verdict')}>{labels.verdict(i.verdict)}</Descriptions.Item>
          {i.reason && <Descriptions.Item label={t('inspection.decide.reason')}>{i.reason}</Descriptions.Item>}
          <Descriptions.Item label={t('inspection.decision.inspector')}>
            {i.inspectorName ?? t('site.none')} {i.decidedAt}
          </Descriptions.Item>
          <Descriptions.Item label={t('inspection.decision.supervisor')}>
            {i.supervisorConfirmedAt
              ? `${i.supervisorName ?? ''} ${i.supervisorConfirmedAt}`
              : t('inspection.decision.notConfirmed')}
          </Descriptions.Item>
          {i.photos.length > 0 && (
            <Descriptions.Item label={t('inspection.decide.photos')}>
              <Space wrap size={4}>
                {i.photos.map((p) => (
                  <span key={p.uploadId}>{file(p.uploadId, p.name)}</span>
                ))}
              </Space>
            </Descriptions.Item>
          )}
        </Descriptions>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {i.reason && i.state === 'pending'
            ? t('inspection.decision.sentBack', { reason: i.reason })
            : t('inspection.decision.none')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** The supervising engineer: approve the contractor's verdict (the stock moves), or send it back with a reason. */
function ConfirmBar({ inspection: i }: { inspection: InspectionDetail }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [sendingBack, setSendingBack] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const confirm = useMutation({
    ...receiveMutations.confirm,
    onSuccess: async (_, input) => {
      await invalidateReceiving(queryClient);
      setSendingBack(false);
      message.success(input.approve ? t('inspection.confirm.approved') : t('inspection.confirm.sentBack'));
    },
    onError: (error) => {
      const reason = error instanceof ApiError ? error.fieldErrors.reason : undefined;
      if (reason) setServerError(reason);
      else message.error(error.message, 5);
    },
  });
  const verdict = i.verdict ? labels.verdict(i.verdict) : t('site.none');
  const reasonSchema = z
    .string({ error: t('inspection.confirm.reasonRequired') })
    .trim()
    .min(2, t('inspection.confirm.reasonRequired'))
    .max(200, t('inspection.confirm.reasonTooLong'));
  return (
    <Card size="small" title={t('inspection.confirm.title')}>
      <Typography.Paragraph>{t('inspection.confirm.what', { verdict })}</Typography.Paragraph>
      <Flex gap={8} wrap justify="flex-end">
        <Button
          danger
          onClick={() => {
            setServerError(null);
            setSendingBack(true);
          }}
        >
          {t('inspection.confirm.sendBack')}
        </Button>
        <Button
          type="primary"
          loading={confirm.isPending && confirm.variables?.approve === true}
          onClick={() =>
            modal.confirm({
              title: t('inspection.confirm.approveTitle'),
              content: t(`inspection.confirm.effect.${i.verdict ?? 'pass'}`),
              okText: t('inspection.confirm.approve'),
              cancelText: t('site.cancel'),
              onOk: () => confirm.mutateAsync({ id: i.id, approve: true }).catch(() => {}),
            })
          }
        >
          {t('inspection.confirm.approve')}
        </Button>
      </Flex>
      <ReasonModal
        open={sendingBack}
        text={{
          title: t('inspection.confirm.sendBackTitle'),
          okText: t('inspection.confirm.sendBack'),
          cancelText: t('site.cancel'),
          label: t('inspection.confirm.reason'),
          placeholder: t('inspection.confirm.reasonPlaceholder'),
          hint: t('inspection.confirm.sendBackHint'),
        }}
        schema={reasonSchema}
        submitting={confirm.isPending}
        serverError={serverError}
        onSubmit={(reason) => confirm.mutate({ id: i.id, approve: false, reason })}
        onCancel={() => setSendingBack(false)}
      />
    </Card>
  );
}

/** Rejected goods leave the site: 退场 (back to the supplier) or 销毁 (destroyed on site), with a remark. */
function DisposeBar({ inspection: i }: { inspection: InspectionDetail }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [disposal, setDisposal] = useState<'returned' | 'destroyed' | null>(null);
  const [form] = Form.useForm<{ remark?: string }>();
  const dispose = useMutation({
    ...receiveMutations.dispose,
    onSuccess: async ({ returnShipment }) => {
      await invalidateReceiving(queryClient);
      setDisposal(null);
      message.success(
        returnShipment
          ? t('inspection.dispose.returnShipped', { number: returnShipment.number })
          : t('inspection.dispose.done'),
      );
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error)) message.error(error.message, 5);
    },
  });
  return (
    <Card size="small" title={t('inspection.dispose.title')}>
      <Typography.Paragraph>
        {t('inspection.dispose.what', { quantity: formatQuantity(i.quantity), unit: i.unitName })}
      </Typography.Paragraph>
      <Flex gap={8} wrap justify="flex-end">
        <Button onClick={() => setDisposal('destroyed')}>{t('inspection.dispose.destroy')}</Button>
        <Button type="primary" onClick={() => setDisposal('returned')}>
          {t('inspection.dispose.return')}
        </Button>
      </Flex>
      <Modal
        open={disposal !== null}
        title={disposal === 'destroyed' ? t('inspection.dispose.destroyTitle') : t('inspection.dispose.returnTitle')}
        okText={disposal === 'destroyed' ? t('inspection.dispose.destroy') : t('inspection.dispose.return')}
        cancelText={t('site.cancel')}
        confirmLoading={dispose.isPending}
        onOk={() => form.submit()}
        onCancel={() => setDisposal(null)}
        forceRender
      >
        {disposal === 'returned' && (
          <Typography.Paragraph type="secondary">{t('inspection.dispose.returnHint')}</Typography.Paragraph>
        )}
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => disposal && dispose.mutate({ id: i.id, disposal, remark: v.remark?.trim() || undefined })}
        >
          <Form.Item
            name="remark"
            label={t('inspection.dispose.remark')}
            rules={[zodRule(inspectionDisposeBody.shape.remark)]}
          >
            <Input.TextArea rows={3} maxLength={maxLengthOf(inspectionDisposeBody.shape.remark)} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
