import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { referenceApi } from '../api.ts';
import referenceZh from '../locales/zh-CN.ts';
import { RegionTreeSelect } from './RegionTreeSelect.tsx';

afterEach(() => vi.restoreAllMocks());

function divisions() {
  return vi.spyOn(referenceApi, 'divisionChildren').mockImplementation(async (parent) => {
    if (!parent)
      return [
        { code: '320000', name: '江苏省', level: 1, hasChildren: true },
        { code: '340000', name: '安徽省', level: 1, hasChildren: true },
      ];
    if (parent === '320000')
      return [
        { code: '320100', name: '南京市', level: 2, hasChildren: true },
        { code: '320500', name: '苏州市', level: 2, hasChildren: true },
      ];
    return [];
  });
}

describe('RegionTreeSelect', () => {
  it('loads the levels above the given codes, so they show by name, and nothing below them', async () => {
    const asked = divisions();
    renderWithProviders(<RegionTreeSelect value={['320100', '340000']} />, { reference: referenceZh });
    await waitFor(() => expect(asked.mock.calls.map((c) => c[0])).toEqual([undefined, '320000']));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    // 南京市 is known to the tree: its province reads half-ticked, 安徽省 ticked.
    const node = async (name: string) => (await screen.findByTitle(name)).closest('.ant-select-tree-treenode');
    expect((await node('江苏省'))?.querySelector('.ant-select-tree-checkbox-indeterminate')).not.toBeNull();
    expect((await node('安徽省'))?.querySelector('.ant-select-tree-checkbox-checked')).not.toBeNull();
  });

  it('gives the codes ticked, a whole province as its own code', async () => {
    divisions();
    const onChange = vi.fn();
    renderWithProviders(<RegionTreeSelect value={[]} onChange={onChange} />, { reference: referenceZh });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const province = await screen.findByTitle('安徽省');
    fireEvent.click(
      province.closest('.ant-select-tree-treenode')?.querySelector('.ant-select-tree-checkbox') as Element,
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['340000']));
  });
});
