import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DraftCheck } from './DraftCheck.tsx';
import { detail, line, render } from './ship-testing.tsx';

describe('DraftCheck for a distributor’s draft', () => {
  it('shows per line the letter it relies on (linked to its verification page) or the rule it breaks', async () => {
    const draft = detail(9, {
      status: 1,
      lines: [
        line(1, {
          scope: {
            covered: true,
            label: '授权书 AU20261128-0001（南京绿筑新型建材有限公司）',
            letterNumber: 'AU20261128-0001',
            letterPublicId: 'pub_1',
          },
        }),
        line(2, { lineNo: 2, scope: { covered: false, label: '目的地不在授权区域内' } }),
        line(3, { lineNo: 3 }),
      ],
      blockers: [{ lineNo: 2, message: '目的地不在授权区域内' }],
    });
    render(<DraftCheck detail={draft} stale={false} />, '/');
    expect(await screen.findByText('授权书 AU20261128-0001（南京绿筑新型建材有限公司）')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '核验授权书' })).toHaveAttribute('href', '/free/authorisation?id=pub_1');
    expect(screen.getByText('授权范围外：目的地不在授权区域内')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('第 2 行：目的地不在授权区域内')).toBeInTheDocument();
    // A line no rule applies to shows neither.
    expect(screen.getAllByText(/^(授权范围外：|授权书 AU)/)).toHaveLength(2);
  });
});
