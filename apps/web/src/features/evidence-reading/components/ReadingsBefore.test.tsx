import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import readingZh from '../locales/zh-CN.ts';
import { ReadingsBefore } from './ReadingsBefore.tsx';

describe('ReadingsBefore', () => {
  it('lists per document what the decision had before it: its findings, its state, or that all agreed', () => {
    renderWithProviders(
      <ReadingsBefore
        readings={[
          {
            uploadId: 31,
            state: 'done',
            findings: [
              { code: 'ER-02', version: 1, outcome: 'fail' },
              { code: 'ER-10', version: 1, outcome: 'warn' },
            ],
            reviewed: 2,
          },
          { uploadId: 32, state: 'done', findings: [], reviewed: 0 },
          { uploadId: 33, state: 'reading', findings: [], reviewed: 0 },
        ]}
        fileName={(id) => (id === 31 ? '检测报告.pdf' : undefined)}
      />,
      { reading: readingZh },
    );
    const items = within(screen.getByRole('list', { name: '决定时所见的识别结果' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '检测报告.pdf：ER-02 不一致、ER-10 需留意（审核方核对字段 2 次）',
      '文件 32：已核对一致',
      '文件 33：识别中',
    ]);
  });

  it('shows nothing for a decision that kept no readings', () => {
    renderWithProviders(<ReadingsBefore readings={[]} />, { reading: readingZh });
    expect(screen.queryByText('决定时所见的识别结果')).toBeNull();
  });
});
