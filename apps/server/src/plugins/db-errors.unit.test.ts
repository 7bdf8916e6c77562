import { ResponseCode } from '@jcbb/contract';
import { describe, expect, it } from 'vitest';
import { findPgError, loggablePgError, mapPgError } from './db-errors.ts';
import { loggableError } from './errors.ts';
import { findUnstorableText } from './text-guard.ts';

/** As Drizzle throws it: its own error, whose message holds the SQL and the parameters, around PostgreSQL's. */
function drizzleError(code: string, message: string) {
  const pg = Object.assign(new Error(message), {
    code,
    severity: 'ERROR',
    table: 'products',
    detail: 'Key (x)=(secret)',
  });
  return Object.assign(new Error('Failed query: SELECT * FROM users WHERE password_hash = $1\nparams: hash'), {
    cause: pg,
  });
}

describe('database errors', () => {
  it('finds PostgreSQL’s error behind Drizzle’s wrapper, and nothing in an ordinary error', () => {
    expect(findPgError(drizzleError('22003', 'out of range'))?.code).toBe('22003');
    expect(findPgError(new Error('boom'))).toBeNull();
    // A Node system error has a code too, but no severity: not a database answer.
    expect(findPgError(Object.assign(new Error('x'), { code: 'EPIPE' }))).toBeNull();
  });

  it('maps what user input can cause to 4xx and leaves the rest a 500', () => {
    expect(mapPgError({ code: '22003', severity: 'ERROR', message: '' })?.status).toBe(400);
    expect(mapPgError({ code: '22P02', severity: 'ERROR', message: '' })?.code).toBe(ResponseCode.INVALID_INPUT);
    expect(mapPgError({ code: '23505', severity: 'ERROR', message: '' })?.status).toBe(409);
    expect(mapPgError({ code: '42P01', severity: 'ERROR', message: '' })).toBeNull(); // undefined_table: our bug
  });

  it('logs neither the SQL, nor the parameters, nor the offending values', () => {
    const logged = JSON.stringify(loggablePgError(findPgError(drizzleError('23505', 'duplicate key')) as never));
    expect(logged).toContain('23505');
    for (const secret of ['SELECT', 'params', 'hash', 'secret', 'Failed query']) expect(logged).not.toContain(secret);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('names the field holding NUL or a lone surrogate, at any depth', () => {
    expect(findUnstorableText({ a: 'ok', b: 'x\u0000' })).toBe('b');
    expect(findUnstorableText({ values: [{ v: 'ok' }, { v: 'a\ud800b' }] })).toBe('values.1.v');
    expect(findUnstorableText('\udc00')).toBe('');
  });

  it('lets ordinary text through, emoji and rare characters included', () => {
    expect(findUnstorableText({ a: '😀𠮷中文', b: [1, null, true], c: { d: "' OR 1=1 --%_\\" } })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });
});

describe('loggableError', () => {
  it('keeps the type, the message and one frame of our code, not the stack', () => {
    const error = new TypeError('boom');
    error.stack = [
      'TypeError: boom',
      '    at inner (/x/node_modules/lib/index.js:1:1)',
      '    at save (/work/main/apps/server/src/modules/product/product.service.ts:42:7)',
      '    at other (/work/main/apps/server/src/app.ts:1:1)',
    ].join('\n');
    expect(loggableError(error)).toEqual({
      type: 'TypeError',
      message: 'boom',
      at: 'save (apps/server/src/modules/product/product.service.ts:42:7)',
    });
    expect(loggableError('text')).toEqual({ type: 'string', message: 'text' });
  });
});
