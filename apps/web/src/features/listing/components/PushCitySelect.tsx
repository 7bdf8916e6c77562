import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { pushCitiesQuery } from '../api.ts';

interface Props {
  value?: string | string[];
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
  'aria-label'?: string;
}

/** The cities a product may be listed in (bm-business-area/selectPushCityList), grouped by province. */
export function PushCitySelect({ multiple, placeholder, style, ...rest }: Props) {
  const { t } = useTranslation('listing');
  const cities = useQuery({
    ...pushCitiesQuery(),
    staleTime: 10 * 60_000,
  });
  const provinces = new Map<string, { value: string; label: string }[]>();
  for (const c of cities.data ?? []) {
    const province = c.provinceName ?? '';
    provinces.set(province, [...(provinces.get(province) ?? []), { value: c.cityCode, label: c.cityName }]);
  }
  // Grouped under their provinces; cities without a province stand on their own.
  type Option =
    | { value: string; label: string }
    | { label: string; title: string; options: { value: string; label: string }[] };
  const options: Option[] = [...provinces.entries()].flatMap(([province, list]): Option[] =>
    province ? [{ label: province, title: province, options: list }] : list,
  );

  return (
    <Select
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ optionFilterProp: 'label' }}
      loading={cities.isLoading}
      options={options}
      placeholder={placeholder ?? t('list.cityPlaceholder')}
      maxCount={multiple ? 20 : undefined}
      style={{ width: '100%', ...style }}
    />
  );
}
