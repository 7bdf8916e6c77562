import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classificationApi } from '../../../components/ClassificationSelect.tsx';
import { classificationTree } from '../test-data.ts';
import { choose } from '../test-select.ts';
import { renderWithProviders } from '../testing.tsx';
import { ProductSearchForm, toFilters } from './ProductSearchForm.tsx';

beforeEach(() => {
  vi.spyOn(classificationApi, 'tree').mockResolvedValue(classificationTree);
});
afterEach(() => vi.restoreAllMocks());

describe('ProductSearchForm', { timeout: 60_000 }, () => {
  it('turns the form into the search body of spec §3', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<ProductSearchForm onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('产品名称'), { target: { value: ' 砌块 ' } });
    await choose('绿色建材', '是');
    await choose('政府采购', '否');
    await choose('星级', '★★ 2 星');
    await choose('推荐', '是');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(onSearch).toHaveBeenLastCalledWith({
        materialName: '砌块',
        isGreen: true,
        isGovProcurement: false,
        starRating: 2,
        isRecommend: true,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(onSearch).toHaveBeenLastCalledWith({});
  });

  it('sends the chosen class, and leaves empty fields out', () => {
    expect(toFilters({ materialName: '  ', classifyCode: '01', isGreen: undefined, starRating: undefined })).toEqual({
      classifyCode: '01',
    });
    expect(toFilters({ isGreen: 0, isRecommend: 1 })).toEqual({ isGreen: false, isRecommend: true });
  });
});
