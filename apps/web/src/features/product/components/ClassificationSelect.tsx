import type { ClassificationTree } from '@jcbb/contract';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { classificationTreeQuery } from '../api.ts';

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
