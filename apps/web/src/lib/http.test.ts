import { computeSignature, REQUEST_TIMEOUT_MS } from '@jcbb/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http, onSessionInvalid } from './http.ts';
import { type Notifier, setNotifier } from './notify.ts';
import { session } from './session.ts';

const secret = __JCBB_SIGNING__.secret;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let notifier: { [K in keyof Notifier]: ReturnType<typeof vi.fn<Notifier[K]>> };
let invalid: ReturnType<typeof vi.fn<(token: string | null) => void>>;

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

function headersOf(init: RequestInit): Record<string, string> {
  return (init.headers ?? {}) as Record<string, string>;
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
  notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  setNotifier(notifier);
  invalid = vi.fn();
  onSessionInvalid(invalid);
  session.setToken('token-abc');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  session.clear();
});

describe('http: signing (docs/design.md §3)', () => {
  it('signs a POST body with the five parameters and a signature the contract verifies', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: { ok: 1 } }));
    await expect(http.post('/notice/bmMessage/getMessageList', { pageNum: 2, channelNos: ['jcbb'] })).resolves.toEqual({
      ok: 1,
    });
    const { url, init } = lastCall();
    expect(url).toBe('/notice/bmMessage/getMessageList');
    expect(init.method).toBe('POST');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ pageNum: 2, channelNos: ['jcbb'], app_code: 'jcbb', auth_key: 'jcbb-web-dev' });
    expect(typeof body.timestamp).toBe('number');
    expect(String(body.nonce).length).toBeGreaterThanOrEqual(16);
    const { signature, ...rest } = body;
    expect(signature).toBe(computeSignature('POST', '/notice/bmMessage/getMessageList', rest, secret));
    // A tampered body no longer matches.
    expect(signature).not.toBe(
      computeSignature('POST', '/notice/bmMessage/getMessageList', { ...rest, pageNum: 3 }, secret),
    );
  });

  it('signs a GET query as the strings the server receives, leaving out undefined values', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: [] }));
    await http.get('/api/app/authorized/org', { orgId: 7, skipped: undefined });
    const { url, init } = lastCall();
    expect(init.body).toBeUndefined();
    const parsed = new URL(url, 'http://localhost');
    expect(parsed.pathname).toBe('/api/app/authorized/org');
    const query = Object.fromEntries(parsed.searchParams);
    expect(query).not.toHaveProperty('skipped');
    expect(query).toMatchObject({ orgId: '7', app_code: 'jcbb', auth_key: 'jcbb-web-dev' });
    const { signature, ...rest } = query;
    expect(signature).toBe(computeSignature('GET', '/api/app/authorized/org', rest, secret));
  });
});

describe('http: Bearer token', () => {
  it('sends the session token on API paths', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: null }));
    await http.get('/api/user/viewer');
    expect(headersOf(lastCall().init).authorization).toBe('Bearer token-abc');
  });

  it('sends no token under /open/', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: {} }));
    await http.get('/open/config');
    expect(headersOf(lastCall().init)).not.toHaveProperty('authorization');
  });

  it('sends the token given in the options instead of the session one, and none for null', async () => {
    fetchMock.mockImplementation(async () => json({ code: 0, msg: 'success', data: null }));
    await http.get('/api/auth/token/invalid/details', {}, { token: 'old-token' });
    expect(headersOf(lastCall().init).authorization).toBe('Bearer old-token');
    await http.get('/api/user/token/verify', {}, { token: null });
    expect(headersOf(lastCall().init)).not.toHaveProperty('authorization');
  });

  it('accepts 200 as success on materials paths', async () => {
    fetchMock.mockResolvedValue(json({ code: 200, msg: 'success', data: { orgType: 6 } }));
    await expect(http.post('/materials/UserInfoController/getUserRole')).resolves.toEqual({ orgType: 6 });
  });
});

describe('http: re-login flow (spec §8)', () => {
  it.each([
    ['HTTP 401 with code 10100', 401, 10100],
    ['HTTP 401 with code 10101', 401, 10101],
    ['HTTP 401 with another code', 401, 10002],
    ['code 10100 under another status', 200, 10100],
  ])('%s calls the registered handler with the token that failed', async (_label, status, code) => {
    fetchMock.mockResolvedValue(json({ code, msg: '登录已失效，请重新登录', data: null }, status));
    const error = await http.get('/api/user/viewer').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code, status });
    expect(invalid).toHaveBeenCalledTimes(1);
    expect(invalid).toHaveBeenCalledWith('token-abc');
    // The re-login flow speaks for itself: no error toast on top of it.
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('reports the token the call was made with when one was given', async () => {
    fetchMock.mockResolvedValue(json({ code: 10101, msg: '您的账号已在其他地方登录', data: null }, 401));
    await http.get('/api/user/viewer', {}, { token: 'explicit' }).catch(() => {});
    expect(invalid).toHaveBeenCalledWith('explicit');
  });

  it('still runs the re-login flow for silent calls', async () => {
    fetchMock.mockResolvedValue(json({ code: 10100, msg: '登录已失效', data: null }, 401));
    await http.post('/notice/bmMessage/getMessageList', {}, { silent: true }).catch(() => {});
    expect(invalid).toHaveBeenCalledTimes(1);
  });
});

