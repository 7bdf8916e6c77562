import { Col, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextInput } from '../../../../components/TextInput.tsx';
import { maxLengthOf, zodRule } from '../../../../lib/zod-rules.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

type SiteField = 'building' | 'floor' | 'part' | 'storageLocation';

const FIELDS: readonly { field: SiteField; label: string }[] = [
  { field: 'building', label: 'receive.form.building' },
  { field: 'floor', label: 'receive.form.floor' },
  { field: 'part', label: 'receive.form.part' },
  { field: 'storageLocation', label: 'receive.form.storage' },
];

/**
 * Where a delivered lot goes on the site — building, floor, part, storage — as four columns of a line's row, for a
 * platform receipt's lines and an off-platform delivery's alike. `name`: the line's field in the form's list;
 * `shape`: the line schema's fields, whose rules and lengths the inputs follow.
 */
export function SiteLineFields({ name, shape }: { name: number; shape: Record<SiteField, z.ZodType> }): ReactNode {
  const { t } = useTranslation(CONSTRUCTION_NS);
  return FIELDS.map(({ field, label }) => (
    <Col key={field} xs={12} md={6}>
      <Form.Item name={[name, field]} label={t(label)} rules={[zodRule(shape[field])]}>
        <TextInput maxLength={maxLengthOf(shape[field])} />
      </Form.Item>
    </Col>
  ));
}
