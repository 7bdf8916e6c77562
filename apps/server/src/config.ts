import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { EVENT_LOOP_STALL_LIMIT_MS } from './lib/watchdog.ts';

/**
 * Requests per minute per client address to /open/: two a second, sustained, is more than a person scanning a
 * pallet's labels with a phone (one page and its image per label) will do (docs/decisions.md, "Public lookups").
 */
export const OPEN_RATE_LIMIT_DEFAULT = 120;

export const DEV_AUTH_KEY = 'jcbb-web-dev';
export const DEV_AUTH_SECRET = 'jcbb-web-dev-secret-change-me';
/**
 * The shortest AUTH_SECRET production accepts: 32 characters, as many as a 128-bit secret written in base64 or 32
 * hex digits (docs/decisions.md, "Configuration through one schema"). It is HMAC-SHA256's key.
 */
export const PRODUCTION_SECRET_MIN_LENGTH = 32;

/** Words a yes/no variable may take; anything else is a mistake worth stopping for, not a silent "no". */
const YES = ['1', 'true', 'yes', 'on'];
const NO = ['0', 'false', 'no', 'off'];

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

/** Free text with a default: trimmed; unset or blank takes the default. */
const text = z.preprocess(unset, z.string().trim().optional());
/** A name (key id, prefix, host): no spaces or control characters. */
function word(what: string) {
  return z.preprocess(
    unset,
    z
      .string()
      .trim()
      .regex(/^[\x21-\x7E]+$/, { error: `must be ${what} without spaces` })
      .optional(),
  );
}

/**
 * TRUST_PROXY: empty for none; a number of hops (only when the port is reachable through the proxy alone); or
 * comma-separated addresses / CIDR ranges of the proxies (`127.0.0.1,10.0.0.0/8`). `true` (trust every peer) is
 * refused: a client reaching the port directly could then pick its own address and dodge the sign-in limits.
 */
const trustProxy = z.preprocess(
  unset,
  z
    .string()
    .trim()
    .refine((v) => v.toLowerCase() !== 'true', {
      error: 'must name the proxy addresses (e.g. 127.0.0.1) or a hop count, not true',
    })
    .transform((v): false | number | string[] => {
      if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
      if (/^\d+$/.test(v)) return Number(v);
      return v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
    })
    .optional(),
);

/** LEDGER_SIGNING_KEY: a 32-byte Ed25519 seed, 64 hex digits or base64 (modules/ledger/ledger.key.ts reads it). */
const ledgerKey = z.preprocess(
  unset,
  z
    .string()
    .trim()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v) || (/^[A-Za-z0-9+/]{43}=?$/.test(v) && Buffer.from(v, 'base64').length === 32),
      { error: 'must be a 32-byte Ed25519 seed: 64 hex digits or base64' },
    )
    .optional(),
);

/** Variables whose value is never repeated in a message: they may carry a password or are secrets. */
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'REDIS_URL', 'AUTH_SECRET', 'LEDGER_SIGNING_KEY']);

/**
 * Every variable the server reads, and what each may hold, checked before anything starts: a mistyped value stops
 * the server with one message per variable instead of running on NaN or a silent default (fail closed). Nothing
 * in apps/server/src reads process.env but this (and admin-create's ADMIN_PASSWORD, a one-off input, not a setting).
 */
