import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../lib/i18n.ts';
import { useListQuery } from '../lib/use-list-query.ts';
import { KeywordSearch, ListToolbar } from './ListToolbar.tsx';

describe('ListToolbar', () => {
  it('shows the filters, 刷新 and the further actions; 刷新 refreshes', () => {
    const onRefresh = vi.fn();
    render(
      <ListToolbar onRefresh={onRefresh} actions={<button type="button">添加员工</button>}>
        <input aria-label="状态" />
      </ListToolbar>,
    );
    expect(screen.getByLabelText('状态')).toBeTruthy();
    expect(screen.getByRole('button', { name: '添加员工' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});

describe('KeywordSearch', () => {
  it('searches for the trimmed keyword, and for everything when the box is blank', () => {
    const onSearch = vi.fn();
    render(<KeywordSearch label="企业名称" onSearch={onSearch} />);
    const box = screen.getByLabelText('企业名称');
    expect(box.getAttribute('placeholder')).toBe('企业名称');
    expect(box.getAttribute('maxlength')).toBe('50');
    // A key pressed and let go: rc-input takes one Enter per press.
    const enter = () => {
      fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    fireEvent.change(box, { target: { value: '  绿筑 ' } });
    enter();
    expect(onSearch).toHaveBeenLastCalledWith('绿筑');
    fireEvent.change(box, { target: { value: '   ' } });
    enter();
    expect(onSearch).toHaveBeenLastCalledWith(undefined);
  });
});

describe('useListQuery', () => {
  it('pages by skip, and goes back to the first page when a filter changes', () => {
    const { result } = renderHook(() =>
      useListQuery<{ take: number; skip: number; keyword?: string; status?: number }>({ take: 10, skip: 0 }),
    );
    act(() => result.current.pagination(35).onChange(3));
    expect(result.current.query).toEqual({ take: 10, skip: 20 });
    expect(result.current.pagination(35).current).toBe(3);
    act(() => result.current.filter({ status: 2 }));
    expect(result.current.query).toEqual({ take: 10, skip: 0, status: 2 });
    act(() => result.current.pagination(35).onChange(2));
    act(() => result.current.filter({ keyword: '砌块' }));
    expect(result.current.query).toEqual({ take: 10, skip: 0, status: 2, keyword: '砌块' });
  });
});
