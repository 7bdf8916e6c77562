import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diskListQuery } from '../api.ts';
import { DISK_NS } from '../locales/register.ts';

/** The top level of the disk, as a value of the picker (the body sends no folderId for it). */
export const TOP_FOLDER = 0;

interface Node {
  id: number;
  pId: number | null;
  value: number;
  title: string;
  isLeaf?: boolean;
}

const listOf = (id: number) => diskListQuery(id === TOP_FOLDER ? undefined : id);

/**
 * A folder of the organisation's disk, the top level included. The disk lists a folder's children, never the whole
 * tree: the picker lists the top level and every folder on the way down to the one chosen first (mostly cached: the
 * page listed them), so that folder shows by name among its siblings, and any other folder as the user opens it.
 */
export function FolderPicker({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?: (value: number) => void;
  id?: string;
}) {
  const { t } = useTranslation(DISK_NS);
  const client = useQueryClient();
  const [first] = useState(value ?? TOP_FOLDER);
  const start = useQuery({ ...listOf(first), enabled: first !== TOP_FOLDER });
  const path = start.data?.path ?? [];
  const [opened, setOpened] = useState<number[]>([]);
  const parents = [...new Set([TOP_FOLDER, ...path.map((p) => p.id), ...opened])];
  const lists = useQueries({ queries: parents.map(listOf) });

  const nodes = new Map<number, Node>();
  const put = (node: Node) => nodes.set(node.id, { ...nodes.get(node.id), ...node });
  put({ id: TOP_FOLDER, pId: null, value: TOP_FOLDER, title: t('top') });
  for (const [i, p] of path.entries())
    put({ id: p.id, pId: path[i - 1]?.id ?? TOP_FOLDER, value: p.id, title: p.name });
  const loadedKeys: number[] = [];
  parents.forEach((parent, i) => {
    const folders = lists[i]?.data?.folders;
    if (!folders) return;
    loadedKeys.push(parent);
    for (const f of folders) put({ id: f.id, pId: parent, value: f.id, title: f.name });
    if (folders.length === 0) put({ ...(nodes.get(parent) as Node), isLeaf: true });
  });

  return (
    <TreeSelect<number>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      treeDataSimpleMode
      treeData={[...nodes.values()]}
      treeLoadedKeys={loadedKeys}
      // Opened down to the chosen folder: it shows among its siblings.
      treeDefaultExpandedKeys={[TOP_FOLDER, ...path.slice(0, -1).map((p) => p.id)]}
      loadData={async ({ value: parent }) => {
        const folder = Number(parent ?? TOP_FOLDER);
        await client.fetchQuery(listOf(folder));
        setOpened((known) => (known.includes(folder) ? known : [...known, folder]));
      }}
      loading={start.isLoading || lists.some((l) => l.isLoading)}
    />
  );
}
