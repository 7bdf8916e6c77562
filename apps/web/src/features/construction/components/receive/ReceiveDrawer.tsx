import { deliveryReceiveBody } from '@jcbb/contract';
import { formatQuantity, fromMilli, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  Progress,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField, type UploadedFile } from '../../../../components/FileField.tsx';
import { NumericInput } from '../../../../components/NumericInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { openFetched } from '../../../../lib/open-blob.ts';
import { isNotFound } from '../../../../lib/record-id.ts';
import { rulesFrom } from '../../../../lib/zod-rules.ts';
import {
  type DeliveryReceiveInput,
  invalidateReceiving,
  receiveMutations,
  receiveQueries,
  siteFiles,
  type TrackLine,
  type TrackShipment,
} from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';
import { CodeScanPanel, type ScanOutcome } from './CodeScanPanel.tsx';
import { PaperFields, type PaperValues, paperBody, paperFieldPath } from './PaperFields.tsx';
import { SiteLineFields } from './SiteLineFields.tsx';
import { useSiteLabels } from './site-labels.tsx';

/** One line of the form, in the order of the lines still on their way (`open`). */
interface LineValues {
  received?: string;
  rejected?: string;
  rejectReason?: string;
  receivedCodes?: string[];
  rejectedCodes?: string[];
  building?: string;
  floor?: string;
  part?: string;
  storageLocation?: string;
}
interface ReceiveValues extends PaperValues {
  arrivedOn: string;
  photos?: UploadedFile[];
  lines: LineValues[];
}

const PHOTOS_MAX = 20;
const PHOTO_TYPES = { extensions: ['jpg', 'jpeg', 'png', 'webp', 'heic'] };
const lineShape = deliveryReceiveBody.shape.lines.element.shape;

/**
 * What the scanned codes of a line stand for, when the line's codes are all of one size (its quantity divided by its
 * codes, in whole thousandths); null when they cannot be (the inspector types the quantity, the server checks it).
 */
function perCode(line: TrackLine): number | null {
  if (line.codeCount === 0) return null;
  const milli = toMilli(line.quantity);
  return milli % line.codeCount === 0 ? milli / line.codeCount : null;
}

/**
 * 收货 (a platform shipment received at the site): the shipment's lines still on their way with what arrived and what
 * was turned away at the gate (with its reason), the codes — scanned one after another with the phone's camera, each
 * scan ticking its line, or typed —, where each lot will be used and stored, and the delivery's papers. Calls
 * `deliveryReceive`; the goods enter the project's quarantined stock, one inspection per lot.
 */
