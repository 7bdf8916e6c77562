import { PARAMS_MAX_DEPTH } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../lib/errors.ts';

// The gateway refuses anything deeper before this runs (PARAMS_MAX_DEPTH, plugins/signing.ts).
const MAX_DEPTH = PARAMS_MAX_DEPTH;
/** Half of a surrogate pair without its other half: ill-formed UTF-16, which no keyboard produces. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path (`values.0.name`) of the first string PostgreSQL cannot store, '' for the value itself, null if none. */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isUnstorable(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, child] of Object.entries(value)) {
    const hit = findUnstorableText(child, path ? `${path}.${key}` : key, depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

/**
 * Text PostgreSQL refuses: NUL in any text column (SQLSTATE 22021), and a lone surrogate, which JSON.stringify
 * writes as `\ud800` and a jsonb column (audit-log details) rejects (22P02). No form of ours has a use for either,
 * so any field holding one is refused up front with its name, for every route at once, rather than each schema
 * learning it. Registered after the gateway: only signed (and, where needed, signed-in) requests get this far.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [source, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const field = findUnstorableText(value);
      if (field !== null) throw invalidInput([{ field: field || source, message: '包含无效字符（如空字符）' }]);
    }
  });
}
