import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  canonicalString,
  compareCodePoints,
  computeSignature,
  parameterString,
  SIGNING_PARAM_KEYS,
  type SigningKey,
  signParams,
  tooDeepAt,
} from './signing.ts';

const SECRET = 'jcbb-web-dev-secret-change-me';
/**
 * An HMAC independent of the code under test (noble-hashes): WebCrypto, which Node backs with OpenSSL like
 * node:crypto's createHmac. node:crypto itself cannot be typed here: the contract package compiles without Node's
 * types so that nothing Node-only slips into code the browser runs.
 */
async function hmacHex(text: string, secret = SECRET): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}
const meta = { timestamp: 1767225600000, app_code: 'jcbb', auth_key: 'jcbb-web-dev' };

describe('canonical string (docs/design.md §3)', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    const params = { b: { z: 1, a: [{ y: 2, x: 1 }, 3, 'c'] }, a: 'x' };
    expect(parameterString(params)).toBe('a=x&b={"a":[{"x":1,"y":2},3,"c"],"z":1}');
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
    expect(canonicalJson({ d: { c: { b: { a: 1, 0: 0 } } } })).toBe('{"d":{"c":{"b":{"0":0,"a":1}}}}');
  });

  it('keeps Chinese text as it is, at the top level and inside JSON', () => {
    expect(parameterString({ name: '南京绿筑', tags: ['绿色建材'] })).toBe('name=南京绿筑&tags=["绿色建材"]');
    expect(parameterString({ name: '南京绿筑' })).not.toContain('\\u');
  });

  it('skips null and undefined top-level values but keeps null inside objects', () => {
    expect(parameterString({ a: null, b: undefined, c: 'x', d: { z: null, y: undefined } })).toBe('c=x&d={"z":null}');
    expect(parameterString({ a: [null, 1] })).toBe('a=[null,1]');
  });

  it('writes numbers and booleans with String()', () => {
    expect(parameterString({ a: 1.5, b: 0, c: true, d: false, e: 1e21, f: 0.1 + 0.2, g: -0 })).toBe(
      'a=1.5&b=0&c=true&d=false&e=1e+21&f=0.30000000000000004&g=0',
    );
    // A number and the same digits as a string sign alike: a GET query arrives as strings.
    expect(parameterString({ n: 42 })).toBe(parameterString({ n: '42' }));
  });

  it('leaves out signature', () => {
    expect(parameterString({ signature: 'abc', a: '1' })).toBe('a=1');
  });

  it('keeps empty strings (they are not null)', () => {
    expect(parameterString({ a: '', b: '1' })).toBe('a=&b=1');
  });

  it('sorts keys by code point, not by UTF-16 code unit', () => {
    // U+FF61 < U+1F600 as code points, but the emoji's first code unit (0xD83D) is below 0xFF61.
    const halfwidth = '\uFF61';
    const emoji = '\u{1F600}';
    expect([emoji, halfwidth].sort()).toEqual([emoji, halfwidth]);
    expect([emoji, halfwidth].sort(compareCodePoints)).toEqual([halfwidth, emoji]);
    expect(parameterString({ [emoji]: 'e', [halfwidth]: 'h', z: 'z' })).toBe(`z=z&${halfwidth}=h&${emoji}=e`);
    expect(canonicalJson({ [emoji]: 1, [halfwidth]: 2 })).toBe(`{"${halfwidth}":2,"${emoji}":1}`);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
    expect(compareCodePoints('same', 'same')).toBe(0);
  });

  it('keeps a nested "__proto__" key as data', () => {
    const inner = JSON.parse('{"__proto__":{"x":1},"a":2}') as Record<string, unknown>;
    expect(canonicalJson(inner)).toBe('{"__proto__":{"x":1},"a":2}');
  });

  it('upper-cases the method and strips the query from the path', () => {
    expect(canonicalString('post', '/api/x?y=1&z=2', { a: 1 })).toBe('POST\n/api/x\na=1');
    expect(canonicalString('get', '/api/x', {})).toBe('GET\n/api/x\n');
  });
});

