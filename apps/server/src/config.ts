import path from 'node:path';

/** Every setting comes from the environment; README.md lists each with its default (DESIGN.md §3). */
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
   * Public address of the site (e.g. https://jcbb.example.cn), used in links printed on documents such as the
   * certificate's QR code. Null: the address each request came to.
   */
  publicBaseUrl: string | null;
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
  web: { externalSiteUrl: string; helpCenterUrl: string; customerServiceUrl: string; messageNotice: boolean };
}

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
    throw new Error('TRUST_PROXY must name the proxy addresses (e.g. 127.0.0.1) or a hop count, not true');
  }
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const databaseUrl = env.DATABASE_URL || null;
  const production = env.NODE_ENV === 'production';
  const config: Config = {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl,
    memoryDb: false,
    redisUrl: env.REDIS_URL || null,
    kvPrefix: env.REDIS_PREFIX ?? 'jcbb:',
    appCode: env.APP_CODE ?? 'jcbb',
    authKey: env.AUTH_KEY ?? DEV_AUTH_KEY,
    authSecret: env.AUTH_SECRET ?? DEV_AUTH_SECRET,
    // Demo data by default only on the embedded database (DESIGN.md §7).
    seedDemo: bool(env.SEED_DEMO, databaseUrl === null),
    production,
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 12) * 3600_000,
    scryptCost: 2 ** 17,
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? 20) * 1024 * 1024,
    webDist: path.join(repoRoot, 'apps/web/dist'),
    publicBaseUrl: env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, '') : null,
    ledgerSigningKey: env.LEDGER_SIGNING_KEY || null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    web: {
      externalSiteUrl: env.EXTERNAL_SITE_URL ?? '',
      helpCenterUrl: env.HELP_CENTER_URL ?? '',
      customerServiceUrl: env.CUSTOMER_SERVICE_URL ?? '',
      messageNotice: bool(env.MESSAGE_NOTICE, true),
    },
  };
  if (production && (config.authKey === DEV_AUTH_KEY || config.authSecret === DEV_AUTH_SECRET)) {
    throw new Error('AUTH_KEY and AUTH_SECRET must be set to non-default values when NODE_ENV=production');
  }
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) {
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  }
  return config;
}
