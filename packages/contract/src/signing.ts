/**
 * Request signing, exactly as docs/design.md §3 specifies. The web client and the tests sign with this function and
 * the server verifies with it, so there is one definition of the canonical string.
 *
 * Pure JavaScript (noble-hashes) rather than node:crypto or WebCrypto: it must run synchronously in the browser
 * and in Node alike.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const SIGNING_PARAM_KEYS = ['timestamp', 'nonce', 'app_code', 'auth_key', 'signature'] as const;
/** The server accepts a timestamp within this many milliseconds of its clock. */
export const SIGNATURE_WINDOW_MS = 300_000;
export const NONCE_MIN_LENGTH = 16;

const SURROGATE = /[\uD800-\uDFFF]/;

/** Compare strings by Unicode code point (JavaScript's default sort compares UTF-16 code units). */
export function compareCodePoints(a: string, b: string): number {
  // Without surrogate pairs, UTF-16 order is code-point order: the fast comparison is exact (the usual case).
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const ca = ia.next();
    const cb = ib.next();
    if (ca.done || cb.done) return ca.done === cb.done ? 0 : ca.done ? -1 : 1;
    const diff = (ca.value.codePointAt(0) ?? 0) - (cb.value.codePointAt(0) ?? 0);
    if (diff !== 0) return diff;
  }
}

/**
 * How deep objects and arrays may nest in a request's parameters (the top level is depth 0). No form of ours goes
 * past a handful; the server refuses deeper input before canonicalising it (400 with the field), because
 * canonicalJson, the text guard and zod all recurse and a body nested thousands of levels deep overflows the stack.
 */
export const PARAMS_MAX_DEPTH = 32;

/**
 * The path (`a.b.0`) of the first object or array nested deeper than `max` levels in `value`, or null. Iterative,
 * so it is safe on any input; it looks no deeper than `max`.
 */
export function tooDeepAt(value: unknown, max: number = PARAMS_MAX_DEPTH): string | null {
  const stack: [unknown, string[]][] = [[value, []]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, path] = next;
    if (node === null || typeof node !== 'object') continue;
    if (path.length > max) return path.join('.');
    for (const [key, child] of Object.entries(node)) stack.push([child, [...path, key]]);
  }
  return null;
}

/**
 * Wire signing's canonical JSON: compact, object keys sorted by Unicode code point at every depth, non-ASCII
 * characters as they are, and whatever `JSON.stringify` makes of the rest (undefined members dropped, a Date as its
 * ISO string, NaN as null): it only has to be what the client and the server both compute from the same request.
 * Not the ledger's entry bytes: those are `canonicalEntryJson` in `ledger-proof.ts` (UTF-16 key order, JSON values
 * only, non-finite numbers refused), fixed for ever because hashes are taken over them (docs/decisions.md,
 * "Canonical JSON: wire signing vs ledger bytes").
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value));
}

function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    // Object.fromEntries defines own properties, so a "__proto__" key stays data instead of setting the prototype.
    return Object.fromEntries(
      Object.keys(value)
        .sort(compareCodePoints)
        .map((key) => [key, sortKeysDeep((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

function paramValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return canonicalJson(value);
}

/** `key=value&…` of every top-level parameter but `signature`, skipping null and undefined, sorted by key. */
export function parameterString(params: Record<string, unknown>): string {
  return Object.keys(params)
    .filter((key) => key !== 'signature' && params[key] !== null && params[key] !== undefined)
    .sort(compareCodePoints)
    .map((key) => `${key}=${paramValue(params[key])}`)
    .join('&');
}

/** Upper-case method, newline, path without query, newline, parameter string. */
export function canonicalString(method: string, path: string, params: Record<string, unknown>): string {
  const pathOnly = path.split('?')[0] ?? path;
  return `${method.toUpperCase()}\n${pathOnly}\n${parameterString(params)}`;
}

/** Lowercase hex HMAC-SHA256 of the canonical string under the secret that belongs to `auth_key`. */
export function computeSignature(
  method: string,
  path: string,
  params: Record<string, unknown>,
  secret: string,
): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(canonicalString(method, path, params))));
}

export interface SigningKey {
  appCode: string;
  authKey: string;
  secret: string;
}

function randomNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/**
 * Add the five signing parameters to a request's parameters (the JSON body of POST/PUT, the query of GET/DELETE,
 * the query of a multipart upload) and return the new object.
 */
export function signParams<T extends Record<string, unknown>>(
  method: string,
  path: string,
  params: T,
  key: SigningKey,
  now: number = Date.now(),
  nonce: string = randomNonce(),
): T & Record<(typeof SIGNING_PARAM_KEYS)[number], string | number> {
  const withMeta: Record<string, unknown> = {
    ...params,
    timestamp: now,
    nonce,
    app_code: key.appCode,
    auth_key: key.authKey,
  };
  delete withMeta.signature;
  const signature = computeSignature(method, path, withMeta, key.secret);
  return { ...withMeta, signature } as T & Record<(typeof SIGNING_PARAM_KEYS)[number], string | number>;
}