describe('http: error toasts (spec §8)', () => {
  it('shows another 4xx body msg as a 5-second error toast and keeps the field errors', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          code: 40000,
          msg: '手机号或密码错误',
          data: { fields: [{ field: 'password', message: '手机号或密码错误' }] },
        },
        400,
      ),
    );
    const error = (await http.post('/api/auth/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(notifier.error).toHaveBeenCalledWith('手机号或密码错误', 5);
    expect(error.code).toBe(40000);
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ password: '手机号或密码错误' });
    expect(invalid).not.toHaveBeenCalled();
  });

  it('shows 403 and 404 the same way', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 40300, msg: '没有权限执行此操作', data: null }, 403));
    fetchMock.mockResolvedValueOnce(json({ code: 40400, msg: '消息不存在', data: null }, 404));
    await http.get('/api/a').catch(() => {});
    await http.get('/api/b').catch(() => {});
    expect(notifier.error.mock.calls).toEqual([
      ['没有权限执行此操作', 5],
      ['消息不存在', 5],
    ]);
  });

  it('shows a 5xx answer as an error message', async () => {
    fetchMock.mockResolvedValue(json({ code: 50000, msg: '服务器开小差了，请稍后再试', data: null }, 500));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 50000, status: 500 });
    expect(notifier.error).toHaveBeenCalledTimes(1);
    expect(notifier.error.mock.calls[0]?.[0]).toBe('服务器开小差了，请稍后再试');
    expect(notifier.error.mock.calls[0]?.[1]).toBeUndefined();
  });

  it('shows a non-JSON failure (a proxy page) with its status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 502 });
    expect(notifier.error).toHaveBeenCalledWith('请求失败（502）', undefined);
  });

  it('treats a 200 answer with an error code as a failure', async () => {
    fetchMock.mockResolvedValue(json({ code: 40900, msg: '当前状态不允许此操作', data: null }, 200));
    await expect(http.post('/api/x')).rejects.toMatchObject({ code: 40900 });
    expect(notifier.error).toHaveBeenCalledTimes(1);
  });

  it('shows a network failure as a message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 50300, status: 0 });
    expect(notifier.error.mock.calls).toEqual([['网络异常，请检查网络连接', undefined]]);
  });

  it('silent suppresses every toast but still rejects with the server code and message', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 40400, msg: '消息不存在', data: null }, 404));
    fetchMock.mockResolvedValueOnce(json({ code: 50000, msg: '出错', data: null }, 500));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.post('/api/a', {}, { silent: true })).rejects.toMatchObject({
      code: 40400,
      message: '消息不存在',
    });
    await expect(http.post('/api/b', {}, { silent: true })).rejects.toMatchObject({ code: 50000 });
    await expect(http.post('/api/c', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.warning).not.toHaveBeenCalled();
  });

  it('stays quiet when the caller aborts its own request', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = http.get('/api/x', {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    expect(notifier.error).not.toHaveBeenCalled();
  });
});

describe('http: blobs and timeout', () => {
  it('passes a file download through untouched', async () => {
    fetchMock.mockResolvedValue(new Response('a,b\n1,2', { status: 200, headers: { 'content-type': 'text/csv' } }));
    const result = await http.blob('GET', '/materials/products-settled-in-cities/export');
    // Compared by shape: the Response under test is Node's, its Blob not the jsdom window's.
    expect(result).toMatchObject({ type: 'text/csv', size: 7 });
    expect(await (result as Blob).text()).toBe('a,b\n1,2');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('handles a JSON error answer to a download like any other call', async () => {
    fetchMock.mockResolvedValue(json({ code: 40400, msg: '文件不存在', data: null }, 404));
    await expect(http.blob('GET', '/api/file/1')).rejects.toMatchObject({ code: 40400 });
    expect(notifier.error).toHaveBeenCalledWith('文件不存在', 5);
  });

  it('shows a network failure of a download', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.blob('GET', '/api/file/1')).rejects.toBeInstanceOf(ApiError);
    expect(notifier.error.mock.calls).toEqual([['网络异常，请检查网络连接', undefined]]);
  });

  it(`gives up after ${REQUEST_TIMEOUT_MS} ms with a timeout message`, async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    let settled: unknown = 'pending';
    const pending = http.get('/api/slow').then(
      () => 'resolved',
      (e: unknown) => e,
    );
    void pending.then((v) => {
      settled = v;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '请求超时，请稍后重试', status: 0 });
    expect(notifier.error.mock.calls).toEqual([['请求超时，请稍后重试', undefined]]);
  });
});
