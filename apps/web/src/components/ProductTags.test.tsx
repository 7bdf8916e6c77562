import { productTagTips } from '@jcbb/contract/enums';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders as renderWith } from '../test/render.tsx';
import { ProductTags } from './ProductTags.tsx';

const renderWithProviders = (ui: ReactNode) => renderWith(ui, {});

const none = { isPrefabricated: false, isLowCarbon: false, isGreen: false, isGovProcurement: false, starRating: null };

describe('ProductTags', { timeout: 20_000 }, () => {
  it('shows the earned tags only, the green one with its stars', () => {
    renderWithProviders(<ProductTags tags={{ ...none, isGreen: true, starRating: 2, isPrefabricated: true }} />);
    expect(screen.getByText('绿色建材 ★★')).toBeInTheDocument();
    expect(screen.getByText('装配式')).toBeInTheDocument();
    expect(screen.queryByText('低碳')).not.toBeInTheDocument();
    expect(screen.queryByText('政府采购')).not.toBeInTheDocument();
  });

  it('shows the spec’s tooltip text of each tag on hover', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ProductTags
        tags={{ isPrefabricated: true, isLowCarbon: true, isGreen: true, isGovProcurement: true, starRating: 1 }}
      />,
    );
    const expectations: [string, string][] = [
      ['装配式', productTagTips.prefabricated.zh],
      ['低碳', productTagTips.lowCarbon.zh],
      ['绿色建材 ★', productTagTips.green.zh],
      ['政府采购', productTagTips.govProcurement.zh],
    ];
    for (const [label, tip] of expectations) {
      await user.hover(screen.getByText(label));
      expect(await screen.findByText(tip)).toBeInTheDocument();
    }
    expect(productTagTips.lowCarbon.zh).toBe('已上传碳足迹报告');
  });

  it('greys out the missing tags when asked, and says so in the tooltip', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductTags tags={{ ...none, isLowCarbon: true }} showMissing />);
    const gov = screen.getByText('政府采购');
    expect(gov).toHaveAttribute('data-earned', 'false');
    expect(screen.getByText('低碳')).toHaveAttribute('data-earned', 'true');
    await user.hover(gov);
    expect(await screen.findByText(`未获得：${productTagTips.govProcurement.zh}`)).toBeInTheDocument();
  });

  it('shows the empty placeholder when no tag applies', () => {
    renderWithProviders(<ProductTags tags={none} empty={<span>无标签</span>} />);
    expect(screen.getByText('无标签')).toBeInTheDocument();
  });
});