export function ReceiveDrawer({
  shipmentId,
  projectId,
  open,
  onClose,
  onDone,
}: {
  shipmentId: number | null;
  projectId: number;
  open: boolean;
  onClose: () => void;
  onDone: (delivery: { id: number; number: string }) => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const shipment = useQuery({ ...receiveQueries.shipment(shipmentId ?? 0), enabled: open && shipmentId !== null });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={shipment.data ? t('receive.form.title', { number: shipment.data.number }) : t('receive.form.titleBare')}
      size={wide ? 820 : '100%'}
      destroyOnHidden
    >
      {shipment.isError ? (
        <Result
          status={isNotFound(shipment.error) ? '404' : 'warning'}
          title={isNotFound(shipment.error) ? t('receive.form.notFound') : shipment.error.message}
        />
      ) : shipment.data ? (
        <ReceiveForm shipment={shipment.data} projectId={projectId} onDone={onDone} onCancel={onClose} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}

function ReceiveForm({
  shipment,
  projectId,
  onDone,
  onCancel,
}: {
  shipment: TrackShipment;
  projectId: number;
  onDone: (delivery: { id: number; number: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReceiveValues>();
  const open = shipment.lines.filter((l) => l.progress.outstanding > 0);
  const today = shanghaiToday();
  const coded = open.some((l) => l.codeCount > 0);
  // The body carries only the lines received now: the server's `lines.N` counts in the body, the form in `open`.
  const bodyToForm = useRef<number[]>([]);

  const receive = useMutation({
    ...receiveMutations.receive,
    onSuccess: async (d) => {
      await invalidateReceiving(queryClient);
      message.success(t('receive.form.done', { number: d.number }));
      onDone(d);
    },
    onError: (error) => {
      const mapped = applyFieldErrors(form, error, {
        mapPath: (path) => {
          if (path[0] === 'lines' && typeof path[1] === 'number') {
            return ['lines', bodyToForm.current[path[1]] ?? path[1], ...path.slice(2, 3)];
          }
          if (path[0] === 'photoUploadIds') return ['photos'];
          return paperFieldPath(path);
        },
      });
      message.error(mapped ? t('receive.form.fixFields') : error.message, 5);
    },
  });

  /** A scanned or typed code: ticked on its line (with the line's quantity when the codes say it), or refused. */
  const tick = (code: string): ScanOutcome => {
    const index = open.findIndex((l) => l.codes.includes(code));
    const line = open[index];
    if (!line) return { kind: 'stranger', code };
    const name = `${line.lineNo}. ${line.productName}`;
    const codes = (form.getFieldValue(['lines', index, 'receivedCodes']) as string[] | undefined) ?? [];
    if (codes.includes(code)) return { kind: 'again', code, line: name };
    const next = [...codes, code];
    form.setFieldValue(['lines', index, 'receivedCodes'], next);
    const each = perCode(line);
    if (each !== null) {
      const received = Math.min(each * next.length, toMilli(line.progress.outstanding));
      form.setFieldValue(['lines', index, 'received'], String(fromMilli(received)));
    }
    return { kind: 'ticked', code, line: name, count: next.length, of: line.codes.length };
  };

  const submit = (v: ReceiveValues) => {
    const chosen = v.lines.map((l, index) => ({ l, index })).filter(({ l }) => toMilli(l.received) > 0);
    if (chosen.length === 0) {
      message.error(t('receive.form.nothing'));
      return;
    }
    bodyToForm.current = chosen.map((c) => c.index);
    const body: DeliveryReceiveInput = {
      projectId,
      shipmentId: shipment.id,
      arrivedOn: v.arrivedOn,
      ...paperBody(v),
      photoUploadIds: (v.photos ?? []).map((p) => p.id),
      lines: chosen.map(({ l, index }) => {
        const line = open[index] as TrackLine;
        const rejected = toMilli(l.rejected);
        const codes = l.receivedCodes ?? [];
        const text = (s: string | undefined) => s?.trim() || undefined;
        return {
          shipmentLineId: line.id,
          received: fromMilli(toMilli(l.received)),
          rejected: rejected > 0 ? fromMilli(rejected) : undefined,
          rejectReason: rejected > 0 ? l.rejectReason : undefined,
          // No codes scanned = every code still on its way arrived (a full receipt of the line).
          receivedCodes: line.codeCount > 0 && codes.length > 0 ? codes : undefined,
          rejectedCodes: l.rejectedCodes ?? [],
          building: text(l.building),
          floor: text(l.floor),
          part: text(l.part),
          storageLocation: text(l.storageLocation),
        };
      }),
    };
    receive.mutate(body);
  };

  if (open.length === 0) {
    return <Result status="info" title={t('receive.form.nothingOpen')} />;
  }
  return (
    <Form<ReceiveValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      scrollToFirstError
      initialValues={{
        arrivedOn: today < shipment.shipDate ? shipment.shipDate : today,
        lines: open.map((l) => ({
          received: String(l.progress.outstanding),
          rejected: '0',
          receivedCodes: [],
          rejectedCodes: [],
        })),
      }}
    >
      <Typography.Paragraph type="secondary">
        {t('receive.form.intro', { from: shipment.from.name, date: shipment.shipDate })}
      </Typography.Paragraph>
      <Form.Item
        name="arrivedOn"
        label={t('receive.form.arrivedOn')}
        rules={[
          ...rulesFrom(deliveryReceiveBody, 'arrivedOn'),
          {
            validator: (_, v: string | undefined) => {
              if (v && v < shipment.shipDate) {
                return Promise.reject(new Error(t('receive.form.beforeShip', { date: shipment.shipDate })));
              }
              if (v && v > today) return Promise.reject(new Error(t('receive.form.future')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input type="date" aria-label={t('receive.form.arrivedOn')} max={today} style={{ maxWidth: 240 }} />
      </Form.Item>
      {coded && <CodeScanPanel onCode={tick} />}
      <Form.List name="lines">
        {(fields) => (
          <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 16 }}>
            {fields.map((field, index) => (
              <ReceiveLine key={field.key} name={field.name} line={open[index] as TrackLine} />
            ))}
          </Space>
        )}
      </Form.List>
      <PaperFields />
      <Form.Item name="photos" label={t('receive.form.photos')} extra={t('receive.form.photosHelp')}>
        <FileField
          multiple
          maxCount={PHOTOS_MAX}
          types={PHOTO_TYPES}
          upload={siteFiles.upload}
          open={(f) => void openFetched(() => siteFiles.open(f.id), f.name)}
          text={{
            button: t('receive.form.addPhotos'),
            wrongType: t('papers.photoType'),
            tooLarge: t('papers.tooLarge'),
            tooMany: t('papers.tooMany', { max: PHOTOS_MAX }),
            failed: (reason) => t('papers.failed', { reason }),
          }}
        />
      </Form.Item>
      <Alert type="info" showIcon title={t('receive.form.quarantine')} style={{ marginBottom: 16 }} />
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onCancel}>{t('site.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={receive.isPending}>
          {t('receive.form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

function ReceiveLine({ name, line }: { name: number; line: TrackLine }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  const form = Form.useFormInstance<ReceiveValues>();
  const received = Form.useWatch(['lines', name, 'received'], form) as string | undefined;
  const rejected = Form.useWatch(['lines', name, 'rejected'], form) as string | undefined;
  const scanned = (Form.useWatch(['lines', name, 'receivedCodes'], form) as string[] | undefined) ?? [];
  const unit = line.unitName;
  const outstanding = line.progress.outstanding;
  const accepted = fromMilli(Math.max(0, toMilli(received) - toMilli(rejected)));
  const coded = line.codeCount > 0;
  const rejecting = toMilli(rejected) > 0;

  return (
    <Card
      size="small"
      title={
        <span style={{ whiteSpace: 'normal' }}>
          {line.lineNo}. {line.productName} · {line.specName}
        </span>
      }
      extra={line.evidence.kind !== 'none' && <Tag color="green">{t('receive.form.green')}</Tag>}
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('receive.form.lineFacts', {
          batch: line.batchNo,
          shipped: formatQuantity(line.quantity),
          outstanding: formatQuantity(outstanding),
          unit,
        })}
      </Typography.Paragraph>
      {coded && (
        <section style={{ marginBottom: 12 }} aria-label={t('receive.form.codesAria', { n: line.lineNo })}>
          <Flex justify="space-between" wrap gap={8}>
            <Typography.Text>
              {t('receive.form.scanned', { count: scanned.length, of: line.codes.length })}
            </Typography.Text>
            {scanned.length > 0 && (
              <Button
                size="small"
                type="link"
                danger
                onClick={() => form.setFieldValue(['lines', name, 'receivedCodes'], [])}
              >
                {t('receive.form.clearCodes')}
              </Button>
            )}
          </Flex>
          <Progress
            percent={Math.round((scanned.length / Math.max(1, line.codes.length)) * 100)}
            size="small"
            showInfo={false}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {scanned.length === 0 ? t('receive.form.noScanHelp') : t('receive.form.scanHelp')}
          </Typography.Text>
          <Form.Item name={[name, 'receivedCodes']} hidden>
            <Select mode="multiple" />
          </Form.Item>
        </section>
      )}
      <Row gutter={12}>
        <Col xs={12} md={8}>
          <Form.Item
            name={[name, 'received']}
            label={t('receive.form.received')}
            rules={[
              { required: true, message: t('receive.form.receivedRequired') },
              {
                validator: (_, v: string | undefined) =>
                  toMilli(v) > toMilli(outstanding)
                    ? Promise.reject(
                        new Error(
                          t('receive.form.overOutstanding', { outstanding: formatQuantity(outstanding), unit }),
                        ),
                      )
                    : Promise.resolve(),
              },
            ]}
          >
            <NumericInput
              aria-label={t('receive.form.receivedAria', { n: line.lineNo })}
              precision={3}
              min={0}
              suffix={unit}
              inputMode="decimal"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name={[name, 'rejected']}
            label={t('receive.form.rejected')}
            dependencies={[['lines', name, 'received']]}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) =>
                  toMilli(v) > toMilli(getFieldValue(['lines', name, 'received']) as string)
                    ? Promise.reject(new Error(t('receive.form.overReceived')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <NumericInput
              aria-label={t('receive.form.rejectedAria', { n: line.lineNo })}
              precision={3}
              min={0}
              suffix={unit}
              inputMode="decimal"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('receive.form.accepted')}>
            <Typography.Text strong aria-label={t('receive.form.acceptedAria', { n: line.lineNo })}>
              {formatQuantity(accepted)} {unit}
            </Typography.Text>
          </Form.Item>
        </Col>
        {rejecting && (
          <Col xs={24} md={coded ? 12 : 24}>
            <Form.Item
              name={[name, 'rejectReason']}
              label={t('receive.form.reason')}
              dependencies={[['lines', name, 'rejected']]}
              required
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: string | undefined) =>
                    toMilli(getFieldValue(['lines', name, 'rejected']) as string) > 0 && !v
                      ? Promise.reject(new Error(t('receive.form.reasonRequired')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Select
                aria-label={t('receive.form.reasonAria', { n: line.lineNo })}
                options={labels.rejectReasonOptions}
                placeholder={t('receive.form.reasonPlaceholder')}
              />
            </Form.Item>
          </Col>
        )}
        {rejecting && coded && (
          <Col xs={24} md={12}>
            <Form.Item
              name={[name, 'rejectedCodes']}
              label={t('receive.form.rejectedCodes')}
              extra={t('receive.form.rejectedCodesHelp')}
            >
              <Select
                mode="multiple"
                aria-label={t('receive.form.rejectedCodesAria', { n: line.lineNo })}
                options={(scanned.length > 0 ? scanned : line.codes).map((c) => ({ value: c, label: c }))}
              />
            </Form.Item>
          </Col>
        )}
        <SiteLineFields name={name} shape={lineShape} />
      </Row>
    </Card>
  );
}
