import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/http.ts';
import { retryUnlessNotFound } from '../lib/record-id.ts';
import { RecordState } from './RecordState.tsx';

const query = (state: Partial<UseQueryResult<{ name: string }>>) =>
  ({ isError: false, data: undefined, error: null, ...state }) as UseQueryResult<{ name: string }>;

const show = (q: UseQueryResult<{ name: string }>, valid = true) =>
  render(
    <RecordState
      query={q}
      valid={valid}
      back={<button type="button">返回</button>}
      notFoundTitle="记录不存在"
      badIdTitle="链接有误"
    >
      {(d) => <p>记录：{d.name}</p>}
    </RecordState>,
  );

describe('RecordState', () => {
  it('shows the record once it is there', () => {
    show(query({ data: { name: '岩棉板' } }));
    expect(screen.getByText('记录：岩棉板')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
  });

  it('says "not found" for a 404 and for an id that cannot be one, with the way back', () => {
    show(query({ isError: true, error: new ApiError('不存在', 40400, 404) }));
    expect(screen.getByText('记录不存在')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
    show(query({}), false);
    expect(screen.getByText('链接有误')).toBeInTheDocument();
  });

  it("shows the server's message for any other failure, and a skeleton while loading", () => {
    show(query({ isError: true, error: new ApiError('服务繁忙，请稍后再试', 50000, 503) }));
    expect(screen.getByText('服务繁忙，请稍后再试')).toBeInTheDocument();
    const { container } = show(query({}));
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
  });

  it('retries failures a few times, but never a 404', () => {
    expect(retryUnlessNotFound(0, new ApiError('x', 40400, 404))).toBe(false);
    expect(retryUnlessNotFound(0, new Error('network'))).toBe(true);
    expect(retryUnlessNotFound(2, new Error('network'))).toBe(false);
  });
});
