import { MASS_PER_UNIT_KG_MAX, specSaveBody } from '@jcbb/contract';
import { SpecStatus } from '@jcbb/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { productApi, productKeys, referenceQueryOptions } from '../api.ts';
import { massRule, minOrderRule, priceRule } from './rules.ts';

/** What the specification form holds; price and minimum order stay text so no float rounding creeps in. */
export interface SpecFormValues {
  name: string;
  model: string;
  unitId?: number;
  price: string;
  minOrder: string;
  /** 单位质量(kg); '' = not known. */
  massPerUnitKg: string;
  status: number;
}

export const emptySpec: SpecFormValues = {
  name: '',
  model: '',
  price: '',
  minOrder: '1',
  massPerUnitKg: '',
  status: SpecStatus.ON_SALE,
};

/** What the save call sends for the mass: null when the field is empty (the server then clears it). */
export const massOf = (values: Pick<SpecFormValues, 'massPerUnitKg'>): string | null =>
  values.massPerUnitKg?.trim() ? values.massPerUnitKg.trim() : null;

/** The 37 units of measure as a searchable dropdown (bmProductUnit/selectUnitList). */
export function UnitSelect(props: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const { i18n } = useTranslation();
  const english = i18n.language?.startsWith('en') ?? false;
  const units = useQuery({ queryKey: productKeys.units, queryFn: productApi.units, ...referenceQueryOptions });
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={units.isLoading}
      options={(units.data ?? []).map((u) => ({ value: u.id, label: english ? `${u.name} (${u.enName})` : u.name }))}
    />
  );
}

/** The fields of one specification model (name, model, unit, price, minimum order, status), inside a Form. */
export function SpecFields() {
  const { t } = useTranslation('product');
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name="name" label={t('spec.name')} rules={rulesFrom(specSaveBody, 'name')}>
          <TextInput maxLength={maxLengthOf(specSaveBody.shape.name)} placeholder={t('spec.namePlaceholder')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="model" label={t('spec.model')} rules={rulesFrom(specSaveBody, 'model')}>
          <TextInput maxLength={maxLengthOf(specSaveBody.shape.model)} placeholder={t('spec.modelPlaceholder')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="unitId" label={t('spec.unit')} rules={[{ required: true, message: t('spec.unitRequired') }]}>
          <UnitSelect />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="price"
          label={t('spec.price')}
          rules={[{ required: true, message: t('spec.priceRequired') }, priceRule(t('spec.priceInvalid'))]}
        >
          <NumericInput precision={2} min={0} allowNegative={false} prefix="¥" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="minOrder"
          label={t('spec.minOrder')}
          rules={[{ required: true, message: t('spec.minOrderInvalid') }, minOrderRule(t('spec.minOrderInvalid'))]}
        >
          <NumericInput precision={3} min={0} allowNegative={false} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="massPerUnitKg"
          label={t('spec.massPerUnitKg')}
          extra={t('spec.massHelp')}
          rules={[massRule(t('spec.massInvalid'))]}
        >
          <NumericInput precision={4} min={0} max={MASS_PER_UNIT_KG_MAX} allowNegative={false} suffix="kg" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="status" label={t('spec.status')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: SpecStatus.ON_SALE, label: t('specStatus.1') },
              { value: SpecStatus.OFF_SALE, label: t('specStatus.2') },
            ]}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
