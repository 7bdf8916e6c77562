import { type SigningKey, signParams } from '@jcbb/contract';

export interface Answer {
  status: number;
  code: unknown;
  data: unknown;
  raw: string;
}

/** One signed POST, as the web console sends it; `token` adds the Bearer header. */
export async function signedPost(
  baseUrl: string,
  path: string,
  params: Record<string, unknown>,
  key: SigningKey,
  token?: string,
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers,
    body: JSON.stringify(signParams('POST', path, params, key)),
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

/** Sign in once and return the Bearer token. */
export async function login(baseUrl: string, key: SigningKey, mobile: string, password: string): Promise<string> {
  const answer = await signedPost(baseUrl, '/api/auth/login', { mobile, password }, key);
  const token = (answer.data as { access_token?: unknown } | null)?.access_token;
  if (answer.status !== 200 || answer.code !== 0 || typeof token !== 'string') {
    throw new Error(`sign-in as ${mobile} failed: HTTP ${answer.status} ${answer.raw}`);
  }
  return token;
}