describe('known-answer vectors', () => {
  it('a sign-in body', async () => {
    const params = { mobile: '13800000001', password: 'Jcbb@2026', nonce: '0123456789abcdef', ...meta };
    const canonical =
      'POST\n/api/auth/login\napp_code=jcbb&auth_key=jcbb-web-dev&mobile=13800000001&nonce=0123456789abcdef&password=Jcbb@2026&timestamp=1767225600000';
    const expected = await hmacHex(canonical);
    // Also fixed as a literal, computed once with Python's hmac module.
    expect(expected).toBe('66980dd4a337d07cd8a725506b34b5b8898c3decad315393584f02d79c9f6f41');
    expect(computeSignature('POST', '/api/auth/login', params, SECRET)).toBe(expected);
    expect(computeSignature('POST', '/api/auth/login', { ...params, signature: 'old' }, SECRET)).toBe(expected);
  });

  it('a GET with its query in the path', async () => {
    const params = { orgId: '3', nonce: 'fedcba9876543210', ...meta };
    const canonical =
      'GET\n/api/app/authorized/org\napp_code=jcbb&auth_key=jcbb-web-dev&nonce=fedcba9876543210&orgId=3&timestamp=1767225600000';
    const expected = await hmacHex(canonical);
    expect(expected).toBe('c4bd48170d00fde3aca5ca560ac0d7361afcc13b5b324d2dd06cb49a1b686479');
    expect(computeSignature('get', '/api/app/authorized/org?orgId=3', params, SECRET)).toBe(expected);
  });

  it('nested objects, arrays, Chinese, nulls, booleans and astral keys', async () => {
    const params = {
      name: '南京绿筑 新型建材',
      items: [
        { spec: 'C30', qty: 2 },
        { qty: 1.5, spec: 'C25' },
      ],
      extra: { z: null, a: true },
      skipped: null,
      gone: undefined,
      flag: false,
      count: 0,
      '\u{1F600}': 'emoji',
      '\uFF61': 'halfwidth',
    };
    const canonical =
      'PUT\n/api/organization\ncount=0&extra={"a":true,"z":null}&flag=false&items=[{"qty":2,"spec":"C30"},{"qty":1.5,"spec":"C25"}]&name=南京绿筑 新型建材&\uFF61=halfwidth&\u{1F600}=emoji';
    const expected = await hmacHex(canonical);
    expect(expected).toBe('23743747eea55490207a851d2c6ef9017c326a0db0aa314f4c5fd517a3495600');
    expect(computeSignature('PUT', '/api/organization', params, SECRET)).toBe(expected);
  });

  it('a different secret gives a different signature', async () => {
    const params = { a: '1', nonce: '0123456789abcdef', ...meta };
    expect(computeSignature('POST', '/x', params, 'other-secret')).toBe(
      await hmacHex(
        'POST\n/x\na=1&app_code=jcbb&auth_key=jcbb-web-dev&nonce=0123456789abcdef&timestamp=1767225600000',
        'other-secret',
      ),
    );
    expect(computeSignature('POST', '/x', params, 'other-secret')).not.toBe(
      computeSignature('POST', '/x', params, SECRET),
    );
  });
});

