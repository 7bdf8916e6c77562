import type { IncomingMessage, ServerResponse } from 'node:http';
import { authEndpoints, pages } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // The camera scanner's QR reader is WebAssembly where the browser has none of its own (components/scanner):
      // compiling it needs 'wasm-unsafe-eval', which allows WebAssembly only, not eval.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      connectSrc: ["'self'"],
      // The console embeds external pages at /myiframe/urlPath (spec §2).
      frameSrc: ['*'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'self'"],
      // Served over plain HTTP on 127.0.0.1 by default: upgrading would break every asset.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * helmet's security headers. None of ours depends on the request, so they are computed once at start-up and
 * set on every reply; @fastify/helmet rebuilt them per request (≈11 µs, 15% of a light route: docs/performance.md).
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Browser features the platform does not use are denied to it and to every page it frames. Fullscreen stays
 * with our own origin (image previews, embedded pages); the camera only on the documents that scan, below.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'browsing-topics',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
export const PERMISSIONS_POLICY = [...DENIED_FEATURES.map((f) => `${f}=()`), 'camera=()', 'fullscreen=(self)'].join(
  ', ',
);
/** The public mobile page scans product codes with the camera: of the light pages, its HTML alone may use it. */
export const SCAN_PAGE_PATHS = new Set<string>([pages.scanIndex.path, `${pages.scanIndex.path}/`]);
const SCAN_PAGE_POLICY = PERMISSIONS_POLICY.replace('camera=()', 'camera=(self)');
/** Answers that are never a document: API calls and the build's files. */
const NOT_DOCUMENTS = ['/api/', '/open/', '/assets/', '/materials/', '/notice/', '/common/', '/dolphin/'];

/**
 * Whether the page at `path` may use the camera (from our origin only, and the browser still asks the user): the
 * public scan page, and the console's document — a single-page app, whose document is whatever address was opened
 * first, so every page of it, since the receive form scans a delivery's codes (/projectConstruction/receive). The
 * light pages that do not scan (/mobile/detail, /free/certificate), API answers and files keep it off.
 */
function mayUseCamera(path: string): boolean {
  if (SCAN_PAGE_PATHS.has(path)) return true;
  if (NOT_DOCUMENTS.some((p) => path.startsWith(p))) return false;
  const page = path.replace(/\/+$/, '');
  return page !== pages.scanDetail.path && page !== pages.certificateVerify.path;
}

/** Answers that carry credentials without being behind a session: never kept by a browser or a proxy either. */
const CREDENTIAL_ROUTES = new Set<string>([authEndpoints.login.path, authEndpoints.verifyToken.path]);

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = { ...securityHeaders(), 'permissions-policy': PERMISSIONS_POLICY };
  const scanPageHeaders = { ...headers, 'permissions-policy': SCAN_PAGE_POLICY };
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?', 1)[0] ?? '';
    reply.headers(mayUseCamera(path) ? scanPageHeaders : headers);
    // Every answer behind a session is someone's data: not to be stored by the browser or any cache between.
    const access = request.routeOptions.config?.access;
    if (access === 'session' || CREDENTIAL_ROUTES.has(request.routeOptions.url ?? '')) {
      reply.header('cache-control', 'no-store');
    }
    done();
  });
}
