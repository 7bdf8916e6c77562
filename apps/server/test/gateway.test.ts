import { randomBytes } from 'node:crypto';
import {
  authEndpoints,
  fileEndpoints,
  fillPath,
  SIGNATURE_WINDOW_MS,
  SIGNING_PARAM_KEYS,
  type SigningKey,
  signParams,
  systemEndpoints,
  traceEndpoints,
} from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stringify, type TestResponse, type TestServer, toResponse } from './harness.ts';

/**
 * The gateway through the real app (docs/design.md §3): signature first, then session, both before validation. Requests
 * are built here rather than with `server.call` so that each can be broken in one chosen way.
 */
/** The calls the gateway's checks are tried on, by their declarations: a renamed path breaks the compiler. */
const CONFIG = systemEndpoints.getOpenConfig.path;
const HEALTH = systemEndpoints.health.path;
const LOGIN = authEndpoints.login.path;
const VIEWER = authEndpoints.viewer.path;
const AUTHORIZED_ORG = authEndpoints.getAuthorizedOrg.path;
const PASSWORD = authEndpoints.changePassword.path;
const TOKEN_DETAILS = authEndpoints.getTokenInvalidDetails.path;
const UPLOAD = fileEndpoints.upload.path;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('13800000001');
});
afterAll(async () => {
  await server?.stop();
});

interface SignOptions {
  now?: number;
  nonce?: string;
  key?: Partial<SigningKey>;
}

function sign(method: string, url: string, params: Record<string, unknown> = {}, options: SignOptions = {}) {
  const key = { ...server.key, ...options.key };
  return signParams(method, url.split('?')[0] as string, params, key, options.now, options.nonce) as Record<
    string,
    unknown
  >;
}

async function get(url: string, query: Record<string, unknown>, headers: Record<string, string> = {}) {
  return toResponse(await server.app.inject({ method: 'GET', url, query: stringify(query), headers }));
}

async function post(url: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return toResponse(await server.app.inject({ method: 'POST', url, payload: body, headers }));
}

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
/** A fresh nonce of `length` characters: with TEST_REDIS_URL spent nonces outlive the test server by 10 minutes. */
const freshNonce = (length = 32) => randomBytes(length).toString('hex').slice(0, length);

/** An error answer: exactly { code, msg, data }, the expected status and code, and nothing internal in it. */
function expectError(res: TestResponse, status: number, code: number) {
  expect(res.status, res.raw).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'msg']);
  expect(res.body.code).toBe(code);
  expect(typeof res.body.msg).toBe('string');
  expect(res.body.msg.length).toBeGreaterThan(0);
  expectNoLeak(res.raw);
}

function expectNoLeak(raw: string) {
  expect(raw).not.toMatch(/stack/i);
  expect(raw).not.toMatch(/\bSELECT\b|\bINSERT\b|\bFROM\b/);
  expect(raw).not.toMatch(/at .*\.(?:ts|js):\d+/);
  expect(raw).not.toMatch(/node_modules|\/work\/|\\n\s+at /);
}

