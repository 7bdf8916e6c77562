import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { DEMO_PASSWORD, hasNoUsers, seedDemoData } from './db/seed/demo.ts';
import { readDemoEvidence } from './db/seed/demo-evidence.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { jobs as allJobs } from './jobs/index.ts';
import { readingSources } from './jobs/reading-sources.ts';
import { startJobs } from './jobs/scheduler.ts';
import { createAddressKeys } from './lib/address-keys.ts';
import { orgIsCertified } from './lib/certification.ts';
import { AppError, ThrottledError } from './lib/errors.ts';
import { createKvStore, type KvStore } from './lib/kv-store.ts';
import { hashPassword } from './lib/passwords.ts';
import type { RouteAccess } from './lib/route.ts';
import { webSigningMismatch } from './lib/web-signing.ts';
import { createAccountService, createDivisionService, registerAccountRoutes } from './modules/account/index.ts';
import { type AuthService, createAuthService, registerAuthRoutes } from './modules/auth/index.ts';
import {
  createBasicMaterialReviewService,
  createBasicMaterialService,
  registerBasicMaterialReviewRoutes,
  registerBasicMaterialRoutes,
} from './modules/basic-material/index.ts';
import { registerBusinessCardRoutes } from './modules/business-card/index.ts';
import { createCatalogueService, registerCatalogueRoutes } from './modules/catalogue/index.ts';
import {
  certificateReadingSubject,
  createCertificateService,
  registerCertificateRoutes,
} from './modules/certificate/index.ts';
import { createCompanyService, registerCompanyRoutes } from './modules/company/index.ts';
import {
  constructionIntake,
  constructionMemberRemovalCheck,
  createConstructionServices,
  inspectionReadingSubject,
  registerConstructionRoutes,
} from './modules/construction/index.ts';
import { registerDiskRoutes } from './modules/disk/index.ts';
import {
  distributionDeliveryLetters,
  distributionMemberRemovalCheck,
  distributionShipmentGate,
  registerDistributionRoutes,
} from './modules/distribution/index.ts';
import { createElementService, registerElementRoutes } from './modules/element/index.ts';
import { registerEnterpriseInspectionRoutes } from './modules/enterprise-inspection/index.ts';
import {
  createReadingRunner,
  createReadingService,
  parseDocument,
  productSubject,
  registerReadingRoutes,
  workerEngine,
} from './modules/evidence-reading/index.ts';
import { createFileService, registerFileRoutes } from './modules/file/index.ts';
import { governmentMemberRemovalCheck, registerGovernmentRoutes } from './modules/government/index.ts';
import { createHomeService, registerHomeRoutes } from './modules/home/index.ts';
import { ledgerSigner, registerLedger, setupLedgerSigner } from './modules/ledger/index.ts';
import {
  createListingService,
  listingReadingSubject,
  recomputeCityStandard,
  registerListingRoutes,
} from './modules/listing/index.ts';
import { createMessageService, registerMessageRoutes } from './modules/message/index.ts';
import { createOrganizationService, registerOrganizationRoutes } from './modules/organization/index.ts';
import {
  procurementMemberRemovalCheck,
  procurementShipmentGate,
  registerProcurementRoutes,
} from './modules/procurement/index.ts';
import { registerProductRoutes } from './modules/product/index.ts';
import { createProjectService, registerProjectRoutes } from './modules/project/index.ts';
import { registerPublicRecordRoutes } from './modules/public-record/index.ts';
import { registerReferenceRoutes } from './modules/reference/index.ts';
import { createRevisionService, registerRevisionRoutes } from './modules/revision/index.ts';
import { createSamplingService, registerSamplingRoutes } from './modules/sampling/index.ts';
import { registerSystemRoutes } from './modules/system/index.ts';
import {
  combineGates,
  createTraceReceiptService,
  registerTraceRoutes,
  traceMemberRemovalCheck,
} from './modules/trace/index.ts';
import { loggableError, registerErrorHandling } from './plugins/errors.ts';
import { registerGateway } from './plugins/gateway.ts';
import { registerOpenRateLimit } from './plugins/open-rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTextGuard } from './plugins/text-guard.ts';

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  auth: AuthService;
  kv: KvStore;
  /** Stop taking requests, finish those in flight, then close the database and the shared store. */
  close(): Promise<void>;
}

