import { describe, expect, it } from 'vitest';
import { divisionPath, nodeAt, type RegionOption, withChildren } from './region-path.ts';

describe('divisionPath', () => {
  it('walks a county up to its city and province', () => {
    expect(divisionPath('320505')).toEqual(['320000', '320500', '320505']);
  });
  it('keeps the 市辖区 level of municipalities', () => {
    expect(divisionPath('110101')).toEqual(['110000', '110100', '110101']);
  });
  it('stops at a city or a province', () => {
    expect(divisionPath('441900')).toEqual(['440000', '441900']);
    expect(divisionPath('710000')).toEqual(['710000']);
  });
  it('gives nothing for no code or a malformed one', () => {
    expect(divisionPath(undefined)).toEqual([]);
    expect(divisionPath('')).toEqual([]);
    expect(divisionPath('3205')).toEqual([]);
    expect(divisionPath('320505001')).toEqual([]);
  });
});

describe('withChildren / nodeAt', () => {
  const tree: RegionOption[] = [
    { value: '320000', label: '江苏省', isLeaf: false },
    { value: '330000', label: '浙江省', isLeaf: false },
  ];
  it('puts children on the node at a path, leaving the rest and the input untouched', () => {
    const cities = [{ value: '320500', label: '苏州市', isLeaf: false }];
    const next = withChildren(tree, ['320000'], cities);
    expect(nodeAt(next, ['320000'])?.children).toEqual(cities);
    expect(next[1]).toBe(tree[1]);
    expect(tree[0]?.children).toBeUndefined();
    const counties = [{ value: '320505', label: '虎丘区', isLeaf: true }];
    const deeper = withChildren(next, ['320000', '320500'], counties);
    expect(nodeAt(deeper, ['320000', '320500', '320505'])?.label).toBe('虎丘区');
  });
  it('finds nothing along a path the tree does not hold', () => {
    expect(nodeAt(tree, ['320000', '320500'])).toBeUndefined();
    expect(withChildren(tree, ['990000'], [])).toEqual(tree);
  });
});
