import { errorCatalogue, type FieldError, pages, ResponseCode } from '@jcbb/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ThrottledError } from '../lib/errors.ts';
import { findPgError, loggablePgError, mapPgError } from './db-errors.ts';

/**
 * What the log keeps of an unexpected error: its name, message and the one place in our code it came from, not
 * the whole stack (the standard: no stack traces in logs; one frame is enough to find the line and fix it).
 */
export function loggableError(error: unknown): { type: string; message: string; at?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, 500) };
  const frame = error.stack
    ?.split('\n')
    .slice(1)
    .find((line) => line.includes('/src/') && !line.includes('node_modules'));
  // Repository-relative, so no machine's folder layout reaches the log.
  const at = frame
    ?.trim()
    .replace(/^at\s+/, '')
    .replace(/(?:file:\/\/)?\/[^\s()]*?\/(apps|packages)\//, '$1/');
  return { type: error.name, message: error.message.slice(0, 500), ...(at ? { at } : {}) };
}

function send(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.status(status).send({ code, msg, data });
}

/** Turn a schema validation error's items into `{ field, message }` pairs: `items.0.name`, not `/items/0/name`. */
function fieldErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((item) => {
    const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const missing = (item.params as { missingProperty?: string } | undefined)?.missingProperty;
    return { field: path || missing || error.validationContext || 'body', message: item.message ?? '格式不正确' };
  });
}

/**
 * One error handler for the whole app. A user's mistake answers its 4xx code and message; anything else is
 * logged with the request id and answered 50000 with a plain message: no stack, SQL or internal names leave.
 */
/** Paths of the API: a miss there is a 404 envelope, never the console's page. */
const API_PREFIXES = ['/api/', '/open/', '/materials/', '/notice/', '/common/', '/dolphin/'];
/**
 * The pages a QR code opens, served as the web build's light document (apps/web/public.html: no antd, no console
 * router; docs/decisions.md, "The public pages' light entry") when the build has one; every other page is the
 * console's index.html.
 */
export const LIGHT_PAGES = new Set<string>([
  pages.scanIndex.path,
  pages.scanDetail.path,
  pages.certificateVerify.path,
  pages.authorisationVerify.path,
]);

export function registerErrorHandling(
  app: FastifyInstance,
  options: { spaFallback?: boolean; lightPage?: boolean } = {},
) {
  app.setErrorHandler((thrown: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (thrown instanceof AppError) {
      if (thrown instanceof ThrottledError) reply.header('retry-after', String(thrown.retryAfterSeconds));
      if (thrown.status >= 500) request.log.error({ error: loggableError(thrown) }, 'request failed');
      return send(reply, thrown.status, thrown.code, thrown.message, thrown.data);
    }
    const error = thrown as FastifyError;
    if (error.validation) {
      const fields = fieldErrors(error);
      const first = fields[0];
      return send(reply, 400, ResponseCode.INVALID_INPUT, first ? `${first.field}: ${first.message}` : '请求参数有误', {
        fields,
      });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
      const { status: s, msg } = errorCatalogue[ResponseCode.PAYLOAD_TOO_LARGE];
      return send(reply, s, ResponseCode.PAYLOAD_TOO_LARGE, msg);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      const { status: s, msg } = errorCatalogue[ResponseCode.UNSUPPORTED_MEDIA_TYPE];
      return send(reply, s, ResponseCode.UNSUPPORTED_MEDIA_TYPE, msg);
    }
    if (status === 429) {
      return send(reply, 429, ResponseCode.TOO_MANY_ATTEMPTS, errorCatalogue[ResponseCode.TOO_MANY_ATTEMPTS].msg);
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content length and the like: the client's fault, told in our words, not the parser's.
      request.log.info({ code: error.code }, 'bad request');
      return send(reply, 400, ResponseCode.INVALID_INPUT, '请求格式不正确');
    }
    const pgError = findPgError(thrown);
    if (pgError) {
      // Logged without Drizzle's wrapper: its message carries the SQL and every bound parameter.
      const mapped = mapPgError(pgError);
      if (mapped) {
        // A 4xx for the user, but a value some schema should have refused: warn, so it gets fixed there.
        request.log.warn({ dbError: loggablePgError(pgError) }, 'database refused user input');
        return send(reply, mapped.status, mapped.code, mapped.msg);
      }
      request.log.error({ dbError: loggablePgError(pgError) }, 'request failed');
      return send(reply, 500, ResponseCode.INTERNAL, errorCatalogue[ResponseCode.INTERNAL].msg);
    }
    request.log.error({ error: loggableError(error) }, 'request failed');
    return send(reply, 500, ResponseCode.INTERNAL, errorCatalogue[ResponseCode.INTERNAL].msg);
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spaFallback && request.method === 'GET' && !API_PREFIXES.some((p) => request.url.startsWith(p))) {
      const pathOnly = (request.url.split('?')[0] ?? '').replace(/\/+$/, '');
      const file = options.lightPage && LIGHT_PAGES.has(pathOnly) ? 'public.html' : 'index.html';
      return reply.type('text/html').sendFile(file);
    }
    return send(reply, 404, ResponseCode.NOT_FOUND, '接口不存在');
  });
}
