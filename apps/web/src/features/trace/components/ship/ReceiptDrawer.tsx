import { receiptCreateBody } from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Col, Drawer, Flex, Form, Grid, Input, Row, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../../../components/FileField.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { openFetched } from '../../../../lib/open-blob.ts';
import { maxLengthOf, rulesFrom } from '../../../../lib/zod-rules.ts';
import { SHIP_NS } from '../../locales/ship-register.ts';
import {
  type ReceiptCreateInput,
  type ShipmentDetail,
  type ShipmentLine,
  shipFiles,
  shipMutations,
} from '../../ship-api.ts';
import { shipLabels } from './labels.ts';
import { ReceiptLine, type ReceiptValues } from './ReceiptLine.tsx';

const PHOTOS_MAX = 20;

/**
 * The receipt form (收货): what arrived on which day, per line received = accepted + rejected (the accepted part is
 * what remains after the rejected; a rejection needs its reason), for a coded line the codes that arrived and the
 * ones turned away, and photos. Only lines still on their way are listed; a line left at 0 is not in the receipt.
 */
export function ReceiptDrawer({
  shipment,
  open,
  onClose,
  onDone,
}: {
  shipment: ShipmentDetail;
  open: boolean;
  onClose: () => void;
  onDone: (number: string) => void;
}) {
  const { t } = useTranslation(SHIP_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('receipt.title', { number: shipment.number })}
      size={wide ? 760 : '100%'}
      destroyOnHidden
    >
      <ReceiptForm shipment={shipment} onDone={onDone} onCancel={onClose} />
    </Drawer>
  );
}

function ReceiptForm({
  shipment,
  onDone,
  onCancel,
}: {
  shipment: ShipmentDetail;
  onDone: (number: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(SHIP_NS);
  const labels = shipLabels(i18n.language.startsWith('en'));
  const { message } = App.useApp();
  const [form] = Form.useForm<ReceiptValues>();
  const open = shipment.lines.filter((l) => l.progress.outstanding > 0);
  const today = shanghaiToday();
  // The body carries only the lines received now: the server's `lines.N` counts in the body, the form in `open`.
  const bodyToForm = useRef<number[]>([]);

  const create = useMutation({
    ...shipMutations.receive,
    onSuccess: (r) => onDone(r.number),
    onError: (error) => {
      const mapped = applyFieldErrors(form, error, {
        rename: { photoUploadIds: 'photos' },
        mapPath: (path) => {
          if (path[0] === 'lines' && typeof path[1] === 'number') {
            return ['lines', bodyToForm.current[path[1]] ?? path[1], ...path.slice(2, 3)];
          }
          return path[0] === 'photos' ? ['photos'] : path;
        },
      });
      if (mapped) message.error(t('wizard.fixFields'), 5);
      else message.error(error.message, 5);
    },
  });

  const submit = (v: ReceiptValues) => {
    const chosen = v.lines.map((l, index) => ({ l, index })).filter(({ l }) => toMilli(l.received) > 0);
    if (chosen.length === 0) {
      message.error(t('receipt.nothing'));
      return;
    }
    bodyToForm.current = chosen.map((c) => c.index);
    const coded = (id: number) => (open.find((l) => l.id === id)?.codeCount ?? 0) > 0;
    const body: ReceiptCreateInput = {
      shipmentId: shipment.id,
      arrivedOn: v.arrivedOn,
      deliveryNoteNo: v.deliveryNoteNo?.trim() || undefined,
      remarks: v.remarks?.trim() || undefined,
      photoUploadIds: (v.photos ?? []).map((p) => p.id),
      lines: chosen.map(({ l, index }) => {
        const shipmentLineId = (open[index] as ShipmentLine).id;
        const received = toMilli(l.received);
        const rejected = toMilli(l.rejected);
        const codes = l.receivedCodes ?? [];
        return {
          shipmentLineId,
          received: fromMilli(received),
          accepted: fromMilli(received - rejected),
          rejected: fromMilli(rejected),
          rejectReason: rejected > 0 ? l.rejectReason : undefined,
          // No codes named = every code still on its way arrived (a full receipt of the line).
          receivedCodes: coded(shipmentLineId) && codes.length > 0 ? codes : undefined,
          rejectedCodes: l.rejectedCodes ?? [],
        };
      }),
    };
    create.mutate(body);
  };

  return (
    <Form<ReceiptValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      scrollToFirstError
      initialValues={{
        arrivedOn: today,
        lines: open.map((l) => ({
          received: String(l.progress.outstanding),
          rejected: '0',
          receivedCodes: [],
          rejectedCodes: [],
        })),
      }}
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            name="arrivedOn"
            label={t('receipt.arrivedOn')}
            rules={[
              ...rulesFrom(receiptCreateBody, 'arrivedOn'),
              {
                validator: (_, v: string | undefined) => {
                  if (v && v < shipment.shipDate) {
                    return Promise.reject(new Error(t('receipt.beforeShip', { date: shipment.shipDate })));
                  }
                  if (v && v > today) return Promise.reject(new Error(t('receipt.future')));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input type="date" aria-label={t('receipt.arrivedOn')} max={today} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="deliveryNoteNo"
            label={t('receipt.deliveryNote')}
            rules={rulesFrom(receiptCreateBody, 'deliveryNoteNo')}
          >
            <TextInput maxLength={maxLengthOf(receiptCreateBody.shape.deliveryNoteNo)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.List name="lines">
        {(fields) => (
          <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 16 }}>
            {fields.map((field, index) => (
              <ReceiptLine
                key={field.key}
                name={field.name}
                line={open[index] as ShipmentLine}
                reasons={labels.rejectReasonOptions}
              />
            ))}
          </Space>
        )}
      </Form.List>
      <Form.Item name="photos" label={t('receipt.photos')} extra={t('receipt.photosHelp', { max: PHOTOS_MAX })}>
        <FileField
          multiple
          maxCount={PHOTOS_MAX}
          types={{ extensions: ['jpg', 'jpeg', 'png', 'webp', 'heic'] }}
          upload={(file) => shipFiles.upload(file)}
          open={(f) => void openFetched(() => shipFiles.open(f.id), f.name)}
          text={{
            button: t('receipt.addPhotos'),
            wrongType: t('receipt.photoType'),
            tooLarge: t('receipt.photoTooLarge'),
            tooMany: t('receipt.photoTooMany', { max: PHOTOS_MAX }),
            failed: (reason) => t('receipt.photoFailed', { reason }),
          }}
        />
      </Form.Item>
      <Form.Item name="remarks" label={t('wizard.remarks')} rules={rulesFrom(receiptCreateBody, 'remarks')}>
        <Input.TextArea rows={2} maxLength={maxLengthOf(receiptCreateBody.shape.remarks)} showCount />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('receipt.final')}
      </Typography.Paragraph>
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('receipt.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
