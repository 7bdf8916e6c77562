import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { issueCreateBody, issueLineBody } from '@jcbb/contract';
import { formatQuantity, fromMilli, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Drawer, Flex, Form, Grid, Input, Row, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumericInput } from '../../../../components/NumericInput.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { maxLengthOf, rulesFrom, zodRule } from '../../../../lib/zod-rules.ts';
import {
  type IssueCreateInput,
  invalidateOutbound,
  outboundMutations,
  outboundQueries,
  type SiteStockRow,
} from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

/** The lots one form offers: enough for a site's released stock in one list (the server pages at 100). */
const LOTS_MAX = 100;

interface LineValues {
  lotId?: number;
  quantity?: string;
  codes?: string[];
}
interface IssueValues {
  team: string;
  receivedBy: string;
  issuedOn: string;
  building?: string;
  floor?: string;
  part?: string;
  remarks?: string;
  lines: LineValues[];
}

/**
 * The issue form (出库领用单): to whom (a team or subcontractor and the person who collects), where it is used
 * (building, floor, part), when, and per lot the quantity — only lots with usable (released) stock are offered; a
 * coded lot names the codes issued, whose sum is the quantity. The server's per-line refusals show under the line.
 */
export function IssueDrawer({
  projectId,
  open,
  lotId,
  onClose,
}: {
  projectId: number;
  open: boolean;
  /** The lot the form opens with (its 领用 button), if any. */
  lotId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Drawer open={open} onClose={onClose} title={t('outbound.form.title')} size={wide ? 760 : '100%'} destroyOnHidden>
      <IssueForm projectId={projectId} lotId={lotId} onDone={onClose} onCancel={onClose} />
    </Drawer>
  );
}