describe('signing parameters', () => {
  it.each(SIGNING_PARAM_KEYS)('missing %s answers 400 10001', async (name) => {
    const query = sign('GET', CONFIG);
    delete query[name];
    expectError(await get(CONFIG, query), 400, 10001);
  });

  it.each(SIGNING_PARAM_KEYS)('empty %s answers 400 10001', async (name) => {
    const query = { ...sign('GET', CONFIG), [name]: '' };
    expectError(await get(CONFIG, query), 400, 10001);
  });

  it('no parameters at all, and a POST body that is not an object, answer 10001', async () => {
    expectError(await get(CONFIG, {}), 400, 10001);
    const res = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expectError(toResponse(res), 400, 10001);
  });

  it('a nonce shorter than 16 characters answers 10001', async () => {
    expectError(await get(CONFIG, sign('GET', CONFIG, {}, { nonce: 'abc123' })), 400, 10001);
    expectError(await get(CONFIG, sign('GET', CONFIG, {}, { nonce: freshNonce(15) })), 400, 10001);
    const ok = await get(CONFIG, sign('GET', CONFIG, {}, { nonce: freshNonce(16) }));
    expect(ok.body.code).toBe(0);
  });

  it('a nonce given twice in the query is not a nonce: 10001', async () => {
    const query = stringify(sign('GET', CONFIG));
    const url = `${CONFIG}?${new URLSearchParams(query).toString()}&nonce=another-nonce-0123456`;
    expectError(toResponse(await server.app.inject({ method: 'GET', url })), 400, 10001);
  });

  it('a bad signature answers 401 10002', async () => {
    const query = sign('GET', CONFIG);
    const sig = String(query.signature);
    query.signature = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    expectError(await get(CONFIG, query), 401, 10002);
    expectError(await get(CONFIG, { ...sign('GET', CONFIG), signature: 'short' }), 401, 10002);
    const upper = sign('GET', CONFIG);
    expectError(await get(CONFIG, { ...upper, signature: String(upper.signature).toUpperCase() }), 401, 10002);
  });

  it('a signature under another secret answers 10002', async () => {
    const query = sign('GET', CONFIG, {}, { key: { secret: 'not-the-secret' } });
    expectError(await get(CONFIG, query), 401, 10002);
  });

  it('an unknown auth_key or an app_code that does not match the key answers 401 10005', async () => {
    expectError(await get(CONFIG, sign('GET', CONFIG, {}, { key: { authKey: 'nobody' } })), 401, 10005);
    expectError(await get(CONFIG, sign('GET', CONFIG, {}, { key: { appCode: 'other' } })), 401, 10005);
  });

  it('a timestamp 301 s old or 301 s ahead answers 401 10003; 299 s either way passes', async () => {
    const now = Date.now();
    expectError(await get(CONFIG, sign('GET', CONFIG, {}, { now: now - 301_000 })), 401, 10003);
    expectError(await get(CONFIG, sign('GET', CONFIG, {}, { now: now + 301_000 })), 401, 10003);
    expect((await get(CONFIG, sign('GET', CONFIG, {}, { now: now - 299_000 }))).body.code).toBe(0);
    expect((await get(CONFIG, sign('GET', CONFIG, {}, { now: now + 299_000 }))).body.code).toBe(0);
    expect(SIGNATURE_WINDOW_MS).toBe(300_000);
  });

  it('a timestamp that is not a number answers 10003', async () => {
    const query = sign('GET', CONFIG, {}, { now: Number.NaN });
    expect(query.timestamp).toBeNaN();
    expectError(await get(CONFIG, query), 401, 10003);
  });

  it('the same request twice: the second answers 401 10004', async () => {
    const query = sign('GET', VIEWER);
    expect((await get(VIEWER, query, bearer(token))).body.code).toBe(0);
    expectError(await get(VIEWER, query, bearer(token)), 401, 10004);
  });

  it('a public read (/open/) keeps no nonce: the same request again is answered', async () => {
    const query = sign('GET', CONFIG);
    expect((await get(CONFIG, query)).body.code).toBe(0);
    expect((await get(CONFIG, query)).body.code).toBe(0);
  });

  it('a nonce is spent on any path: reusing it for another call answers 10004', async () => {
    const nonce = freshNonce();
    const viewer = await get(VIEWER, sign('GET', VIEWER, {}, { nonce }), bearer(token));
    expect(viewer.body.code).toBe(0);
    const res = await get(TOKEN_DETAILS, sign('GET', TOKEN_DETAILS, {}, { nonce }));
    expectError(res, 401, 10004);
  });

  it('a forged request does not burn the nonce of the real one', async () => {
    const nonce = freshNonce();
    const url = VIEWER;
    const forged = { ...sign('GET', url, {}, { nonce }), signature: 'f'.repeat(64) };
    expectError(await get(url, forged, bearer(token)), 401, 10002);
    const stale = sign('GET', url, {}, { nonce, now: Date.now() - 10 * 60_000 });
    expectError(await get(url, stale, bearer(token)), 401, 10003);
    const foreign = sign('GET', url, {}, { nonce, key: { authKey: 'nobody' } });
    expectError(await get(url, foreign, bearer(token)), 401, 10005);
    expect((await get(url, sign('GET', url, {}, { nonce }), bearer(token))).body.code).toBe(0);
  });
});