describe('signParams', () => {
  const key: SigningKey = { appCode: 'jcbb', authKey: 'jcbb-web-dev', secret: SECRET };

  it('adds the five parameters, a 32-character hex nonce and a lowercase hex signature', () => {
    const signed = signParams('POST', '/api/auth/login', { mobile: '13800000001' }, key, 1767225600000);
    for (const k of SIGNING_PARAM_KEYS) expect(signed[k]).toBeDefined();
    expect(signed.timestamp).toBe(1767225600000);
    expect(signed.app_code).toBe('jcbb');
    expect(signed.auth_key).toBe('jcbb-web-dev');
    expect(signed.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(signed.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signParams('POST', '/x', {}, key).nonce).not.toBe(signParams('POST', '/x', {}, key).nonce);
  });

  it('signs over a stale signature in the input instead of including it', () => {
    const a = signParams('POST', '/x', { a: 1 }, key, 1, '0123456789abcdef');
    const b = signParams('POST', '/x', { a: 1, signature: 'stale' }, key, 1, '0123456789abcdef');
    expect(b.signature).toBe(a.signature);
  });
});

const paramKey = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k !== 'signature');
const paramValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('signing properties', () => {
  it('does not depend on the order in which keys were inserted', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(paramKey, paramValue), { selector: ([k]) => k, maxLength: 10 }),
        fc.nat(),
        (entries, seed) => {
          const shuffled = [...entries];
          for (let i = shuffled.length - 1; i > 0; i -= 1) {
            const j = (seed + i * 7919) % (i + 1);
            [shuffled[i], shuffled[j]] = [
              shuffled[j] as (typeof entries)[number],
              shuffled[i] as (typeof entries)[number],
            ];
          }
          const reversedDeep = (v: unknown): unknown =>
            Array.isArray(v)
              ? v.map(reversedDeep)
              : v !== null && typeof v === 'object'
                ? Object.fromEntries(
                    Object.entries(v)
                      .reverse()
                      .map(([k, x]) => [k, reversedDeep(x)]),
                  )
                : v;
          const a = Object.fromEntries(entries);
          const b = Object.fromEntries(shuffled.map(([k, v]) => [k, reversedDeep(v)]));
          expect(computeSignature('POST', '/p', b, SECRET)).toBe(computeSignature('POST', '/p', a, SECRET));
        },
      ),
    );
  });

  it('changes when any signed top-level value changes', () => {
    fc.assert(
      fc.property(
        fc.dictionary(paramKey, fc.string({ minLength: 1 }), { minKeys: 1, maxKeys: 8 }),
        fc.nat(),
        fc.string({ minLength: 1 }),
        (params, pick, replacement) => {
          const keys = Object.keys(params);
          const target = keys[pick % keys.length] as string;
          fc.pre(params[target] !== replacement);
          const changed = { ...params, [target]: replacement };
          expect(computeSignature('POST', '/p', changed, SECRET)).not.toBe(
            computeSignature('POST', '/p', params, SECRET),
          );
        },
      ),
    );
  });

  it('changes when a key is added, but not when signature changes', () => {
    fc.assert(
      fc.property(fc.dictionary(paramKey, fc.string()), fc.string(), (params, sig) => {
        const base = computeSignature('GET', '/p', params, SECRET);
        expect(computeSignature('GET', '/p', { ...params, signature: sig }, SECRET)).toBe(base);
        // Longer than every key, so it is new; 'signature' would be left out by design.
        const extra = `k${Object.keys(params).join('')}`;
        fc.pre(extra !== 'signature');
        expect(computeSignature('GET', '/p', { ...params, [extra]: 'v' }, SECRET)).not.toBe(base);
      }),
    );
  });

  it('signParams output verifies with computeSignature', () => {
    fc.assert(
      fc.property(
        fc.dictionary(paramKey, paramValue, { maxKeys: 8 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.string({ minLength: 1 }).map((s) => `/${encodeURIComponent(s)}`),
        fc.string({ minLength: 1 }),
        (params, method, path, secret) => {
          const key: SigningKey = { appCode: 'jcbb', authKey: 'k', secret };
          const signed = signParams(method, path, params, key);
          expect(computeSignature(method, path, signed, secret)).toBe(signed.signature);
          expect(computeSignature(method.toLowerCase(), `${path}?q=1`, signed, secret)).toBe(signed.signature);
        },
      ),
    );
  });
});

describe('tooDeepAt', () => {
  it('finds the first object or array deeper than the limit, without recursing', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = i % 2 ? { a: deep } : [deep];
    expect(tooDeepAt({ x: 1, deep })).toBe(
      ['deep', ...Array.from({ length: 32 }, (_, i) => (i % 2 ? '0' : 'a'))].join('.'),
    );
    expect(tooDeepAt({ a: { b: [1, { c: 2 }] } })).toBeNull();
    expect(tooDeepAt({ a: { b: {} } }, 2)).toBeNull();
    expect(tooDeepAt({ a: { b: { c: {} } } }, 2)).toBe('a.b.c');
    expect(tooDeepAt('text')).toBeNull();
  });
});
