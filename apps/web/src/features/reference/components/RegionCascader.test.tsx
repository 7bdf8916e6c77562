import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { referenceApi } from '../api.ts';
import referenceZh from '../locales/zh-CN.ts';
import { RegionCascader } from './RegionCascader.tsx';

afterEach(() => vi.restoreAllMocks());

/** The divisions of 320505 (江苏省 / 苏州市 / 虎丘区), answered once `release` is called. */
function slowDivisions() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.spyOn(referenceApi, 'divisionChildren').mockImplementation(async (parent) => {
    await gate;
    if (!parent) return [{ code: '320000', name: '江苏省', level: 1, hasChildren: true }];
    if (parent === '320000') return [{ code: '320500', name: '苏州市', level: 2, hasChildren: true }];
    return [{ code: '320505', name: '虎丘区', level: 3, hasChildren: false }];
  });
  return () => release();
}

const shown = () => document.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent ?? '';

describe('RegionCascader with a value, before the divisions have loaded', () => {
  it('shows the known names at once, never the codes, then the loaded names', async () => {
    const release = slowDivisions();
    renderWithProviders(
      <RegionCascader value="320505" knownNames={{ code: '320505', names: ['江苏省', '苏州市', '虎丘区'] }} />,
      { reference: referenceZh },
    );
    expect(screen.getByText('江苏省 / 苏州市 / 虎丘区')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/3205/);
    release();
    await waitFor(() => expect(referenceApi.divisionChildren).toHaveBeenCalledTimes(3));
    expect(await screen.findByText('江苏省 / 苏州市 / 虎丘区')).toBeInTheDocument();
  });

  it('says it is loading when no names are known, never the codes', async () => {
    const release = slowDivisions();
    renderWithProviders(<RegionCascader value="320505" />, { reference: referenceZh });
    expect(screen.getByText('正在加载地区…')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/32\d{4}|3205/);
    release();
    expect(await screen.findByText('江苏省 / 苏州市 / 虎丘区')).toBeInTheDocument();
    expect(shown()).not.toMatch(/\d/);
  });
});
