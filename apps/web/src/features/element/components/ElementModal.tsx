import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ElementItem,
  elementOptionInput,
  elementUpdateBody,
  FieldType,
  fieldTypeLabels,
  OPTION_FIELD_TYPES,
} from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Checkbox, Col, Flex, Form, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { maxLengthOf, rulesFrom, zodRule } from '../../../lib/zod-rules.ts';
import { elementApi } from '../api.ts';

interface OptionValues {
  enumId?: number;
  label: string;
  meetsStandard: boolean;
}

export interface ElementFormValues {
  name: string;
  displayType: number;
  required: boolean;
  govProcurement: boolean;
  /** Text, so no float rounding creeps in (NumericInput). */
  standardMin: string;
  placeholder: string;
  sort: number;
  options: OptionValues[];
}

export const displayTypeOptions = Object.entries(fieldTypeLabels).map(([value, label]) => ({
  value: Number(value),
  label: `${value} ${label}`,
}));

/** The body of a create or update call from the form (options only for types 3/4/5, standardMin only for text). */
export function elementBody(v: ElementFormValues) {
  const withOptions = OPTION_FIELD_TYPES.includes(v.displayType);
  const text = v.displayType === FieldType.TEXT || v.displayType === FieldType.TEXTAREA;
  const min = v.standardMin?.trim() ?? '';
  return {
    name: v.name,
    displayType: v.displayType,
    required: v.required ? (1 as const) : (0 as const),
    govProcurement: v.govProcurement,
    standardMin: text && min !== '' ? Number(min) : null,
    placeholder: v.placeholder?.trim() ? v.placeholder.trim() : null,
    sort: v.sort ?? 0,
    options: withOptions
      ? (v.options ?? []).map((o, i) => ({
          ...(o.enumId ? { enumId: o.enumId } : {}),
          label: o.label,
          meetsStandard: Boolean(o.meetsStandard),
          sort: i,
        }))
      : [],
  };
}

function initialValues(element: ElementItem | null): ElementFormValues {
  if (!element) {
    return {
      name: '',
      displayType: FieldType.TEXT,
      required: false,
      govProcurement: false,
      standardMin: '',
      placeholder: '',
      sort: 0,
      options: [],
    };
  }
  return {
    name: element.name,
    displayType: element.displayType,
    required: element.required === 1,
    govProcurement: element.govProcurement,
    standardMin: element.standardMin === null ? '' : String(element.standardMin),
    placeholder: element.placeholder ?? '',
    sort: element.sort,
    options: [...element.elementEnumList]
      .sort((a, b) => a.sort - b.sort || a.enumId - b.enumId)
      .map((o) => ({ enumId: o.enumId, label: o.label, meetsStandard: o.meetsStandard })),
  };
}

/**
 * Create or edit an element of a group: name, display type 1–6, required, government-procurement demand standard
 * (with the least number meeting it for a numeric text box), placeholder, order, and the options of radio, checkbox
 * and dropdown elements with their 符合标准 flags.
 */
export function ElementModal({
  open,
  groupId,
  element,
  approvalForm = false,
  onClose,
  onSaved,
}: {
  open: boolean;
  groupId: number;
  element: ElementItem | null;
  /** An element of an approval form (scenario 2): no part of the demand standard, so no such settings. */
  approvalForm?: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('element');
  const { message } = App.useApp();
  const [form] = Form.useForm<ElementFormValues>();
  const displayType = Form.useWatch('displayType', form) ?? FieldType.TEXT;
  const govProcurement = Form.useWatch('govProcurement', form) ?? false;
  const withOptions = OPTION_FIELD_TYPES.includes(displayType);
  const text = displayType === FieldType.TEXT || displayType === FieldType.TEXTAREA;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues(element));
  }, [open, element, form]);

  const save = useMutation({
    mutationFn: (v: ElementFormValues) => {
      const body = approvalForm ? { ...elementBody(v), govProcurement: false, standardMin: null } : elementBody(v);
      return element ? elementApi.updateElement(element.id, body) : elementApi.createElement({ groupId, ...body });
    },
    onSuccess: () => {
      message.success(element ? t('admin.saved') : t('admin.created'));
      onSaved();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || !applyFieldErrors(form, error)) message.error(error.message);
    },
  });

  return (
    <Modal
      open={open}
      title={element ? t('admin.editElement') : t('admin.addElement')}
      okText={t('admin.ok')}
      cancelText={t('admin.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
      forceRender
    >
      <Form<ElementFormValues> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        {/* The create and the update body share their fields' schemas. */}
        <Form.Item name="name" label={t('admin.elementName')} rules={rulesFrom(elementUpdateBody, 'name')}>
          <TextInput maxLength={maxLengthOf(elementUpdateBody.shape.name)} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="displayType"
              label={t('admin.displayType')}
              rules={rulesFrom(elementUpdateBody, 'displayType')}
            >
              <Select options={displayTypeOptions} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="required" label={t('admin.required')} valuePropName="checked">
              <Switch checkedChildren={t('admin.yes')} unCheckedChildren={t('admin.no')} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="sort" label={t('admin.sort')}>
              <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {!approvalForm && (
          <Form.Item
            name="govProcurement"
            label={t('admin.govProcurement')}
            valuePropName="checked"
            extra={t('admin.govProcurementHint')}
          >
            <Switch checkedChildren={t('admin.yes')} unCheckedChildren={t('admin.no')} />
          </Form.Item>
        )}
        {displayType === FieldType.TEXT && !approvalForm && (
          <Form.Item name="standardMin" label={t('admin.standardMin')} extra={t('admin.standardMinHint')}>
            <NumericInput precision={4} style={{ width: 200 }} />
          </Form.Item>
        )}
        {text && (
          <Form.Item
            name="placeholder"
            label={t('admin.placeholder')}
            rules={rulesFrom(elementUpdateBody, 'placeholder')}
          >
            <TextInput maxLength={maxLengthOf(elementUpdateBody.shape.placeholder)} />
          </Form.Item>
        )}
        {withOptions && (
          <Form.List
            name="options"
            // Whether options are needed depends on the display type: the body's refinement, checked here too.
            rules={[
              {
                validator: (_rule, value: unknown[] | undefined) =>
                  (value?.length ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('admin.optionsRequired'))),
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <div>
                <Typography.Text strong>{t('admin.options')}</Typography.Text>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="start" style={{ marginTop: 8 }}>
                    <Form.Item
                      name={[field.name, 'label']}
                      rules={[zodRule(elementOptionInput.shape.label)]}
                      style={{ flex: 1, marginBottom: 0 }}
                    >
                      <TextInput
                        maxLength={maxLengthOf(elementOptionInput.shape.label)}
                        placeholder={t('admin.optionLabel')}
                        aria-label={t('admin.optionLabel')}
                      />
                    </Form.Item>
                    {govProcurement && (
                      <Form.Item
                        name={[field.name, 'meetsStandard']}
                        valuePropName="checked"
                        style={{ marginBottom: 0 }}
                      >
                        <Checkbox style={{ whiteSpace: 'nowrap', lineHeight: '32px' }}>
                          {t('admin.meetsStandard')}
                        </Checkbox>
                      </Form.Item>
                    )}
                    <Button
                      aria-label={t('admin.removeOption')}
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ label: '', meetsStandard: false })}
                  style={{ marginTop: 8 }}
                  block
                >
                  {t('admin.addOption')}
                </Button>
                <Form.ErrorList errors={errors} />
              </div>
            )}
          </Form.List>
        )}
      </Form>
    </Modal>
  );
}
