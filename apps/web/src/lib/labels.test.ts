import { describe, expect, it } from 'vitest';
import { labelOf, labelOptions } from './labels.ts';

const table = { 1: { zh: '草稿', en: 'Draft' }, 2: { zh: '已发货', en: 'Shipped' } } as const;
const kinds = { factory: { zh: '工厂', en: 'Factory' } } as const;

describe('code tables in the reader language', () => {
  it('names a value in Chinese or English, the value itself when unknown and nothing for none', () => {
    expect(labelOf(table, false)(2)).toBe('已发货');
    expect(labelOf(table, true)(2)).toBe('Shipped');
    expect(labelOf(table, false)(9)).toBe('9');
    expect(labelOf(table, false)(null)).toBe('');
  });

  it('makes options with numeric keys as numbers and text keys as text', () => {
    expect(labelOptions(table, false)).toEqual([
      { value: 1, label: '草稿' },
      { value: 2, label: '已发货' },
    ]);
    expect(labelOptions(kinds, true)).toEqual([{ value: 'factory', label: 'Factory' }]);
  });
});
