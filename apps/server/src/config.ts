import path from 'node:path';
import { z } from 'zod';

/** Every setting comes from the environment; README.md lists each with its default (docs/design.md §3). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL server instead of the embedded database. */
  databaseUrl: string | null;
  /** In-memory embedded database (tests). */
  memoryDb: boolean;
  redisUrl: string | null;
  /** Prefix of every key in the shared store, so several deployments (or test servers) can share one Redis. */
  kvPrefix: string;
  appCode: string;
  authKey: string;
  authSecret: string;
  seedDemo: boolean;
  production: boolean;
  logLevel: string;
  /** Session lifetime. */
  sessionTtlMs: number;
  /** scrypt cost N (2^17 by OWASP's recommendation; tests lower it to stay fast). */
  scryptCost: number;
  /** Largest upload accepted. */
  maxUploadBytes: number;
  /** Folder of the built web console served at /. */
  webDist: string;
  /**
   * Public address of the site (e.g. https://jcbb.example.cn, no trailing slash): the links printed on labels, in
   * code CSVs and in certificates' QR codes. Never taken from a request's Host (docs/decisions.md); required in
   * production, else http://127.0.0.1:PORT.
   */
  publicBaseUrl: string;
  /** Requests per minute and client address to /open/ (OPEN_RATE_LIMIT); beyond, 429 with Retry-After. */
  openRateLimit: number;
  /**
   * The evidence ledger's Ed25519 signing key (a 32-byte seed, 64 hex digits or base64). Null: the key in
   * DATA_DIR/ledger-ed25519.key, generated on first start.
   */
  ledgerSigningKey: string | null;
  /**
   * Which peers may set X-Forwarded-For (TRUST_PROXY): false (none, the default), a hop count, or the proxies'
   * addresses / CIDR ranges. Fastify's `trustProxy` option (hardening; see README and docs/deployment.md).
   */
  trustProxy: boolean | number | string[];
  /** Settings the console reads at start-up (GET /open/config). */
  web: {
    externalSiteUrl: string;
    helpCenterUrl: string;
    customerServiceUrl: string;
    messageNotice: boolean;
    /** How a new organisation joins, shown on the sign-in page (JOIN_INFO); empty: the console's default text. */
    joinInfo: string;
  };
}

/**
 * Requests per minute per client address to /open/: two a second, sustained, is more than a person scanning a
 * pallet's labels with a phone (one page and its image per label) will do (docs/decisions.md, "Public lookups").
 */
export const OPEN_RATE_LIMIT_DEFAULT = 120;

export const DEV_AUTH_KEY = 'jcbb-web-dev';
export const DEV_AUTH_SECRET = 'jcbb-web-dev-secret-change-me';

/**
 * TRUST_PROXY: empty for none; a number of hops (only when the port is reachable through the proxy alone); or
 * comma-separated addresses / CIDR ranges of the proxies (`127.0.0.1,10.0.0.0/8`). `true` (trust every peer) is
 * refused: a client reaching the port directly could then pick its own address and dodge the sign-in limits.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v.toLowerCase() === 'true') {
    throw new ConfigError(['TRUST_PROXY: must name the proxy addresses (e.g. 127.0.0.1) or a hop count, not true']);
  }
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** Words a yes/no variable may take; anything else is a mistake worth stopping for, not a silent "no". */
const YES = ['1', 'true', 'yes', 'on'];
const NO = ['0', 'false', 'no', 'off'];

function bool(value: boolean | undefined, fallback: boolean): boolean {
  return value ?? fallback;
}

/** An unset or empty variable is absent: its default applies. */
const unset = (value: unknown) => (value === '' ? undefined : value);

const flag = z.preprocess(
  unset,
  z
    .string()
    .toLowerCase()
    .refine((v) => YES.includes(v) || NO.includes(v), { error: `must be one of ${[...YES, ...NO].join(', ')}` })
    .transform((v) => YES.includes(v))
    .optional(),
);

function numberIn(min: number, max: number, what: string) {
  return z.preprocess(
    unset,
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, { error: `must be ${what}` })
      .transform(Number)
      .refine((n) => n >= min && n <= max, { error: `must be ${what} between ${min} and ${max}` })
      .optional(),
  );
}

function urlOf(protocols: string[]) {
  return z.preprocess(
    unset,
    z
      .string()
      .refine(
        (v) => {
          try {
            return protocols.includes(new URL(v).protocol);
          } catch {
            return false;
          }
        },
        { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
      )
      .optional(),
  );
}

/**
 * PUBLIC_BASE_URL: the site's own address as printed on paper, scheme, host and an optional path, nothing a link
 * could not be appended to (no query, no fragment, no credentials). One trailing slash is forgiven.
 */
const baseUrl = z.preprocess(
  unset,
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          const url = new URL(v);
          return (
            (url.protocol === 'http:' || url.protocol === 'https:') &&
            url.search === '' &&
            url.hash === '' &&
            url.username === '' &&
            url.password === '' &&
            !v.includes('?') &&
            !v.includes('#')
          );
        } catch {
          return false;
        }
      },
      {
        error:
          'must be a URL starting with http:// or https://, without query or fragment (e.g. https://jcbb.example.cn)',
      },
    )
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
);