/** TRUST_PROXY for Fastify: the proxies' addresses as they are; a hop count trusts the nearest n peers. */
export function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

interface BuildOptions {
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Start the background jobs (default true). */
  jobs?: boolean;
  /** A shared store opened elsewhere (tests: two apps on one in-memory store); the caller closes it. */
  kv?: KvStore;
}

/**
 * Build the whole server for a configuration: used by main.ts and by every API test. In order: the database
 * (migrated and seeded), the Fastify instance, its plugins, the console's files, the error handling, the gates every
 * request passes (rate limit, signatures and sessions, text guard), the modules' routes and the background jobs.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const clock = startupClock();
  // A console built under other keys cannot sign in here: refused in production, said loudly elsewhere (below).
  const signingMismatch = webSigningMismatch(config.webDist, {
    appCode: config.appCode,
    authKey: config.authKey,
    secret: config.authSecret,
  });
  if (signingMismatch && config.production) throw new Error(signingMismatch);
  const database = await openAndSeed(config, options.database, clock.step);

  const app = createServer(config, options);
  await registerPlugins(app, config);
  if (signingMismatch) app.log.warn(signingMismatch);
  const serveWeb = await serveConsole(app, config);
  registerErrorHandling(app, {
    spaFallback: serveWeb,
    lightPage: serveWeb && existsSync(path.join(config.webDist, 'public.html')),
  });
  const { kv, auth, addressKey } = await registerGates(app, config, database, options.kv);
  registerModules(app, { config, database, auth, kv, addressKey });
  // Background jobs (jobs/): each runs once per period across the deployment; onClose waits for a run.
  if (options.jobs !== false) {
    const stopJobs = startJobs(database.db, allJobs, app.log);
    app.addHook('onClose', stopJobs);
  }
  // Certificates and test reports read in the background (EVIDENCE_READING; docs/evidence-reading.md): one file at a
  // time, in a worker process, never on a request's path. onClose waits for the file being read to be saved or let go.
  if (config.evidenceReading) {
    const readings = createReadingRunner({
      db: database.db,
      files: createFileService({ db: database.db, config }),
      engine: workerEngine(),
      parse: parseDocument,
      log: app.log,
      sources: readingSources,
    });
    app.addHook('onReady', async () => readings.start());
    app.addHook('onClose', async () => readings.stop());
  }
  await app.ready();
  clock.step('routesMs');
  app.log.info({ startup: clock.startup }, 'start-up steps');
  return {
    app,
    database,
    auth,
    kv,
    async close() {
      await app.close();
      if (!options.kv) await kv.close();
      await database.close();
    },
  };
}

/**
 * How long each start-up step took, in one log line once the logger exists (docs/performance.md, cold start).
 * moduleLoadMs: from the process's start to here, mostly loading modules; `step(name)` records the time since the
 * previous step.
 */
function startupClock() {
  const startup: Record<string, number> = { moduleLoadMs: Math.round(performance.now()) };
  let mark = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    startup[name] = Math.round(now - mark);
    mark = now;
  };
  return { startup, step };
}

/** The database (the one given, or opened from the configuration), migrated, with its reference and demo data. */
async function openAndSeed(config: Config, given: Database | undefined, step: (name: string) => void) {
  const database =
    given ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, memory: config.memoryDb }));
  step('openDatabaseMs');
  // Migrations run under an advisory lock, and so do the seeds: processes starting together do each once.
  await database.migrate();
  step('migrateMs');
  await database.exclusive('seed', async () => {
    // Demo data goes only into a database without users. There, the demo password's one scrypt hash (0.3–0.7 s on
    // libuv's thread pool) is worked out while the reference data is checked and the ledger key loaded.
    const seedDemo = config.seedDemo && (await hasNoUsers(database.db));
    const demoHash = seedDemo ? hashPassword(DEMO_PASSWORD, config.scryptCost) : undefined;
    // Awaited by seedDemoData below; should an earlier step fail first, not an unhandled rejection as well.
    demoHash?.catch(() => {});
    await seedReferenceData(database.db);
    step('referenceDataMs');
    // Before any seed: demo evidence must be signed with the key the server will publish.
    await setupLedgerSigner(config);
    step('ledgerKeyMs');
    if (seedDemo) {
      await seedDemoData(database.db, config, demoHash);
      // The demo's certificates and test reports: with the reader on, its runner reads them in the background once
      // the server answers (a fresh start is not held up by 25 PDFs); without it (the tests' servers), here and now.
      if (!config.evidenceReading) await readDemoEvidence(database.db, config);
    }
    step('demoDataMs');
  });
  return database;
}

