import type { ClassificationTree } from '@jcbb/contract';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { call, keyOf } from '../lib/api.ts';

const treeEndpoint = productEndpoints.getBuildingMaterialsClassifyList;

/** The classification tree's call (an object, so tests can replace it). */
export const classificationApi = { tree: () => call(treeEndpoint) };

/** The classification tree: reference data, fetched once per session. */
export const classificationTreeQuery = () =>
  queryOptions({
    queryKey: keyOf(treeEndpoint, {}),
    queryFn: () => classificationApi.tree(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export interface ClassificationSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  placeholder?: string;
  /** Product forms pick a product class (a leaf); search may pick a whole category. */
  leavesOnly?: boolean;
  allowClear?: boolean;
  'aria-label'?: string;
  style?: CSSProperties;
}

interface Node {
  value: string;
  title: string;
  selectable?: boolean;
  children?: Node[];
}

function toNodes(tree: ClassificationTree, leavesOnly: boolean): Node[] {
  return tree.map((category) => ({
    value: category.code,
    title: category.name,
    selectable: !leavesOnly || !category.children?.length,
    children: category.children?.map((leaf) => ({ value: leaf.code, title: leaf.name })),
  }));
}

/** The building-material classification as a searchable tree (categories → product classes). */
export function ClassificationSelect({ leavesOnly = false, allowClear = true, ...props }: ClassificationSelectProps) {
  const tree = useQuery(classificationTreeQuery());
  const treeData = useMemo(() => toNodes(tree.data ?? [], leavesOnly), [tree.data, leavesOnly]);
  return (
    <TreeSelect
      {...props}
      treeData={treeData}
      loading={tree.isLoading}
      allowClear={allowClear}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll={false}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxWidth: 'calc(100vw - 24px)' } } }}
      style={{ width: '100%', ...props.style }}
    />
  );
}