function IssueForm({
  projectId,
  lotId,
  onDone,
  onCancel,
}: {
  projectId: number;
  lotId?: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<IssueValues>();
  const today = shanghaiToday();
  const stock = useQuery(outboundQueries.stock({ projectId, take: LOTS_MAX, skip: 0 }));
  const lots = (stock.data?.list ?? []).filter((r) => r.usable > 0);

  const create = useMutation({
    ...outboundMutations.create,
    onSuccess: (r) => {
      message.success(t('outbound.form.done', { number: r.number }));
      void invalidateOutbound(queryClient);
      onDone();
    },
    onError: (error) => {
      if (applyFieldErrors(form, error)) message.error(t('outbound.form.fixFields'), 5);
      else message.error(error.message, 5);
    },
  });

  const submit = (v: IssueValues) => {
    const body: IssueCreateInput = {
      projectId,
      team: v.team,
      receivedBy: v.receivedBy,
      issuedOn: v.issuedOn,
      building: v.building || undefined,
      floor: v.floor || undefined,
      part: v.part || undefined,
      remarks: v.remarks?.trim() || undefined,
      lines: v.lines.map((l) => ({
        lotId: l.lotId as number,
        quantity: fromMilli(toMilli(l.quantity)),
        codes: l.codes ?? [],
      })),
    };
    create.mutate(body);
  };

  return (
    <Form<IssueValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      scrollToFirstError
      initialValues={{ issuedOn: today, lines: [{ lotId, codes: [] }] }}
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="team" label={t('outbound.form.team')} rules={rulesFrom(issueCreateBody, 'team')}>
            <TextInput
              maxLength={maxLengthOf(issueCreateBody.shape.team)}
              placeholder={t('outbound.form.teamPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="receivedBy"
            label={t('outbound.form.receivedBy')}
            rules={rulesFrom(issueCreateBody, 'receivedBy')}
          >
            <TextInput maxLength={maxLengthOf(issueCreateBody.shape.receivedBy)} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="issuedOn"
            label={t('outbound.form.issuedOn')}
            rules={[
              ...rulesFrom(issueCreateBody, 'issuedOn'),
              {
                validator: (_, v: string | undefined) =>
                  v && v > today ? Promise.reject(new Error(t('outbound.form.future'))) : Promise.resolve(),
              },
            ]}
          >
            <Input type="date" aria-label={t('outbound.form.issuedOn')} max={today} />
          </Form.Item>
        </Col>
        <Col xs={8} md={6}>
          <Form.Item name="building" label={t('outbound.form.building')} rules={rulesFrom(issueCreateBody, 'building')}>
            <TextInput maxLength={maxLengthOf(issueCreateBody.shape.building)} />
          </Form.Item>
        </Col>
        <Col xs={8} md={6}>
          <Form.Item name="floor" label={t('outbound.form.floor')} rules={rulesFrom(issueCreateBody, 'floor')}>
            <TextInput maxLength={maxLengthOf(issueCreateBody.shape.floor)} />
          </Form.Item>
        </Col>
        <Col xs={8} md={12}>
          <Form.Item name="part" label={t('outbound.form.part')} rules={rulesFrom(issueCreateBody, 'part')}>
            <TextInput maxLength={maxLengthOf(issueCreateBody.shape.part)} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>{t('outbound.form.lines')}</Typography.Title>
      {stock.isError && <Alert type="error" showIcon title={stock.error.message} style={{ marginBottom: 12 }} />}
      {stock.data && lots.length === 0 && (
        <Alert type="info" showIcon title={t('outbound.form.noLots')} style={{ marginBottom: 12 }} />
      )}
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 16 }}>
            {fields.map((field, index) => (
              <IssueLineCard
                key={field.key}
                name={field.name}
                index={index}
                projectId={projectId}
                lots={lots}
                loading={stock.isFetching}
                onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
              />
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ codes: [] })} block type="dashed">
              {t('outbound.form.addLine')}
            </Button>
          </Space>
        )}
      </Form.List>
      <Form.Item name="remarks" label={t('outbound.form.remarks')} rules={rulesFrom(issueCreateBody, 'remarks')}>
        <Input.TextArea rows={2} maxLength={maxLengthOf(issueCreateBody.shape.remarks)} showCount />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('outbound.detail.final')}
      </Typography.Paragraph>
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onCancel}>{t('outbound.common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('outbound.form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

function IssueLineCard({
  name,
  index,
  projectId,
  lots,
  loading,
  onRemove,
}: {
  name: number;
  index: number;
  projectId: number;
  lots: SiteStockRow[];
  loading: boolean;
  onRemove?: () => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const form = Form.useFormInstance<IssueValues>();
  const lotId = Form.useWatch(['lines', name, 'lotId'], form) as number | undefined;
  const picked = (Form.useWatch(['lines', name, 'codes'], form) as string[] | undefined) ?? [];
  const lot = lots.find((l) => l.lotId === lotId);
  const codes = useQuery({ ...outboundQueries.codes(projectId, lotId ?? 0), enabled: lotId !== undefined });
  const coded = (codes.data?.length ?? 0) > 0;
  const unit = lot?.unitName ?? '';
  const n = index + 1;

  /** Codes chosen: the quantity is their sum. */
  const onCodes = (chosen: string[]) => {
    const byCode = new Map((codes.data ?? []).map((c) => [c.code, c.quantity]));
    const sum = chosen.reduce((s, c) => s + toMilli(byCode.get(c) ?? 0), 0);
    form.setFieldValue(['lines', name, 'quantity'], chosen.length > 0 ? String(fromMilli(sum)) : undefined);
  };

  return (
    <Card
      size="small"
      title={t('outbound.form.lineTitle', { n })}
      extra={
        onRemove && (
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('outbound.form.removeLine')}
            onClick={onRemove}
          />
        )
      }
    >
      <Row gutter={12}>
        <Col xs={24} md={16}>
          <Form.Item
            name={[name, 'lotId']}
            label={t('outbound.form.lot')}
            rules={[
              zodRule(issueLineBody.shape.lotId),
              ({ getFieldValue }) => ({
                validator: (_, v: number | undefined) => {
                  const all = (getFieldValue('lines') as LineValues[]).map((l) => l?.lotId);
                  return v !== undefined && all.indexOf(v) !== index
                    ? Promise.reject(new Error(t('outbound.form.sameLot')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <Select<number>
              aria-label={t('outbound.form.lotAria', { n })}
              placeholder={t('outbound.form.lotPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              loading={loading}
              onChange={() => {
                form.setFieldValue(['lines', name, 'codes'], []);
                form.setFieldValue(['lines', name, 'quantity'], undefined);
              }}
              options={lots.map((l) => ({
                value: l.lotId,
                label: t('outbound.form.lotOption', {
                  material: l.materialName,
                  spec: l.specName,
                  batch: l.batchNo,
                  usable: formatQuantity(l.usable),
                  unit: l.unitName,
                }),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={[name, 'quantity']}
            label={t('outbound.form.quantity')}
            extra={lot ? t('outbound.form.usableHint', { usable: formatQuantity(lot.usable), unit }) : undefined}
            rules={[
              zodRule(issueLineBody.shape.quantity),
              {
                validator: (_, v: string | undefined) =>
                  lot && toMilli(v) > toMilli(lot.usable)
                    ? Promise.reject(
                        new Error(t('outbound.form.overUsable', { usable: formatQuantity(lot.usable), unit })),
                      )
                    : Promise.resolve(),
              },
            ]}
          >
            <NumericInput
              aria-label={t('outbound.form.quantityAria', { n })}
              precision={3}
              min={0}
              suffix={unit || undefined}
              disabled={picked.length > 0}
            />
          </Form.Item>
        </Col>
        {lotId !== undefined && codes.isLoading && (
          <Col xs={24}>
            <Typography.Text type="secondary">{t('outbound.form.codesLoading')}</Typography.Text>
          </Col>
        )}
        {codes.isError && (
          <Col xs={24}>
            <Alert type="error" showIcon title={codes.error.message} />
          </Col>
        )}
        <Col xs={24} style={coded ? undefined : { display: 'none' }}>
          <Form.Item name={[name, 'codes']} label={t('outbound.form.codes')} extra={t('outbound.form.codesHelp')}>
            <Select<string[]>
              mode="multiple"
              aria-label={t('outbound.form.codesAria', { n })}
              placeholder={t('outbound.form.codesPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={onCodes}
              options={(codes.data ?? []).map((c) => ({
                value: c.code,
                label: t('outbound.form.codeOption', { code: c.code, quantity: formatQuantity(c.quantity), unit }),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
