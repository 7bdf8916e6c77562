import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './db-errors.ts';

describe('isUniqueViolation', () => {
  it('recognises a unique violation, wrapped or not, by constraint name or message', () => {
    const pg = { code: '23505', constraint: 'users_mobile_unique', message: 'duplicate key' };
    expect(isUniqueViolation(pg)).toBe(true);
    expect(isUniqueViolation(pg, 'users_mobile_unique')).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: pg }), 'users_mobile_unique')).toBe(true);
    const pglite = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "certificates_cert_no_uq"',
    };
    expect(isUniqueViolation(pglite, 'certificates_cert_no_uq')).toBe(true);
  });

  it('says no for another constraint, another error or no error', () => {
    expect(isUniqueViolation({ code: '23505', constraint: 'a_uq', message: 'x' }, 'b_uq')).toBe(false);
    expect(isUniqueViolation({ code: '23503', constraint: 'a_uq' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
