import { useQueryClient } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { divisionChildrenQuery } from '../api.ts';
import { divisionPath, nodeAt, type RegionOption, toOptions, withChildren } from './region-path.ts';

export interface RegionCascaderProps {
  /** The chosen division's code: a county's, or a city's or province's that has no subdivisions. */
  value?: string | null;
  onChange?: (code: string | undefined, names: string[]) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  status?: '' | 'error' | 'warning';
  'aria-label'?: string;
  style?: CSSProperties;
  /** Names already known for a code (e.g. the record's regionPath): shown until the columns down to it load. */
  knownNames?: { code: string; names: string[] };
}

/**
 * Province → city → county cascader over the GB/T 2260 tree, loading each column when it is opened
 * (/api/dictionary/administrative). A given value loads the columns down to it, so it shows by name.
 */
export function RegionCascader({ value, onChange, placeholder, knownNames, ...rest }: RegionCascaderProps) {
  const { t } = useTranslation('reference');
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<RegionOption[]>([]);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const children = useCallback(
    async (parentCode: string) => toOptions(await queryClient.fetchQuery(divisionChildrenQuery(parentCode))),
    [queryClient],
  );

  // Provinces first, then every column down to the given value that is not loaded yet.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      let tree = optionsRef.current.length > 0 ? optionsRef.current : await children('');
      const path = divisionPath(value);
      for (let depth = 1; depth < path.length; depth += 1) {
        const node = nodeAt(tree, path.slice(0, depth));
        if (!node || node.isLeaf) break;
        if (!node.children) tree = withChildren(tree, path.slice(0, depth), await children(node.value));
      }
      if (!cancelled && tree !== optionsRef.current) setOptions(tree);
    })().catch(() => {
      // The HTTP client has told the user; the cascader stays empty and can be opened again.
    });
    return () => {
      cancelled = true;
    };
  }, [value, children]);

  const loadData = async (selected: RegionOption[]) => {
    const path = selected.map((o) => o.value);
    const target = selected.at(-1);
    if (!target || target.children) return;
    const loaded = await children(target.value).catch(() => null);
    if (loaded) setOptions((tree) => withChildren(tree, path, loaded));
  };

  const path = divisionPath(value);
  return (
    <Cascader<RegionOption>
      {...rest}
      options={options}
      loadData={loadData}
      value={path.length > 0 ? path : undefined}
      placeholder={placeholder ?? t('region.placeholder')}
      notFoundContent={t('region.notFound')}
      // Never the raw codes: antd shows a value's codes until its columns load; show the known names, or 加载中.
      displayRender={(labels, selected) => {
        if (selected && selected.length === labels.length && selected.every(Boolean)) return labels.join(' / ');
        if (knownNames && knownNames.code === value && knownNames.names.length > 0) return knownNames.names.join(' / ');
        return t('region.loading');
      }}
      onChange={(codes, selected) => {
        const list = (codes ?? []) as string[];
        onChange?.(
          list.at(-1),
          (selected ?? []).map((o) => o.label),
        );
      }}
      // Only a leaf is a choice: a county, or a division without subdivisions.
      changeOnSelect={false}
      style={{ width: '100%', ...rest.style }}
    />
  );
}
