import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { elementApi, elementKeys } from '../api.ts';

/** The value that stands for the nationwide form (elements every city's form includes). */
export const NATIONWIDE = 'nationwide';

export interface CitySelectProps {
  value?: string;
  onChange?: (value: string, name: string) => void;
  /** Offer 全国 (nationwide) first. */
  withNationwide?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** One of the platform's opened cities (grouped by province), searchable by name. */
export function CitySelect({ value, onChange, withNationwide = false, style, ...rest }: CitySelectProps) {
  const { t } = useTranslation('element');
  const tree = useQuery({
    queryKey: elementKeys.cityTree,
    queryFn: () => elementApi.cityTree(),
    staleTime: 10 * 60_000,
  });
  const provinces = (tree.data ?? []).map((p) => ({
    label: p.name,
    title: p.name,
    options: p.children.map((c) => ({ value: c.code, label: c.name })),
  }));
  const options = withNationwide ? [{ value: NATIONWIDE, label: t('admin.nationwide') }, ...provinces] : provinces;
  const nameOf = (code: string) =>
    code === NATIONWIDE
      ? t('admin.nationwide')
      : ((tree.data ?? []).flatMap((p) => p.children).find((c) => c.code === code)?.name ?? code);

  return (
    <Select
      {...rest}
      showSearch={{ optionFilterProp: 'label' }}
      loading={tree.isLoading}
      value={value}
      placeholder={t('admin.cityPlaceholder')}
      options={options}
      onChange={(code: string) => onChange?.(code, nameOf(code))}
      style={{ width: 200, ...style }}
    />
  );
}
