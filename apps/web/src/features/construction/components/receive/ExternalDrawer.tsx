import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { deliveryExternalBody, externalLineBody, SHIPMENT_LINES_MAX } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Drawer, Flex, Form, Grid, Input, Row, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClassificationSelect } from '../../../../components/ClassificationSelect.tsx';
import { NumericInput } from '../../../../components/NumericInput.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { maxLengthOf, rulesFrom, zodRule } from '../../../../lib/zod-rules.ts';
import { type DeliveryExternalInput, invalidateReceiving, receiveMutations } from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';
import { PaperFields, type PaperValues, paperBody, paperFieldPath } from './PaperFields.tsx';
import { SiteLineFields } from './SiteLineFields.tsx';

interface ExternalLineValues {
  classifyCode?: string;
  materialName?: string;
  specName?: string;
  brand?: string;
  makerName?: string;
  unitName?: string;
  batchNo?: string;
  productionDate?: string;
  quantity?: string;
  isGreen?: boolean;
  greenCertNo?: string;
  greenCertBody?: string;
  building?: string;
  floor?: string;
  part?: string;
  storageLocation?: string;
}
interface ExternalValues extends PaperValues {
  supplierName?: string;
  supplierCreditCode?: string;
  arrivedOn: string;
  lines: ExternalLineValues[];
}

const line = externalLineBody.shape;
const text = (s: string | undefined) => s?.trim() || undefined;

/**
 * 平台外到货: goods from a supplier outside the platform — the supplier (name, unified social credit code), the
 * arrival date and papers, and each material described (classification from the platform's tree, for the checklist;
 * name, specification, unit, batch, quantity; green with its certificate; where it is used and stored). Each line
 * becomes a lot in the project's quarantined stock with an inspection of its own. Calls `deliveryExternal`.
 */
export function ExternalDrawer({
  projectId,
  open,
  onClose,
  onDone,
}: {
  projectId: number;
  open: boolean;
  onClose: () => void;
  onDone: (delivery: { id: number; number: string }) => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Drawer open={open} onClose={onClose} title={t('external.title')} size={wide ? 820 : '100%'} destroyOnHidden>
      <ExternalForm projectId={projectId} onDone={onDone} onCancel={onClose} />
    </Drawer>
  );
}