/**
 * What each variable may hold, checked before anything starts: a mistyped value stops the server with one message
 * per variable instead of running on NaN or a silent default (fail closed).
 */
const envSchema = z.object({
  NODE_ENV: z.preprocess(
    unset,
    z.enum(['production', 'development', 'test'], { error: 'must be production, development or test' }).optional(),
  ),
  PORT: z.preprocess(
    unset,
    z
      .string()
      .regex(/^\d+$/, { error: 'must be a port number (0–65535)' })
      .transform(Number)
      .refine((n) => n <= 65535, { error: 'must be a port number (0–65535)' })
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    unset,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .optional(),
  ),
  SESSION_TTL_HOURS: numberIn(0.1, 24 * 30, 'a number of hours'),
  MAX_UPLOAD_MB: numberIn(1, 1024, 'a number of megabytes'),
  SEED_DEMO: flag,
  MESSAGE_NOTICE: flag,
  DATABASE_URL: urlOf(['postgres:', 'postgresql:']),
  REDIS_URL: urlOf(['redis:', 'rediss:']),
  PUBLIC_BASE_URL: baseUrl,
  OPEN_RATE_LIMIT: z.preprocess(
    unset,
    z
      .string()
      .trim()
      .regex(/^\d+$/, { error: 'must be a whole number of requests per minute' })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 1_000_000, { error: 'must be a whole number of requests per minute, 1–1000000' })
      .optional(),
  ),
  EXTERNAL_SITE_URL: urlOf(['http:', 'https:']),
  HELP_CENTER_URL: urlOf(['http:', 'https:']),
  CUSTOMER_SERVICE_URL: urlOf(['http:', 'https:']),
});

/** The configuration is wrong: one line per bad variable, for the operator. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function parseEnv(env: NodeJS.ProcessEnv) {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      // Never echo a value that may carry a password (a database or Redis URL).
      const shown = name === 'DATABASE_URL' || name === 'REDIS_URL' ? '' : ` (got "${env[name]}")`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const v = parseEnv(env);
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const databaseUrl = env.DATABASE_URL || null;
  const production = v.NODE_ENV === 'production';
  // Demo accounts have a published password: never in production, whatever SEED_DEMO says (docs/decisions.md).
  if (production && v.SEED_DEMO === true) {
    throw new ConfigError([
      'SEED_DEMO: demo data (accounts with a published password) is never seeded when NODE_ENV=production; create the first administrator with npm run admin:create',
    ]);
  }
  const port = v.PORT ?? 8080;
  const config: Config = {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl,
    memoryDb: false,
    redisUrl: env.REDIS_URL || null,
    kvPrefix: env.REDIS_PREFIX ?? 'jcbb:',
    appCode: env.APP_CODE ?? 'jcbb',
    authKey: env.AUTH_KEY ?? DEV_AUTH_KEY,
    authSecret: env.AUTH_SECRET ?? DEV_AUTH_SECRET,
    // Demo data by default only on the embedded database (docs/design.md §7), and never in production.
    seedDemo: bool(v.SEED_DEMO, databaseUrl === null && !production),
    production,
    logLevel: v.LOG_LEVEL ?? 'info',
    sessionTtlMs: (v.SESSION_TTL_HOURS ?? 12) * 3600_000,
    scryptCost: 2 ** 17,
    maxUploadBytes: Math.round((v.MAX_UPLOAD_MB ?? 20) * 1024 * 1024),
    webDist: path.join(repoRoot, 'apps/web/dist'),
    publicBaseUrl: v.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`,
    openRateLimit: v.OPEN_RATE_LIMIT ?? OPEN_RATE_LIMIT_DEFAULT,
    ledgerSigningKey: env.LEDGER_SIGNING_KEY || null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    web: {
      externalSiteUrl: env.EXTERNAL_SITE_URL ?? '',
      helpCenterUrl: env.HELP_CENTER_URL ?? '',
      customerServiceUrl: env.CUSTOMER_SERVICE_URL ?? '',
      messageNotice: bool(v.MESSAGE_NOTICE, true),
      joinInfo: env.JOIN_INFO?.trim() ?? '',
    },
  };
  const problems: string[] = [];
  if (production && (config.authKey === DEV_AUTH_KEY || config.authSecret === DEV_AUTH_SECRET)) {
    problems.push('AUTH_KEY and AUTH_SECRET must be set to non-default values when NODE_ENV=production');
  }
  // Printed links must name the deployment, never whatever Host a request carried (docs/decisions.md).
  if (production && !v.PUBLIC_BASE_URL) {
    problems.push(
      'PUBLIC_BASE_URL: required when NODE_ENV=production: the public address printed on labels, code CSVs and certificates (e.g. https://jcbb.example.cn)',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
