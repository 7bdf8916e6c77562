import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { textList } from './trace.sql.ts';

const dialect = new PgDialect();

describe('textList', () => {
  it('sends the whole list as one parameter, split in SQL', () => {
    const q = dialect.sqlToQuery(textList(['AAAA', 'BBBB', 7]));
    expect(q.sql).toBe("string_to_array($1, ',')");
    expect(q.params).toEqual(['AAAA,BBBB,7']);
  });

  it('writes an empty list as an empty array, with no parameter', () => {
    const q = dialect.sqlToQuery(textList([]));
    expect(q.sql).toBe('array[]::text[]');
    expect(q.params).toEqual([]);
  });

  it('refuses a value holding a comma rather than matching it in pieces', () => {
    expect(() => textList(['AAAA', 'BB,CC'])).toThrow(/comma/);
  });
});
