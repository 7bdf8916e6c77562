import type { DivisionChild } from '@jcbb/contract';

/** A cascader column entry for one division. */
export interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
}

/**
 * The codes from the province down to a six-digit GB/T 2260 code: 320505 → 320000, 320500, 320505. A city code
 * (ending 00) stops at the city, a province code (ending 0000) at the province. Municipalities keep their 市辖区
 * level (110101 → 110000, 110100, 110101), as the source data does.
 */
export function divisionPath(code: string | null | undefined): string[] {
  if (!code || !/^\d{6}$/.test(code)) return [];
  const province = `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  if (code === province) return [province];
  if (code === city) return [province, city];
  return [province, city, code];
}

export const toOptions = (children: DivisionChild[]): RegionOption[] =>
  children.map((c) => ({ value: c.code, label: c.name, isLeaf: !c.hasChildren }));

/** A copy of the tree with `children` set on the node at `path`; the same tree when the path is not there. */
export function withChildren(tree: RegionOption[], path: string[], children: RegionOption[]): RegionOption[] {
  const [head, ...rest] = path;
  return tree.map((node) => {
    if (node.value !== head) return node;
    if (rest.length === 0) return { ...node, children };
    return node.children ? { ...node, children: withChildren(node.children, rest, children) } : node;
  });
}

/** The node at `path`, if the tree holds it. */
export function nodeAt(tree: RegionOption[], path: string[]): RegionOption | undefined {
  let level: RegionOption[] | undefined = tree;
  let node: RegionOption | undefined;
  for (const code of path) {
    node = level?.find((n) => n.value === code);
    if (!node) return undefined;
    level = node.children;
  }
  return node;
}