const envSchema = z
  .object({
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
    HOST: word('an address or host name (127.0.0.1, 0.0.0.0, ::)'),
    DATA_DIR: text,
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
    EVIDENCE_READING: flag,
    DATABASE_URL: urlOf(['postgres:', 'postgresql:']),
    REDIS_URL: urlOf(['redis:', 'rediss:']),
    REDIS_PREFIX: word('a key prefix'),
    APP_CODE: word('an application code'),
    AUTH_KEY: word('a key id'),
    // Not trimmed: the web build embeds the variable as it is, and the two must sign alike.
    AUTH_SECRET: z.preprocess(unset, z.string().optional()),
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
    TRUST_PROXY: trustProxy,
    EVENT_LOOP_STALL_LIMIT_S: numberIn(1, 3600, 'a number of seconds'),
    LEDGER_SIGNING_KEY: ledgerKey,
    CERTIFICATE_FONT: z.preprocess(
      unset,
      z
        .string()
        .trim()
        .refine((v) => existsSync(v), { error: 'no file at this path (a .ttf/.otf CJK font)' })
        .optional(),
    ),
    EXTERNAL_SITE_URL: urlOf(['http:', 'https:']),
    HELP_CENTER_URL: urlOf(['http:', 'https:']),
    CUSTOMER_SERVICE_URL: urlOf(['http:', 'https:']),
    JOIN_INFO: text,
  })
  .superRefine((v, ctx) => {
    if (v.NODE_ENV !== 'production') return;
    const problem = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
    // Demo accounts have a published password: never in production, whatever SEED_DEMO says (docs/decisions.md).
    if (v.SEED_DEMO === true) {
      problem(
        'SEED_DEMO',
        'demo data (accounts with a published password) is never seeded when NODE_ENV=production; create the first administrator with npm run admin:create',
      );
    }
    if ((v.AUTH_KEY ?? DEV_AUTH_KEY) === DEV_AUTH_KEY) {
      problem('AUTH_KEY', 'must be set to a non-default value when NODE_ENV=production');
    }
    const secret = v.AUTH_SECRET ?? DEV_AUTH_SECRET;
    if (secret === DEV_AUTH_SECRET) {
      problem('AUTH_SECRET', 'must be set to a non-default value when NODE_ENV=production');
    } else if (secret.length < PRODUCTION_SECRET_MIN_LENGTH) {
      problem(
        'AUTH_SECRET',
        `must be at least ${PRODUCTION_SECRET_MIN_LENGTH} characters when NODE_ENV=production (got ${secret.length}); e.g. openssl rand -base64 33`,
      );
    }
    // Printed links must name the deployment, never whatever Host a request carried (docs/decisions.md).
    if (!v.PUBLIC_BASE_URL) {
      problem(
        'PUBLIC_BASE_URL',
        'required when NODE_ENV=production: the public address printed on labels, code CSVs and certificates (e.g. https://jcbb.example.cn)',
      );
    }
  });

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The environment, checked, made into the server's settings; `Config` is what this returns. */
const configSchema = envSchema.transform((v) => {
  const production = v.NODE_ENV === 'production';
  const databaseUrl = v.DATABASE_URL ?? null;
  const port = v.PORT ?? 8080;
  return {
    port,
    host: v.HOST ?? '127.0.0.1',
    dataDir: path.resolve(v.DATA_DIR ?? path.join(repoRoot, 'data')),
    /** A PostgreSQL server instead of the embedded database. */
    databaseUrl,
    /** In-memory embedded database (tests). */
    memoryDb: false,
    redisUrl: v.REDIS_URL ?? null,
    /** Prefix of every key in the shared store, so several deployments (or test servers) can share one Redis. */
    kvPrefix: v.REDIS_PREFIX ?? 'jcbb:',
    appCode: v.APP_CODE ?? 'jcbb',
    authKey: v.AUTH_KEY ?? DEV_AUTH_KEY,
    authSecret: v.AUTH_SECRET ?? DEV_AUTH_SECRET,
    // Demo data by default only on the embedded database (docs/design.md §7), and never in production.
    seedDemo: v.SEED_DEMO ?? (databaseUrl === null && !production),
    production,
    logLevel: v.LOG_LEVEL ?? 'info',
    /** Session lifetime. */
    sessionTtlMs: (v.SESSION_TTL_HOURS ?? 12) * 3600_000,
    /** scrypt cost N (2^17 by OWASP's recommendation; tests lower it to stay fast). */
    scryptCost: 2 ** 17,
    /** Largest upload accepted. */
    maxUploadBytes: Math.round((v.MAX_UPLOAD_MB ?? 20) * 1024 * 1024),
    /** Folder of the built web console served at /. */
    webDist: path.join(repoRoot, 'apps/web/dist'),
    /**
     * Public address of the site (e.g. https://jcbb.example.cn, no trailing slash): the links printed on labels, in
     * code CSVs and in certificates' QR codes. Never taken from a request's Host (docs/decisions.md); required in
     * production, else http://127.0.0.1:PORT.
     */
    publicBaseUrl: v.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`,
    /**
     * How long the event loop may go without turning before the watchdog ends the process (EVENT_LOOP_STALL_LIMIT_S,
     * default 30 s; lib/watchdog.ts). The start-up test sets a few seconds, to see it act without waiting half a minute.
     */
    eventLoopStallLimitMs:
      v.EVENT_LOOP_STALL_LIMIT_S === undefined ? EVENT_LOOP_STALL_LIMIT_MS : v.EVENT_LOOP_STALL_LIMIT_S * 1000,
    /**
     * URLs in one /sitemap.xml file before it becomes a sitemap index of parts: the sitemaps.org limit, 50 000. Not a
     * variable: tests set a small one to see the split (docs/public-pages.md).
     */
    sitemapMaxUrls: 50_000,
    /** Requests per minute and client address to /open/ (OPEN_RATE_LIMIT); beyond, 429 with Retry-After. */
    openRateLimit: v.OPEN_RATE_LIMIT ?? OPEN_RATE_LIMIT_DEFAULT,
    /**
     * The evidence ledger's Ed25519 signing key (a 32-byte seed, 64 hex digits or base64). Null: the key in
     * DATA_DIR/ledger-ed25519.key, generated on first start.
     */
    ledgerSigningKey: (v.LEDGER_SIGNING_KEY ?? null) as string | null,
    /**
     * Which peers may set X-Forwarded-For (TRUST_PROXY): false (none, the default), a hop count, or the proxies'
     * addresses / CIDR ranges. Fastify's `trustProxy` option (hardening; see README and docs/deployment.md).
     */
    trustProxy: (v.TRUST_PROXY ?? false) as boolean | number | string[],
    /**
     * EVIDENCE_READING: read certificates and test reports in the background (docs/evidence-reading.md): the text
     * layer or OCR in a worker process, one file at a time. Off: files wait, queued, until a process with it on reads.
     */
    evidenceReading: v.EVIDENCE_READING ?? true,
    /** CERTIFICATE_FONT: a CJK font for PDFs (lib/cjk-font.ts); null: a Debian font if one is installed. */
    certificateFont: (v.CERTIFICATE_FONT ?? null) as string | null,
    /** Settings the console reads at start-up (GET /open/config). */
    web: {
      externalSiteUrl: v.EXTERNAL_SITE_URL ?? '',
      helpCenterUrl: v.HELP_CENTER_URL ?? '',
      customerServiceUrl: v.CUSTOMER_SERVICE_URL ?? '',
      messageNotice: v.MESSAGE_NOTICE ?? true,
      /** How a new organisation joins, shown on the sign-in page (JOIN_INFO); empty: the console's default text. */
      joinInfo: v.JOIN_INFO ?? '',
    },
  };
});

/** Every setting of the server, inferred from the schema above (README.md lists each with its default). */
export type Config = z.output<typeof configSchema>;

/** The configuration is wrong: one line per bad variable, for the operator. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Every setting comes from the environment; README.md lists each with its default (docs/design.md §3). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      // Never echo a secret, nor a value that may carry a password (a database or Redis URL).
      const shown = SECRET_VARIABLES.has(name) || env[name] === undefined ? '' : ` (got "${env[name]}")`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}
