// Subpath imports: the contract's index also loads zod and its schemas, which the client needs only on pages with
// forms; every page load needs this file.
import { type Envelope, isMaterialsPath, ResponseCode, reloginCodes } from '@jcbb/contract/codes';
import { REQUEST_TIMEOUT_MS } from '@jcbb/contract/enums';
import { signParams } from '@jcbb/contract/signing';
import { notify } from './notify.ts';
import { session } from './session.ts';

/**
 * The web app's one HTTP client (spec §7, §8; docs/design.md §3):
 * - every call signed with the contract's function (query for GET/DELETE and uploads, body for POST/PUT);
 * - a Bearer token on every path except /open/;
 * - 20 000 ms timeout;
 * - codes 10100/10101 and HTTP 401 → the re-login flow (registered by the app, see `onSessionInvalid`);
 * - other 4xx → the server's message as a 5-second error toast; other failures → a message;
 * - `silent` suppresses the toasts for callers that handle failures themselves (polling, message calls);
 * - blob responses pass through.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Per-field messages of a 40000 answer: { field: message }. */
  get fieldErrors(): Record<string, string> {
    const fields = (this.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
    return Object.fromEntries(fields.map((f) => [f.field, f.message]));
  }
}

export interface RequestOptions {
  /** Do not toast failures; the caller handles them. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Send this token instead of the session's (the invalid-token check sends the old one). */
  token?: string | null;
}

type SessionInvalidHandler = (token: string | null) => void;
let sessionInvalidHandler: SessionInvalidHandler = () => {};
/** The app registers what to do when the session is gone (spec §8 re-login flow). */
export function onSessionInvalid(handler: SessionInvalidHandler): void {
  sessionInvalidHandler = handler;
}

const signingKey = __JCBB_SIGNING__;

function toQuery(params: Record<string, unknown>): string {
  const entries = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)] as [string, string]);
  return new URLSearchParams(entries).toString();
}

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  params: Record<string, unknown>,
  options: RequestOptions & { file?: File | Blob; fileName?: string; blob?: boolean },
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  const headers: Record<string, string> = {};
  const token = options.token !== undefined ? options.token : session.get().token;
  if (token && !path.startsWith('/open/')) headers.authorization = `Bearer ${token}`;
  const inQuery = method === 'GET' || method === 'DELETE' || options.file !== undefined;
  // Cleaned of undefined so the client and the server sign the same parameters.
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
  const signed = signParams(method, path, inQuery ? stringifyValues(clean) : clean, signingKey);
  let url = path;
  let body: BodyInit | undefined;
  if (inQuery) {
    url = `${path}?${toQuery(signed)}`;
    if (options.file) {
      const form = new FormData();
      form.append(
        'file',
        options.file,
        options.fileName ?? (options.file instanceof File ? options.file.name : 'file'),
      );
      body = form;
    }
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(signed);
  }
  try {
    return await fetch(url, { method, headers, body, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

/** Query values travel as strings: sign them as the server will see them. */
function stringifyValues(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
}

/**
 * A signed address of a GET, for a link the browser opens itself (an /open/ JSON document offered for reuse). The
 * signature's time window is short: sign when the link is followed (its onClick), not when the page renders.
 */
export function signedGetPath(path: string, query: Record<string, unknown> = {}): string {
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
  return `${path}?${toQuery(signParams('GET', path, stringifyValues(clean), signingKey))}`;
}

async function handle<T>(response: Response, path: string, options: RequestOptions): Promise<T> {
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  const successCode = isMaterialsPath(path) ? ResponseCode.MATERIALS_OK : ResponseCode.OK;
  if (response.ok && envelope && (envelope.code === successCode || envelope.code === ResponseCode.OK)) {
    return envelope.data;
  }
  const code = envelope?.code ?? ResponseCode.INTERNAL;
  const msg = envelope?.msg || `请求失败（${response.status}）`;
  const error = new ApiError(msg, code, response.status, envelope?.data ?? null);
  if (response.status === 401 || reloginCodes.includes(code)) {
    sessionInvalidHandler(options.token !== undefined ? options.token : session.get().token);
    throw error;
  }
  if (!options.silent) {
    if (response.status >= 400 && response.status < 500) notify.error(msg, 5);
    else notify.error(msg);
  }
  throw error;
}

async function run<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  params: Record<string, unknown>,
  options: RequestOptions & { file?: File | Blob; fileName?: string } = {},
): Promise<T> {
  const response = await send(method, path, params, options).catch((cause: unknown) => failed(cause, options));
  return handle<T>(response, path, options);
}

/** The request never got an answer: timeout, network, or the caller's own abort. */
function failed(cause: unknown, options: RequestOptions): never {
  // A caller that cancels (TanStack Query on unmount or a new key) expects no toast for it.
  if (options.signal?.aborted) throw cause;
  const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
  const msg = timedOut ? '请求超时，请稍后重试' : '网络异常，请检查网络连接';
  if (!options.silent) notify.error(msg);
  throw new ApiError(msg, ResponseCode.UNAVAILABLE, 0);
}

export const http = {
  /** Any method; `lib/api.ts`'s `call` goes through here. */
  request: <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    params: Record<string, unknown> = {},
    options?: RequestOptions,
  ) => run<T>(method, path, params, options),
  get: <T>(path: string, query: Record<string, unknown> = {}, options?: RequestOptions) =>
    run<T>('GET', path, query, options),
  post: <T>(path: string, body: Record<string, unknown> = {}, options?: RequestOptions) =>
    run<T>('POST', path, body, options),
  put: <T>(path: string, body: Record<string, unknown> = {}, options?: RequestOptions) =>
    run<T>('PUT', path, body, options),
  delete: <T>(path: string, query: Record<string, unknown> = {}, options?: RequestOptions) =>
    run<T>('DELETE', path, query, options),
  /** Multipart upload of one file (field "file"); signed through the query, which carries `query` too. */
  upload: <T>(
    path: string,
    file: File | Blob,
    options?: RequestOptions & { fileName?: string; query?: Record<string, unknown> },
  ) => run<T>('POST', path, options?.query ?? {}, { ...options, file }),
  /**
   * A JSON document published outside the envelope (an `envelope: false` endpoint, GET): answered as it is; a
   * refusal (404, 400) is still enveloped and fails as any call does.
   */
  async document(path: string, query: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<unknown> {
    const response = await send('GET', path, query, options).catch((cause: unknown) => failed(cause, options));
    if (response.ok && (response.headers.get('content-type') ?? '').includes('json')) return response.json();
    return handle<never>(response, path, options);
  },
  /** A file download: the blob passes through untouched (spec §8). */
  async blob(method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}, options: RequestOptions = {}) {
    const response = await send(method, path, params, options).catch((cause: unknown) => failed(cause, options));
    if (response.ok && !(response.headers.get('content-type') ?? '').includes('application/json')) {
      return response.blob();
    }
    return handle<never>(response, path, options);
  },
};
