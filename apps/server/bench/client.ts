import { type SigningKey, signParams } from '@jcbb/contract';
import type { RequestData } from 'autocannon';

export interface Answer {
  status: number;
  code: unknown;
  data: unknown;
  raw: string;
}

/** Send one request built for autocannon through fetch, and read its envelope. */
export async function send(baseUrl: string, request: RequestData): Promise<Answer> {
  const res = await fetch(baseUrl + (request.path ?? '/'), {
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(30_000),
  });
  const raw = await res.text();
  let body: { code?: unknown; data?: unknown } = {};
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    // Not JSON: `raw` tells.
  }
  return { status: res.status, code: body.code, data: body.data, raw: raw.slice(0, 500) };
}

/** Sign in once, as the console does, and return the Bearer token. */
export async function login(baseUrl: string, key: SigningKey, mobile: string, password: string): Promise<string> {
  const path = '/api/auth/login';
  const answer = await send(baseUrl, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signParams('POST', path, { mobile, password }, key)),
  });
  const token = (answer.data as { access_token?: unknown } | null)?.access_token;
  if (answer.status !== 200 || answer.code !== 0 || typeof token !== 'string') {
    throw new Error(`sign-in as ${mobile} failed: HTTP ${answer.status} ${answer.raw}`);
  }
  return token;
}
