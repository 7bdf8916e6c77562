import type { AttributeGroupWithElements } from '@jcbb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { elementApi } from '../../element/public.ts';
import { type ListingCheck, listingApi, type ProductOption } from '../api.ts';
import { renderWithProviders, testElement } from '../testing.tsx';
import { ListingBatchPage } from './ListingBatchPage.tsx';

const element = (id: number, name: string, displayType: number, required = 0) =>
  testElement({ id, name, displayType, required });

const nationwide: AttributeGroupWithElements[] = [
  {
    id: 9,
    cityCode: null,
    cityName: null,
    name: '基本信息',
    scenario: 1,
    useStatus: 1,
    sort: 0,
    elements: [element(91, '产品执行标准', 1, 1), element(92, '补充说明', 2)],
  } as AttributeGroupWithElements,
];

const checked: ListingCheck = {
  list: [
    {
      productId: 11,
      productName: '蒸压加气混凝土砌块',
      cityCode: '320100',
      cityName: '南京市',
      canList: true,
      reasons: [],
      listingId: null,
      status: null,
    },
  ],
};

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
      (o) => o.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

beforeEach(() => {
  vi.spyOn(listingApi, 'products').mockResolvedValue({
    list: [{ id: 11, name: '蒸压加气混凝土砌块', brand: null } as ProductOption],
    total: 1,
  });
  vi.spyOn(listingApi, 'pushCities').mockResolvedValue([
    { cityCode: '320100', cityName: '南京市', provinceName: '江苏省', letter: 'N' },
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ListingBatchPage', { timeout: 30_000 }, () => {
  it('answers the nationwide elements once for every pair, sending only what was filled in', async () => {
    vi.spyOn(elementApi, 'nationwide').mockResolvedValue(nationwide);
    const check = vi.spyOn(listingApi, 'check').mockResolvedValue(checked);
    const batch = vi.spyOn(listingApi, 'batch').mockResolvedValue({
      succeeded: 1,
      failed: 0,
      list: [{ ...checked.list[0], ok: true, listingId: 5, status: 1 }],
    } as never);
    const user = userEvent.setup();
    renderWithProviders(<ListingBatchPage />);

    await choose('产品', '蒸压加气混凝土砌块');
    await choose('入库城市', '南京市');
    // Optional here: a required element of the listing form carries no marker and blocks nothing.
    const standard = await screen.findByRole('textbox', { name: '产品执行标准' });
    expect(screen.getByRole('region', { name: '全国通用要素（选填）' })).toContainElement(standard);
    const required = Array.from(document.querySelectorAll('.ant-form-item-required')).map((l) => l.textContent);
    expect(required).toEqual(['产品', '入库城市']);
    fireEvent.change(standard, { target: { value: 'GB 11968-2020' } });

    await user.click(screen.getByRole('button', { name: /检\s*查/ }));
    await waitFor(() => expect(check).toHaveBeenCalled());
    const [productIds, cityCodes, values] = check.mock.calls[0] ?? [];
    expect(productIds).toEqual([11]);
    expect(cityCodes).toEqual(['320100']);
    // 补充说明 was left empty: not sent, so each draft keeps its own answer.
    expect(values).toEqual([expect.objectContaining({ elementId: 91, propertyValue: 'GB 11968-2020' })]);

    await user.click(await screen.findByRole('button', { name: /提交 1 项审核/ }));
    await waitFor(() => expect(batch).toHaveBeenCalledWith([11], ['320100'], values));
    expect(await screen.findByText('成功 1 项，失败 0 项')).toBeInTheDocument();
  });

  it('checks with no answers when the nationwide elements are left empty, and shows no section without them', async () => {
    vi.spyOn(elementApi, 'nationwide').mockResolvedValue([]);
    const check = vi.spyOn(listingApi, 'check').mockResolvedValue(checked);
    const user = userEvent.setup();
    renderWithProviders(<ListingBatchPage />);
    await choose('产品', '蒸压加气混凝土砌块');
    await choose('入库城市', '南京市');
    await user.click(screen.getByRole('button', { name: /检\s*查/ }));
    await waitFor(() => expect(check).toHaveBeenCalledWith([11], ['320100'], []));
    expect(screen.queryByRole('region', { name: '全国通用要素（选填）' })).not.toBeInTheDocument();
  });
});
