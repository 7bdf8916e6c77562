import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { basicMaterialApproveBody, productUnits } from '@jcbb/contract';
import { Button, Flex, Form, type FormInstance, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClassificationSelect } from '../../../components/ClassificationSelect.tsx';
import { maxLengthOf, zodRule } from '../../../lib/zod-rules.ts';
import type { AdminBasicMaterialItem, BasicMaterialApproveBody } from '../api.ts';

export interface ApproveValues {
  commonName: string;
  classifyCode?: string;
  units: { unitId?: number; formats?: string[] }[];
}

/** The form starts from what the applicant gave. */
export const approveValuesOf = (item: AdminBasicMaterialItem): ApproveValues => ({
  commonName: item.commonName,
  classifyCode: item.classifyCode,
  units: item.units.map((u) => ({ unitId: u.unitId, formats: u.formats })),
});

/** Everything is sent; the server compares with the application and logs what the platform changed. */
export const approveBodyOf = (v: ApproveValues): BasicMaterialApproveBody => ({
  commonName: v.commonName.trim(),
  classifyCode: v.classifyCode,
  units: v.units.map((u) => ({
    unitId: u.unitId as number,
    formats: (u.formats ?? []).map((f) => f.trim()).filter(Boolean),
  })),
});

/**
 * The approval body's fields are optional (one left out keeps the applicant's value), but this form sends them all,
 * so each is checked by the schema inside the optional: required, with its limits and messages.
 */
const fields = basicMaterialApproveBody.shape;
const commonNameSchema = fields.commonName.unwrap();
const classifyCodeSchema = fields.classifyCode.unwrap();
const formatsSchema = fields.units.unwrap().element.shape.formats;

/** A format's message ("units.0.formats.1") goes on that unit's format box, the only field there is. */
export const formatBoxPath = (path: (string | number)[]) => (path[2] === 'formats' ? path.slice(0, 3) : path);

/** The fields the platform may correct before approving: common name, product class, units with their formats. */
export function ApproveForm({ form, item }: { form: FormInstance<ApproveValues>; item: AdminBasicMaterialItem }) {
  const { t, i18n } = useTranslation('basicMaterial');
  const english = i18n.language.startsWith('en');
  const unitOptions = productUnits.map((u) => ({ value: u.id, label: english ? u.enName : u.name }));

  return (
    <Form<ApproveValues> form={form} layout="vertical" initialValues={approveValuesOf(item)}>
      <Form.Item name="commonName" label={t('approve.commonName')} rules={[zodRule(commonNameSchema)]}>
        <Input maxLength={maxLengthOf(commonNameSchema)} />
      </Form.Item>
      <Form.Item name="classifyCode" label={t('approve.classify')} rules={[zodRule(classifyCodeSchema)]}>
        <ClassificationSelect leavesOnly allowClear={false} aria-label={t('approve.classify')} />
      </Form.Item>
      <Form.List
        name="units"
        rules={[
          {
            validator: (_rule, units: ApproveValues['units'] | undefined) => {
              const ids = (units ?? []).map((u) => u?.unitId).filter((id) => id !== undefined);
              return new Set(ids).size === ids.length
                ? Promise.resolve()
                : Promise.reject(new Error(t('approve.unitDuplicate')));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="start" wrap>
                <Form.Item
                  name={[field.name, 'unitId']}
                  label={index === 0 ? t('approve.unit') : undefined}
                  rules={[{ required: true, message: t('approve.unitRequired') }]}
                  style={{ width: 140, marginBottom: 12 }}
                >
                  <Select
                    aria-label={`${t('approve.unit')} ${index + 1}`}
                    options={unitOptions}
                    showSearch={{ optionFilterProp: 'label' }}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'formats']}
                  label={index === 0 ? t('approve.formats') : undefined}
                  rules={[zodRule(formatsSchema)]}
                  style={{ flex: 1, minWidth: 180, marginBottom: 12 }}
                >
                  <Select
                    mode="tags"
                    aria-label={`${t('approve.formats')} ${index + 1}`}
                    placeholder={t('approve.formatsPlaceholder')}
                    tokenSeparators={[',', '，']}
                    open={false}
                    suffixIcon={null}
                  />
                </Form.Item>
                <Button
                  aria-label={`${t('approve.removeUnit')} ${index + 1}`}
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                  style={index === 0 ? { marginTop: 30 } : undefined}
                />
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            {fields.length < 10 && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ formats: [] })} block>
                {t('approve.addUnit')}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </Form>
  );
}