/** The Fastify instance: logger, request ids, timeouts, proxies, zod validation, one log line per request. */
function createServer(config: Config, options: BuildOptions): FastifyInstance {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Readable lines for a person at a terminal; JSON lines for log collectors everywhere else.
            ...(process.stdout.isTTY && !config.production && !options.logStream
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { translateTime: 'SYS:standard', ignore: 'pid,hostname' },
                  },
                }
              : {}),
            // Never log a credential: tokens, passwords and signatures are cut out of every line.
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.access_token'],
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Server-side timeouts: a client gets 20 s (spec §9); the server gives up on a request after 30 s.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // One line per request from registerRequestLogging instead of Fastify's two at info (docs/decisions.md).
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLogging(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });
  return app;
}

/** Security headers, compression, uploads and the OpenAPI document with its UI. */
async function registerPlugins(app: FastifyInstance, config: Config): Promise<void> {
  registerSecurityHeaders(app);
  // JSON answers above 1 KB compressed as they go (brotli at quality 4: most of the saving for little CPU); the
  // console's files are compressed once at build time instead (precompressed copies, serveConsole).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '建材帮帮 API',
        version: '1.0.0',
        description:
          'Every call is signed (docs/design.md §3: timestamp, nonce, app_code, auth_key, signature) and answers { code, msg, data }. ' +
          'Paths under /materials/ and /open/materials/ answer success with code 200, the others with 0.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // Routes that plugins add (the API document, the console's files) declare their access here: the gateway refuses
  // every route without one.
  await declaringAccess(app, 'bare', () => app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true }));
}

