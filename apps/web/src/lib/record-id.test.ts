import { describe, expect, it } from 'vitest';
import { positiveId } from './record-id.ts';

describe('positiveId', () => {
  it.each([
    ['7', 7],
    ['120045', 120045],
  ])('reads %j as %d', (raw, id) => {
    expect(positiveId(raw)).toBe(id);
  });

  it.each([null, undefined, '', 'abc', '0', '-3', '1.5', 'NaN', 'Infinity'])('reads %j as no id', (raw) => {
    expect(positiveId(raw)).toBeNull();
  });
});
