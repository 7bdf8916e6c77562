import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  canonicalString,
  NONCE_MIN_LENGTH,
  PARAMS_MAX_DEPTH,
  ResponseCode,
  SIGNATURE_WINDOW_MS,
  SIGNING_PARAM_KEYS,
  tooDeepAt,
} from '@jcbb/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidInput } from '../lib/errors.ts';
import type { KvStore } from '../lib/kv-store.ts';

export interface SigningKeyRecord {
  appCode: string;
  authKey: string;
  secret: string;
}

/** The parameters a request signs: its JSON body for POST/PUT/PATCH, else (and for multipart) its query. */
export function signedParams(request: FastifyRequest, fromQuery: boolean): Record<string, unknown> | null {
  const source = fromQuery || request.method === 'GET' || request.method === 'DELETE' ? request.query : request.body;
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return null;
  return source as Record<string, unknown>;
}

/**
 * Verify a request's signature as docs/design.md §3 specifies: all five parameters present, a known app and key, the
 * timestamp within 300 s, the HMAC equal (compared in constant time), and only then the nonce recorded, so a
 * forged request cannot burn a real client's nonce. `recordNonce: false` (public reads under /open/) checks all but
 * the nonce: such a request may be replayed within the window, to no one's gain.
 */
export function createSignatureVerifier(keys: SigningKeyRecord[], nonces: KvStore, now: () => number = Date.now) {
  const byKey = new Map(keys.map((k) => [k.authKey, k]));
  return async function verify(
    request: FastifyRequest,
    fromQuery: boolean,
    options: { recordNonce?: boolean } = {},
  ): Promise<void> {
    const params = signedParams(request, fromQuery);
    if (!params || SIGNING_PARAM_KEYS.some((k) => params[k] === undefined || params[k] === null || params[k] === '')) {
      throw new AppError(ResponseCode.SIGNING_PARAMS_MISSING);
    }
    const { timestamp, nonce, app_code: appCode, auth_key: authKey, signature } = params;
    if (typeof nonce !== 'string' || nonce.length < NONCE_MIN_LENGTH || nonce.length > 128) {
      throw new AppError(ResponseCode.SIGNING_PARAMS_MISSING, 'nonce 至少 16 个字符');
    }
    const key = typeof authKey === 'string' ? byKey.get(authKey) : undefined;
    if (!key || key.appCode !== appCode) throw new AppError(ResponseCode.UNKNOWN_APP_OR_KEY);
    const ts = Number(timestamp);
    if (!Number.isFinite(ts) || Math.abs(now() - ts) > SIGNATURE_WINDOW_MS) {
      throw new AppError(ResponseCode.TIMESTAMP_OUT_OF_WINDOW);
    }
    // Before canonicalising (which recurses): a body nested thousands of levels deep overflowed the stack (a 500).
    const deep = tooDeepAt(params);
    if (deep !== null) {
      throw invalidInput([{ field: deep, message: `参数嵌套层数过多（最多 ${PARAMS_MAX_DEPTH} 层）` }]);
    }
    const path = request.url.split('?')[0] ?? request.url;
    // The contract defines what is signed (canonicalString); the HMAC itself runs in node:crypto here, about twice
    // as fast as the contract's pure-JavaScript one that browsers need. Every API test signs with the contract's
    // computeSignature and so checks the two agree.
    const canonical = canonicalString(request.method, path, params);
    const expected = Buffer.from(createHmac('sha256', key.secret).update(canonical, 'utf8').digest('hex'), 'utf8');
    const given = Buffer.from(String(signature), 'utf8');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError(ResponseCode.SIGNATURE_MISMATCH);
    }
    // A nonce is remembered for twice the window: any replay inside the window finds it. Public reads skip it.
    if (options.recordNonce === false) return;
    if (!(await nonces.setIfAbsent(`nonce:${authKey}:${nonce}`, 2 * SIGNATURE_WINDOW_MS))) {
      throw new AppError(ResponseCode.NONCE_REUSED);
    }
  };
}