/** The built console, if there is one: a single-page app, so unknown non-API GETs get its index.html. Answers whether it is served. */
async function serveConsole(app: FastifyInstance, config: Config): Promise<boolean> {
  const serveWeb = existsSync(path.join(config.webDist, 'index.html'));
  if (!serveWeb) return false;
  await declaringAccess(app, 'bare', () =>
    app.register(fastifyStatic, {
      root: config.webDist,
      // One route for every file, looked up per request: registering a route per built file (about 200, found by
      // walking the folder) took 0.1–0.2 s of every start-up. A path that is no file falls to the not-found handler.
      wildcard: true,
      // The build's brotli and gzip copies (apps/web/vite-precompress.ts) are sent by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: webCacheHeaders,
    }),
  );
  // Headers that only a document (or a worker) obeys are dropped from the console's scripts and styles: about
  // 600 bytes per file, some 10 KB of the sign-in page's download (docs/decisions.md). nosniff, CORP and the
  // referrer policy (which a stylesheet's own fetches follow) stay.
  app.addHook('onSend', async (request, reply, payload) => {
    // By what is sent, not by the URL: a missing asset answers the console's HTML, which keeps them all.
    const type = String(reply.getHeader('content-type') ?? '');
    if (request.url.startsWith('/assets/') && /^(?:application\/javascript|text\/javascript|text\/css)\b/.test(type)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });
  return true;
}

/**
 * What every request passes before a module sees it: the shared store, the public rate limit, the gateway
 * (signatures, sessions, access levels), the text guard, and the certification check `certified` routes ask.
 */
async function registerGates(app: FastifyInstance, config: Config, database: Database, givenKv: KvStore | undefined) {
  // Redis, else the PostgreSQL server, else memory: one store for every process of the deployment.
  const kv = givenKv ?? createKvStore(config.redisUrl, config.kvPrefix, database.postgres ?? undefined);
  database.onConnectionError((error) => app.log.warn({ error: loggableError(error) }, 'database connection lost'));
  kv.onConnectionError((error) => app.log.warn({ error: loggableError(error) }, 'redis connection error'));
  // Public reads are limited per client address before anything else runs; the address only as a salted hash,
  // salted from the ledger's key, the one secret every process of a deployment shares (docs/decisions.md).
  const addressKey = createAddressKeys(() => ledgerSigner().secretKey);
  registerOpenRateLimit(app, { kv, perMinute: config.openRateLimit, addressKey });
  const auth = createAuthService({ db: database.db, config, kv });
  await auth.start();
  registerGateway(app, {
    keys: [{ appCode: config.appCode, authKey: config.authKey, secret: config.authSecret }],
    nonces: kv,
    auth,
  });
  registerTextGuard(app);

  // What routes declaring `certified` ask (lib/route.ts): the organisation's certification as it is now.
  app.decorate('orgCertified', (orgId: number) => orgIsCertified(database.db, orgId));
  return { kv, auth, addressKey };
}

/** Every module's services and routes, and the functions app.ts passes from one module to another. */
function registerModules(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    auth: AuthService;
    kv: KvStore;
    addressKey: ReturnType<typeof createAddressKeys>;
  },
): void {
  const { config, auth, kv, addressKey } = deps;
  const db = deps.database.db;
  const messages = createMessageService({ db });
  const files = createFileService({ db, config });
  const organizations = createOrganizationService({ db, config, auth, messages, files });
  registerSystemRoutes(app, config);
  registerHomeRoutes(app, createHomeService({ db }));
  registerAuthRoutes(app, auth, config.appCode);
  registerFileRoutes(app, files);
  registerMessageRoutes(app, messages);
  registerOrganizationRoutes(app, organizations);
  registerReferenceRoutes(app, { db });
  registerCertificateRoutes(app, createCertificateService({ db }), config);
  const revisions = createRevisionService({ db });
  registerProductRoutes(app, { db, auth, facts: revisions.gate });
  registerRevisionRoutes(app, revisions);
  registerCatalogueRoutes(app, createCatalogueService({ db, files }));
  registerCompanyRoutes(app, createCompanyService({ db }));
  registerBasicMaterialRoutes(app, createBasicMaterialService({ db }));
  registerBasicMaterialReviewRoutes(app, createBasicMaterialReviewService({ db }));
  registerSamplingRoutes(app, createSamplingService({ db }));
  registerElementRoutes(app, createElementService({ db, recomputeCityStandard }));
  registerListingRoutes(app, createListingService({ db, files }));
  // Evidence read on upload (docs/evidence-reading.md): the module that shows a document says who sees it there and
  // what it is checked against (a ReadingSubjectGate each), so the reading module imports none of them.
  registerReadingRoutes(app, {
    readings: createReadingService({
      db,
      files,
      subjects: {
        product: productSubject,
        listing: listingReadingSubject,
        revision: revisions.readingSubject,
        application: certificateReadingSubject,
        inspection: inspectionReadingSubject,
      },
    }),
  });
  // The material modules' checks before an organisation leaves a project (project.removal.ts): the project module
  // declares the check, traceability and the site implement it, so neither side imports the other for it.
  registerProjectRoutes(
    app,
    createProjectService({
      db: db,
      removalChecks: [
        traceMemberRemovalCheck,
        constructionMemberRemovalCheck,
        distributionMemberRemovalCheck,
        procurementMemberRemovalCheck,
        governmentMemberRemovalCheck,
      ],
    }),
  );
  // A receipt into a project's stock starts the site's inspection (trace.intake.ts): traceability declares the hook,
  // the construction module implements it.
  // A distributor's shipment must be covered by its letters of authorisation (trace.shipment.gate.ts), and the scan
  // page shows the letter a delivery relied on (trace.letters.ts): traceability declares both, distribution implements.
  // A shipment drafted against a purchase order draws the order down (procurement's gate), combined with it.
  registerTraceRoutes(app, {
    db: db,
    files,
    config,
    kv,
    addressKey,
    intake: constructionIntake,
    gate: combineGates(distributionShipmentGate, procurementShipmentGate),
    letters: distributionDeliveryLetters,
  });
  registerConstructionRoutes(
    app,
    createConstructionServices({
      db,
      receipts: createTraceReceiptService({ db, intake: constructionIntake }),
      files,
      baseUrl: config.publicBaseUrl,
    }),
    { files },
  );

  registerDistributionRoutes(app, { db, files, config });
  registerProcurementRoutes(app, { db });
  registerGovernmentRoutes(app, { db, files });
  registerDiskRoutes(app, { db, config, files, auth, kv, addressKey });
  registerEnterpriseInspectionRoutes(app, { db, files });
  registerBusinessCardRoutes(app, { db, files, kv, addressKey });
  registerPublicRecordRoutes(app, { db, config });
  registerAccountRoutes(app, {
    account: createAccountService({ db, files, auth }),
    divisions: createDivisionService({ db }),
  });

  registerLedger(app, { db, files });
}

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-dns-prefetch-control',
  'origin-agent-cluster',
  'strict-transport-security',
  // Permissions-Policy and COOP govern documents (and the pages they open), not the scripts they load: ~480 bytes
  // on each of the 20–100 files of a page.
  'permissions-policy',
  'cross-origin-opener-policy',
];

