import { describe, expect, it } from 'vitest';
import { containsPattern } from './like.ts';

describe('containsPattern', () => {
  it('matches the fragment anywhere', () => {
    expect(containsPattern('保温板')).toBe('%保温板%');
  });

  it("escapes LIKE's wildcards and its escape character", () => {
    expect(containsPattern('100%_纯\\')).toBe('%100\\%\\_纯\\\\%');
  });
});
