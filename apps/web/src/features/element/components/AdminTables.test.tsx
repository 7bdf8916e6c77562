import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminGroupItem } from '../api.ts';
import { renderWithProviders, testElement } from '../testing.tsx';
import { ElementTable } from './ElementTable.tsx';
import { GroupTable } from './GroupTable.tsx';

const group = (id: number, name: string, useStatus = 1) =>
  ({ id, name, useStatus, elementCount: 2, cityCode: null, scenario: 1, sort: id }) as unknown as AdminGroupItem;

describe('element admin tables', { timeout: 20_000 }, () => {
  it('GroupTable: a row click chooses the group; edit and enable/disable do not', async () => {
    const on = { onSelect: vi.fn(), onAdd: vi.fn(), onEdit: vi.fn(), onToggle: vi.fn() };
    renderWithProviders(
      <GroupTable
        title="全国 · 分组"
        groups={[group(1, '基本信息'), group(2, '性能', 2)]}
        loading={false}
        selectedId={1}
        mobile={false}
        {...on}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByText('性能'));
    expect(on.onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    const row = screen.getByText('基本信息').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '停用' }));
    expect(on.onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    expect(on.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(on.onSelect).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: /新增分组/ }));
    expect(on.onAdd).toHaveBeenCalled();
  });

  it('ElementTable: elements in order with their flags, or a hint when no group is chosen', async () => {
    const on = { onAdd: vi.fn(), onEdit: vi.fn(), onToggle: vi.fn() };
    const { unmount } = renderWithProviders(
      <ElementTable group={null} elements={[]} loading={false} mobile={false} {...on} />,
    );
    expect(screen.getByText('请选择左侧的分组查看要素')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <ElementTable
        group={group(1, '基本信息')}
        elements={[
          testElement({ id: 2, name: '厚度', sort: 2 }),
          testElement({ id: 1, name: '品牌', sort: 1, required: 1 }),
        ]}
        loading={false}
        mobile={false}
        {...on}
      />,
    );
    const names = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(names.findIndex((n) => n.includes('品牌'))).toBeLessThan(names.findIndex((n) => n.includes('厚度')));
    const row = screen.getByText('品牌').closest('tr') as HTMLElement;
    expect(within(row).getByText('必填')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    expect(on.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });
});
