import { describe, expect, it, vi } from 'vitest';
import { takeSkipPagination } from './paging.ts';

describe('takeSkipPagination', () => {
  it('shows the page of skip and answers the skip of a chosen page', () => {
    const onSkip = vi.fn();
    const paging = takeSkipPagination({ take: 10, skip: 20 }, 95, onSkip);
    expect(paging).toMatchObject({ current: 3, pageSize: 10, total: 95, showSizeChanger: false });
    expect(paging).not.toHaveProperty('showTotal');
    paging.onChange(1);
    paging.onChange(10);
    expect(onSkip.mock.calls).toEqual([[0], [90]]);
  });

  it('puts a skip that is not on a page boundary on the page it falls in', () => {
    expect(takeSkipPagination({ take: 10, skip: 25 }, 95, () => {}).current).toBe(3);
  });

  it('passes the total text through', () => {
    const paging = takeSkipPagination(
      { take: 5, skip: 0 },
      7,
      () => {},
      (n) => `共 ${n} 条`,
    );
    expect(paging.showTotal?.(7)).toBe('共 7 条');
  });
});
