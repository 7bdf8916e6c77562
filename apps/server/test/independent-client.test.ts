import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from './harness.ts';

/**
 * A client written from docs/design.md §3 alone (issue 2, "done when"): its own canonical string and HMAC with
 * node:crypto, nothing from packages/contract and not the harness's `call`. If this client and the server agree,
 * the specification is enough to talk to the server.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Params = Record<string, unknown>;

function byCodePoint(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) as number);
  const y = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  }
  return x.length - y.length;
}

/** Compact JSON, object keys sorted at every depth, non-ASCII left as it is. */
function json(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : json(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Params)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => byCodePoint(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${json(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function parameterString(params: Params): string {
  return Object.keys(params)
    .filter((k) => k !== 'signature' && params[k] !== null && params[k] !== undefined)
    .sort(byCodePoint)
    .map((k) => {
      const v = params[k];
      return `${k}=${typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : json(v)}`;
    })
    .join('&');
}

interface Signed {
  method: 'GET' | 'POST';
  path: string;
  params: Params;
}

function sign(method: 'GET' | 'POST', path: string, params: Params, options: { timestamp?: number } = {}): Signed {
  const all: Params = {
    ...params,
    timestamp: options.timestamp ?? Date.now(),
    nonce: randomBytes(12).toString('base64url'),
    app_code: server.config.appCode,
    auth_key: server.config.authKey,
  };
  const canonical = `${method}\n${path}\n${parameterString(all)}`;
  all.signature = createHmac('sha256', server.config.authSecret).update(canonical, 'utf8').digest('hex');
  return { method, path, params: all };
}

async function send(request: Signed, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let res: Awaited<ReturnType<typeof server.app.inject>>;
  if (request.method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(request.params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : json(v)]),
    ).toString();
    res = await server.app.inject({ method: 'GET', url: `${request.path}?${query}`, headers });
  } else {
    headers['content-type'] = 'application/json; charset=utf-8';
    res = await server.app.inject({
      method: 'POST',
      url: request.path,
      payload: JSON.stringify(request.params),
      headers,
    });
  }
  return { status: res.statusCode, body: JSON.parse(res.body) as TestResponse['body'] };
}

describe('an independent client', () => {
  let token: string;

  it('signs in, with extra nested and Chinese parameters in the signed body', async () => {
    const res = await send(
      sign('POST', '/api/auth/login', {
        mobile: '13800000001',
        password: 'Jcbb@2026',
        device: { os: '鸿蒙', versions: [4, 2], z: true, a: null },
        '\u{1F600}': 'x',
        '\uFF61': 'y',
      }),
    );
    expect(res.body.code, res.body.msg).toBe(0);
    token = res.body.data.access_token;
    expect(typeof token).toBe('string');
  });

  it('reads /api/user/viewer', async () => {
    const res = await send(sign('GET', '/api/user/viewer', {}), token);
    expect(res.body.code).toBe(0);
    expect(res.body.data.mobile).toBe('13800000001');
    expect(res.body.data.organization.status).toBe('已认证');
  });

  it('reads its messages', async () => {
    const res = await send(sign('POST', '/notice/bmMessage/getMessageList', { pageNum: 1, pageSize: 5 }), token);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toHaveProperty('list');
    expect(Array.isArray(res.body.data.list.list)).toBe(true);
    expect(res.body.data.list.list.length).toBeGreaterThan(0);
  });

  it('the same request replayed answers 10004', async () => {
    const request = sign('GET', '/api/user/viewer', {});
    expect((await send(request, token)).body.code).toBe(0);
    const replay = await send(request, token);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(10004);
  });

  it('a stale request answers 10003', async () => {
    const res = await send(sign('GET', '/api/user/viewer', {}, { timestamp: Date.now() - 301_000 }), token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10003);
  });

  it('a wrong signature answers 10002', async () => {
    const request = sign('POST', '/notice/bmMessage/getMessageList', { pageNum: 1, pageSize: 5 });
    request.params.pageSize = 6;
    const res = await send(request, token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10002);
  });

  it('no token answers 10100', async () => {
    const res = await send(sign('GET', '/api/user/viewer', {}));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10100);
  });
});