/** Vite names every file under /assets/ by its content's hash: a changed file is a new name. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+$/;
const PRECOMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm)(?:\.br|\.gz)?$/;

/**
 * Caching of the console's files: hashed assets for a year and never revalidated (`immutable`); everything else
 * (index.html, also as the single-page app's fallback, favicon) revalidated on every use (`no-cache`, answered 304
 * from its ETag), so a new release is picked up on the next navigation.
 */
function webCacheHeaders(res: { setHeader(name: string, value: string): unknown }, file: string): void {
  res.setHeader('cache-control', HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  // The same URL answers brotli, gzip or plain by Accept-Encoding: caches must keep them apart.
  if (PRECOMPRESSIBLE.test(file)) res.setHeader('vary', 'accept-encoding');
}

/** Routes added while `register` runs get `access` in their config unless they declare one themselves. */
async function declaringAccess(app: FastifyInstance, access: RouteAccess, register: () => PromiseLike<unknown>) {
  let active = true;
  app.addHook('onRoute', (route) => {
    if (active && route.config?.access === undefined) route.config = { ...route.config, access };
  });
  try {
    await register();
  } finally {
    active = false;
  }
}

/** Above this a request is slow enough to be worth a line at warn, whatever its status. */
export const SLOW_REQUEST_MS = 1000;
/** Signature failures (docs/design.md §3): someone calling without the key, or replaying. */
const SIGNATURE_CODES = new Set([10001, 10002, 10003, 10004, 10005]);

/**
 * One log line per request, after the answer (Fastify's own "incoming request"/"request completed" pair is off): at
 * debug normally, so a day's use does not fill the log; at warn for security events (failed signatures, 403, 429)
 * and slow requests; at error for 5xx. Every line carries the request id (reqId) of the request's logger. The path
 * is logged without its query string, which for signed GETs holds the signature.
 */
function registerRequestLogging(app: FastifyInstance) {
  const failures = new WeakMap<FastifyRequest, number>();
  /** Refusals after the first of their window (a flood against a limit): at debug, or the flood fills the log. */
  const repeats = new WeakSet<FastifyRequest>();
  app.addHook('onError', async (request, _reply, error) => {
    const thrown: unknown = error;
    if (thrown instanceof AppError) failures.set(request, thrown.code);
    if (thrown instanceof ThrottledError && thrown.repeat) repeats.add(request);
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const code = failures.get(request);
    const line = {
      method: request.method,
      url: request.url.split('?')[0],
      statusCode: status,
      ms,
      ...(code !== undefined ? { code } : {}),
    };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (repeats.has(request)) request.log.debug(line, 'request refused again');
    else if (status === 403 || status === 429 || (code !== undefined && SIGNATURE_CODES.has(code))) {
      request.log.warn({ ...line, ip: request.ip }, 'request refused');
    } else if (ms >= SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request');
  });
}
