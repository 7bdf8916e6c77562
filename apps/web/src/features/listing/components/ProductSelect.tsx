import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productOptionsQuery } from '../api.ts';

interface Props {
  value?: number | number[];
  onChange?: (value: number | number[] | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
  'aria-label'?: string;
  /** Names of products already chosen that the current search may not return (e.g. opened by id). */
  known?: { id: number; name: string }[];
}

/** The manufacturer's products, searched by a fragment of the name as one types (bmProduct/getProdutInfoList). */
export function ProductSelect({ multiple, placeholder, style, known = [], ...rest }: Props) {
  const { t } = useTranslation('listing');
  const [search, setSearch] = useState('');
  const products = useQuery({
    ...productOptionsQuery(search),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const seen = new Set<number>();
  const options = [
    ...(products.data?.list ?? []).map((p) => ({
      value: p.id,
      label: p.brand ? `${p.name}（${p.brand}）` : p.name,
    })),
    ...known.map((k) => ({ value: k.id, label: k.name })),
  ].filter((o) => {
    if (seen.has(o.value)) return false;
    seen.add(o.value);
    return true;
  });

  return (
    <Select
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: (text) => setSearch(text.trim().slice(0, 50)) }}
      loading={products.isFetching}
      options={options}
      placeholder={placeholder ?? t('list.productPlaceholder')}
      maxCount={multiple ? 50 : undefined}
      notFoundContent={products.isFetching ? undefined : t('edit.noProducts')}
      style={{ width: '100%', ...style }}
    />
  );
}