function ExternalForm({
  projectId,
  onDone,
  onCancel,
}: {
  projectId: number;
  onDone: (delivery: { id: number; number: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ExternalValues>();
  const today = shanghaiToday();

  const create = useMutation({
    ...receiveMutations.external,
    onSuccess: async (d) => {
      await invalidateReceiving(queryClient);
      message.success(t('external.done', { number: d.number }));
      onDone(d);
    },
    onError: (error) => {
      const mapped = applyFieldErrors(form, error, { mapPath: paperFieldPath });
      message.error(mapped ? t('receive.form.fixFields') : error.message, 5);
    },
  });

  const submit = (v: ExternalValues) => {
    const body: DeliveryExternalInput = {
      projectId,
      supplierName: v.supplierName?.trim() ?? '',
      supplierCreditCode: v.supplierCreditCode?.trim() ?? '',
      arrivedOn: v.arrivedOn,
      ...paperBody(v),
      lines: v.lines.map((l) => ({
        classifyCode: l.classifyCode ?? '',
        materialName: l.materialName?.trim() ?? '',
        specName: l.specName?.trim() ?? '',
        brand: text(l.brand),
        makerName: text(l.makerName),
        unitName: l.unitName?.trim() ?? '',
        batchNo: l.batchNo?.trim() ?? '',
        productionDate: l.productionDate || undefined,
        quantity: Number(l.quantity),
        isGreen: l.isGreen ?? false,
        greenCertNo: l.isGreen ? text(l.greenCertNo) : undefined,
        greenCertBody: l.isGreen ? text(l.greenCertBody) : undefined,
        building: text(l.building),
        floor: text(l.floor),
        part: text(l.part),
        storageLocation: text(l.storageLocation),
      })),
    };
    create.mutate(body);
  };

  return (
    <Form<ExternalValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      scrollToFirstError
      initialValues={{ arrivedOn: today, lines: [{ isGreen: false }] }}
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            name="supplierName"
            label={t('external.supplierName')}
            rules={rulesFrom(deliveryExternalBody, 'supplierName')}
          >
            <TextInput maxLength={maxLengthOf(deliveryExternalBody.shape.supplierName)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="supplierCreditCode"
            label={t('external.creditCode')}
            rules={rulesFrom(deliveryExternalBody, 'supplierCreditCode')}
          >
            <TextInput maxLength={18} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="arrivedOn"
            label={t('receive.form.arrivedOn')}
            rules={[
              ...rulesFrom(deliveryExternalBody, 'arrivedOn'),
              {
                validator: (_, v: string | undefined) =>
                  v && v > today ? Promise.reject(new Error(t('receive.form.future'))) : Promise.resolve(),
              },
            ]}
          >
            <Input type="date" aria-label={t('receive.form.arrivedOn')} max={today} />
          </Form.Item>
        </Col>
      </Row>
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 16 }}>
            {fields.map((field, index) => (
              <ExternalLine
                key={field.key}
                name={field.name}
                index={index}
                onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
              />
            ))}
            {fields.length < SHIPMENT_LINES_MAX && (
              <Button block icon={<PlusOutlined />} onClick={() => add({ isGreen: false })}>
                {t('external.addLine')}
              </Button>
            )}
          </Space>
        )}
      </Form.List>
      <PaperFields />
      <Alert type="info" showIcon title={t('receive.form.quarantine')} style={{ marginBottom: 16 }} />
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onCancel}>{t('site.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('external.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

function ExternalLine({ name, index, onRemove }: { name: number; index: number; onRemove?: () => void }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const form = Form.useFormInstance<ExternalValues>();
  const green = Form.useWatch(['lines', name, 'isGreen'], form) as boolean | undefined;
  const n = index + 1;
  return (
    <Card
      size="small"
      title={t('external.line', { n })}
      extra={
        onRemove && (
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('external.removeLine', { n })}
            onClick={onRemove}
          />
        )
      }
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'classifyCode']} label={t('external.classify')} rules={[zodRule(line.classifyCode)]}>
            <ClassificationSelect leavesOnly aria-label={t('external.classifyAria', { n })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'materialName']} label={t('external.material')} rules={[zodRule(line.materialName)]}>
            <TextInput maxLength={maxLengthOf(line.materialName)} aria-label={t('external.materialAria', { n })} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={[name, 'specName']} label={t('external.spec')} rules={[zodRule(line.specName)]}>
            <TextInput maxLength={maxLengthOf(line.specName)} aria-label={t('external.specAria', { n })} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={[name, 'unitName']} label={t('external.unit')} rules={[zodRule(line.unitName)]}>
            <TextInput maxLength={maxLengthOf(line.unitName)} aria-label={t('external.unitAria', { n })} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={[name, 'quantity']} label={t('external.quantity')} rules={[zodRule(line.quantity)]}>
            <NumericInput precision={3} min={0} inputMode="decimal" aria-label={t('external.quantityAria', { n })} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={[name, 'batchNo']} label={t('external.batch')} rules={[zodRule(line.batchNo)]}>
            <TextInput maxLength={maxLengthOf(line.batchNo)} aria-label={t('external.batchAria', { n })} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name={[name, 'productionDate']}
            label={t('external.productionDate')}
            rules={[zodRule(line.productionDate)]}
          >
            <Input type="date" aria-label={t('external.productionDateAria', { n })} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={[name, 'brand']} label={t('external.brand')} rules={[zodRule(line.brand)]}>
            <TextInput maxLength={maxLengthOf(line.brand)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[name, 'makerName']} label={t('external.maker')} rules={[zodRule(line.makerName)]}>
            <TextInput maxLength={maxLengthOf(line.makerName)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={[name, 'isGreen']}
            label={t('external.green')}
            valuePropName="checked"
            extra={t('external.greenHelp')}
          >
            <Switch aria-label={t('external.greenAria', { n })} />
          </Form.Item>
        </Col>
        {green && (
          <>
            <Col xs={24} md={12}>
              <Form.Item
                name={[name, 'greenCertNo']}
                label={t('external.greenCertNo')}
                required
                rules={[
                  zodRule(line.greenCertNo),
                  {
                    validator: (_, v: string | undefined) =>
                      v?.trim() ? Promise.resolve() : Promise.reject(new Error(t('external.greenCertNoRequired'))),
                  },
                ]}
              >
                <TextInput
                  maxLength={maxLengthOf(line.greenCertNo)}
                  aria-label={t('external.greenCertNoAria', { n })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={[name, 'greenCertBody']}
                label={t('external.greenCertBody')}
                rules={[zodRule(line.greenCertBody)]}
              >
                <TextInput maxLength={maxLengthOf(line.greenCertBody)} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('external.where')}
          </Typography.Text>
        </Col>
        <SiteLineFields name={name} shape={line} />
      </Row>
    </Card>
  );
}
