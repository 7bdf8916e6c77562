import { useQueryClient } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { divisionChildrenQuery } from '../api.ts';
import { divisionPath } from './region-path.ts';

/** One division in the tree's flat form (antd `treeDataSimpleMode`): its parent's code, '' for a province. */
interface RegionNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

export interface RegionTreeSelectProps {
  /** The chosen divisions' codes, at any level (a province covers its cities and counties). */
  value?: string[];
  onChange?: (codes: string[]) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  status?: '' | 'error' | 'warning';
  'aria-label'?: string;
  style?: CSSProperties;
}

/**
 * Several GB/T 2260 divisions at any level, ticked in a province → city → county tree that loads each level when it
 * is opened (/api/dictionary/administrative). Ticking a province gives the province's code; ticking every city of a
 * province gives the province (antd's SHOW_PARENT). Given codes load the levels down to them, so they show by name.
 */
export function RegionTreeSelect({ value, onChange, placeholder, ...rest }: RegionTreeSelectProps) {
  const { t } = useTranslation('reference');
  const queryClient = useQueryClient();
  const [nodes, setNodes] = useState<RegionNode[]>([]);
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;

  const children = useCallback(
    async (parentCode: string): Promise<RegionNode[]> =>
      (await queryClient.fetchQuery(divisionChildrenQuery(parentCode))).map((c) => ({
        id: c.code,
        pId: parentCode,
        value: c.code,
        title: c.name,
        isLeaf: !c.hasChildren,
      })),
    [queryClient],
  );

  // The provinces, then the levels above each given code that are not loaded yet.
  const codes = (value ?? []).join(',');
  useEffect(() => {
    let cancelled = false;
    (async () => {
      let list = nodesRef.current;
      const has = (parent: string) => list.some((n) => n.pId === parent);
      const add = async (parent: string) => {
        if (!has(parent)) list = [...list, ...(await children(parent))];
      };
      await add('');
      for (const code of codes ? codes.split(',') : []) {
        const path = divisionPath(code);
        for (const parent of path.slice(0, -1)) {
          if (list.find((n) => n.value === parent)?.isLeaf === false) await add(parent);
        }
      }
      if (!cancelled && list !== nodesRef.current) setNodes(list);
    })().catch(() => {
      // The HTTP client has told the user; the tree stays as it is and can be opened again.
    });
    return () => {
      cancelled = true;
    };
  }, [codes, children]);

  const loadData = async (node: { value?: string | number }) => {
    const code = String(node.value ?? '');
    if (!code || nodesRef.current.some((n) => n.pId === code)) return;
    const loaded = await children(code).catch(() => null);
    if (loaded) setNodes((list) => (list.some((n) => n.pId === code) ? list : [...list, ...loaded]));
  };

  return (
    <TreeSelect
      {...rest}
      treeDataSimpleMode={{ id: 'id', pId: 'pId', rootPId: '' }}
      treeData={nodes}
      loadData={loadData}
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next)}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      multiple
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={placeholder ?? t('region.treePlaceholder')}
      notFoundContent={t('region.notFound')}
      maxTagCount="responsive"
      style={{ width: '100%', ...rest.style }}
    />
  );
}
