import { signParams } from '@jcbb/contract';
import { e2eSigningKey } from './web-build.ts';

/**
 * A signed POST from the test itself, as any client of the API makes it: to set up or look up what a browser test
 * needs without clicking through it. Throws unless the answer's code is 0.
 */
export async function api(
  baseUrl: string,
  url: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<Record<string, unknown>> {
  // The e2e server's key, whatever the shell's AUTH_KEY says (as the server itself: bench/server-process.ts).
  const key = e2eSigningKey;
  const res = await fetch(new URL(url, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(signParams('POST', url, body, key)),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.msg}`);
  return answer.data;
}