describe('what is signed', () => {
  it('GET signs its query: changing a parameter after signing answers 10002', async () => {
    const me = await get(VIEWER, sign('GET', VIEWER), bearer(token));
    const orgId = me.body.data.companyId as number;
    const query = sign('GET', AUTHORIZED_ORG, { orgId });
    const ok = await get(AUTHORIZED_ORG, query, bearer(token));
    expect(ok.body.code).toBe(0);
    const tampered = { ...sign('GET', AUTHORIZED_ORG, { orgId }), orgId: orgId + 1 };
    expectError(await get(AUTHORIZED_ORG, tampered, bearer(token)), 401, 10002);
    const added = { ...sign('GET', AUTHORIZED_ORG, { orgId }), extra: '1' };
    expectError(await get(AUTHORIZED_ORG, added, bearer(token)), 401, 10002);
  });

  it('the path is signed: a signature for one path does not open another', async () => {
    const query = sign('GET', TOKEN_DETAILS);
    expectError(await get(VIEWER, query, bearer(token)), 401, 10002);
  });

  it('the method is signed', async () => {
    const body = sign('GET', LOGIN, { mobile: '13800000005', password: 'Jcbb@2026' });
    expectError(await post(LOGIN, body), 401, 10002);
  });

  it('POST signs its body: changing a field after signing answers 10002', async () => {
    const body = sign('POST', LOGIN, { mobile: '13800000005', password: 'wrong' });
    expectError(await post(LOGIN, { ...body, password: 'Jcbb@2026' }), 401, 10002);
    const ok = await post(LOGIN, sign('POST', LOGIN, { mobile: '13800000005', password: 'Jcbb@2026' }));
    expect(ok.body.code).toBe(0);
  });

  it('POST with the signing parameters in the query instead of the body answers 10001', async () => {
    const query = sign('POST', LOGIN, { mobile: '13800000005', password: 'Jcbb@2026' });
    const res = await server.app.inject({
      method: 'POST',
      url: LOGIN,
      query: stringify(query),
      payload: { mobile: '13800000005', password: 'Jcbb@2026' },
    });
    expectError(toResponse(res), 400, 10001);
  });

  it('a HEAD request is no way around the signature or the session', async () => {
    const res = await server.app.inject({
      method: 'HEAD',
      url: VIEWER,
      query: stringify(sign('GET', VIEWER)),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('a signed request without a session is refused before its input is validated', async () => {
    const body = sign('POST', PASSWORD, { oldPassword: 1, newPassword: 'weak' });
    expectError(await post(PASSWORD, body), 401, 10100);
    const unsigned = await post(PASSWORD, { oldPassword: 1, newPassword: 'weak' }, bearer(token));
    expectError(unsigned, 400, 10001);
  });
});

describe('multipart uploads sign their query', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  function multipart(fileName: string, bytes: Buffer) {
    const boundary = `----jcbb${Date.now()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  async function upload(query: Record<string, unknown> | null, withToken = true) {
    const { payload, headers } = multipart('dot.png', png);
    const res = await server.app.inject({
      method: 'POST',
      url: UPLOAD,
      ...(query ? { query: stringify(query) } : {}),
      payload,
      headers: { ...headers, ...(withToken ? bearer(token) : {}) },
    });
    return toResponse(res);
  }

  it('a correctly signed query uploads', async () => {
    const res = await upload(sign('POST', UPLOAD));
    expect(res.status, res.raw).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data.mime).toBe('image/png');
  });

  it('no query answers 10001, a tampered query 10002, a replayed one 10004, no token 10100', async () => {
    expectError(await upload(null), 400, 10001);
    expectError(await upload({ ...sign('POST', UPLOAD), folder: 'x' }), 401, 10002);
    const query = sign('POST', UPLOAD);
    expect((await upload(query)).body.code).toBe(0);
    expectError(await upload(query), 401, 10004);
    expectError(await upload(sign('POST', UPLOAD), false), 401, 10100);
  });
});

describe('sessions at the gateway', () => {
  it('GET /open/config answers signed and without a token; unsigned it answers 10001', async () => {
    const res = await get(CONFIG, sign('GET', CONFIG));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, msg: 'success' });
    expect(res.body.data.appCode).toBe('jcbb');
    expectError(await get(CONFIG, {}), 400, 10001);
  });

  it('GET /api/health answers unsigned', async () => {
    const res = toResponse(await server.app.inject({ method: 'GET', url: HEALTH }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg: 'success', data: { status: 'ok' } });
  });

  it('no token answers 401 10100', async () => {
    expectError(await get(VIEWER, sign('GET', VIEWER)), 401, 10100);
  });

  it('a garbage, an empty or a non-Bearer token answers 401 10100', async () => {
    for (const authorization of [
      'Bearer garbage',
      'Bearer ',
      'Bearer a b',
      `Basic ${token}`,
      token,
      'Bearer ../../etc',
    ]) {
      const res = await get(VIEWER, sign('GET', VIEWER), { authorization });
      expectError(res, 401, 10100);
    }
  });

  it('a valid token answers 0', async () => {
    const res = await get(VIEWER, sign('GET', VIEWER), bearer(token));
    expect(res.body.code).toBe(0);
    expect(res.body.data.mobile).toBe('13800000001');
  });

  it('a token is accepted whatever the case of "Bearer"', async () => {
    const res = await get(VIEWER, sign('GET', VIEWER), { authorization: `bearer ${token}` });
    expect(res.body.code).toBe(0);
  });
});

describe('errors', () => {
  it('malformed JSON answers 400 40000 without the parser talking', async () => {
    const res = toResponse(
      await server.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: '{"mobile": "13800000001", "password": ',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expectError(res, 400, 40000);
    expect(res.body.msg).not.toMatch(/JSON|Unexpected|position|token|FST_/i);
    expect(res.body.data).toBeNull();
  });

  it('an empty JSON body answers 400 40000', async () => {
    const res = toResponse(
      await server.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: '',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expectError(res, 400, 40000);
  });

  it('a body of a type the server does not read answers 415 41500', async () => {
    const res = toResponse(
      await server.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: 'mobile=13800000001',
        headers: { 'content-type': 'text/xml' },
      }),
    );
    expectError(res, 415, 41500);
  });

  it('a body over the limit answers 413 41300', async () => {
    const res = toResponse(
      await server.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expectError(res, 413, 41300);
  });

  it('an unknown route answers 404 40400, for any method, signed or not', async () => {
    expectError(toResponse(await server.app.inject({ method: 'GET', url: '/api/nothing-here' })), 404, 40400);
    expectError(await post('/api/nothing-here', sign('POST', '/api/nothing-here')), 404, 40400);
    expectError(toResponse(await server.app.inject({ method: 'DELETE', url: VIEWER })), 404, 40400);
    expectError(toResponse(await server.app.inject({ method: 'GET', url: '/no/such/page' })), 404, 40400);
  });

  it('a validation error names its field in Chinese and says nothing internal', async () => {
    const res = await post(LOGIN, sign('POST', LOGIN, { mobile: '123', password: 'x' }));
    expectError(res, 400, 40000);
    expect(res.body.data.fields).toEqual([{ field: 'mobile', message: '请输入正确的手机号' }]);
    const missing = await post(LOGIN, sign('POST', LOGIN, {}));
    expectError(missing, 400, 40000);
    const fields = (missing.body.data.fields as { field: string; message: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['mobile', 'password']);
    for (const f of missing.body.data.fields as { message: string }[]) expect(f.message).toMatch(/\p{Script=Han}/u);
  });
});

describe('headers', () => {
  it('security headers are on answers, errors included', async () => {
    const answers = [
      await server.app.inject({ method: 'GET', url: HEALTH }),
      await server.app.inject({ method: 'GET', url: VIEWER }),
      await server.app.inject({ method: 'GET', url: '/api/missing' }),
    ];
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('x-request-id is echoed when well formed and made up otherwise', async () => {
    const given = 'req-0123456789abcdef';
    const echoed = await server.app.inject({ method: 'GET', url: HEALTH, headers: { 'x-request-id': given } });
    expect(echoed.headers['x-request-id']).toBe(given);
    const onError = await server.app.inject({ method: 'GET', url: '/api/missing', headers: { 'x-request-id': given } });
    expect(onError.headers['x-request-id']).toBe(given);
    const bad = await server.app.inject({
      method: 'GET',
      url: HEALTH,
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await server.app.inject({ method: 'GET', url: HEALTH });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('caching and browser features', () => {
  it('every answer behind a session says Cache-Control: no-store, refusals included; so do sign-in answers', async () => {
    const viewer = await server.call('GET', VIEWER, {}, token);
    expect(viewer.body.code).toBe(0);
    expect(viewer.headers['cache-control']).toBe('no-store');
    const refused = await server.call('GET', VIEWER, {}, 'not-a-token');
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const unsigned = await server.app.inject({ method: 'GET', url: VIEWER });
    expect(unsigned.headers['cache-control']).toBe('no-store');
    const login = await server.call('POST', LOGIN, { mobile: '13800000002', password: 'Jcbb@2026' });
    expect(login.body.code).toBe(0);
    expect(login.headers['cache-control']).toBe('no-store');
    // A public answer is not forced to no-store.
    const health = await server.app.inject({ method: 'GET', url: HEALTH });
    expect(health.headers['cache-control']).not.toBe('no-store');
  });

  it('Permissions-Policy denies what the platform does not use; only the documents that scan may use the camera', async () => {
    const scanCall = fillPath(traceEndpoints.publicTrace.path, { code: 'X' });
    const noCamera = [HEALTH, '/api/missing', scanCall, '/assets/x.js', '/mobile/detail'];
    for (const url of [...noCamera, '/free/certificate']) {
      const policy = String((await server.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      expect(policy, url).toContain('camera=()');
      expect(policy, url).toContain('microphone=()');
      expect(policy, url).toContain('geolocation=()');
      expect(policy, url).toContain('payment=()');
      expect(policy, url).toContain('usb=()');
    }
    // The public scan page, and the console's document (a single-page app: whichever address opened it), whose
    // receive form scans a delivery's codes.
    for (const url of ['/mobile/index', '/mobile/index?code=abc', '/', '/projectConstruction/receive', '/login']) {
      const policy = String((await server.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      expect(policy, url).toContain('camera=(self)');
      expect(policy, url).toContain('microphone=()');
    }
  });

  it('lets the page compile WebAssembly (the QR reader), and still runs no eval or foreign script', async () => {
    const csp = String((await server.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(csp).not.toContain("'unsafe-eval'");
  });
});
