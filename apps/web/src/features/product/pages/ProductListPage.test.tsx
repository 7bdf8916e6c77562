import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classificationApi } from '../../../components/ClassificationSelect.tsx';
import { session } from '../../../lib/session.ts';
import { productApi } from '../api.ts';
import { adminUser, classificationTree, productItem, staffUser } from '../test-data.ts';
import { renderWithProviders } from '../testing.tsx';
import { ProductListPage } from './ProductListPage.tsx';

let search: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  search = vi.spyOn(productApi, 'search').mockResolvedValue({
    list: [productItem(1, '蒸压加气混凝土砌块'), productItem(2, '再生骨料混凝土', { recommended: true })],
    total: 2,
  });
  vi.spyOn(classificationApi, 'tree').mockResolvedValue(classificationTree);
});

afterEach(() => {
  session.setUser(null);
  vi.restoreAllMocks();
});

describe('ProductListPage', { timeout: 60_000 }, () => {
  it('asks for the first page of ten, then with the form’s filters', async () => {
    session.setUser(adminUser);
    renderWithProviders(<ProductListPage />);
    expect(await screen.findByText('蒸压加气混凝土砌块')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith({ take: 10, skip: 0 });
    fireEvent.change(screen.getByLabelText('产品名称'), { target: { value: '砌块' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(search).toHaveBeenLastCalledWith({ materialName: '砌块', take: 10, skip: 0 }));
  });

  it('shows each product’s tags, stars and actions; the administrator may delete', async () => {
    session.setUser(adminUser);
    renderWithProviders(<ProductListPage />);
    const row = (await screen.findByText('蒸压加气混凝土砌块')).closest('tr') as HTMLElement;
    expect(within(row).getByText('绿色建材')).toBeInTheDocument();
    expect(within(row).getByText('低碳')).toBeInTheDocument();
    expect(within(row).getByText('★★★')).toBeInTheDocument();
    for (const action of ['编辑', '详情', '规格', '入驻城市', '删除']) {
      expect(within(row).getByRole('button', { name: `${action} 蒸压加气混凝土砌块` })).toBeInTheDocument();
    }
  });

  it('hides delete from staff', async () => {
    session.setUser(staffUser);
    renderWithProviders(<ProductListPage />);
    const row = (await screen.findByText('蒸压加气混凝土砌块')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: '编辑 蒸压加气混凝土砌块' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '删除 蒸压加气混凝土砌块' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^删除/ })).not.toBeInTheDocument();
  });

  it('deletes after the confirmation', async () => {
    session.setUser(adminUser);
    const remove = vi.spyOn(productApi, 'remove').mockResolvedValue({ id: 2 });
    const user = userEvent.setup();
    renderWithProviders(<ProductListPage />);
    await user.click(await screen.findByRole('button', { name: '删除 再生骨料混凝土' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定删除产品“再生骨料混凝土”吗？');
    expect(remove).not.toHaveBeenCalled();
    const ok = within(dialog)
      .getAllByRole('button')
      .find((b) => b.textContent?.replace(/\s/g, '') === '删除') as HTMLElement;
    await user.click(ok);
    await waitFor(() => expect(remove).toHaveBeenCalledWith(2));
  });

  it('says so when nothing matches', async () => {
    session.setUser(adminUser);
    search.mockResolvedValue({ list: [], total: 0 });
    renderWithProviders(<ProductListPage />);
    expect(await screen.findByText('暂无产品，点击“新增产品”录入第一个产品')).toBeInTheDocument();
  });
});
