import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { seedReferenceData } from './db/seed/reference.ts';
import { jobs as allJobs } from './jobs/index.ts';
import { startJobs } from './jobs/scheduler.ts';
import { createKvStore, type KvStore } from './lib/kv-store.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { type AuthService, createAuthService } from './modules/auth/auth.service.ts';
import { registerBasicMaterialRoutes } from './modules/basic-material/basic-material.routes.ts';
import { createBasicMaterialService } from './modules/basic-material/basic-material.service.ts';
import { registerBasicMaterialReviewRoutes } from './modules/basic-material/basic-material-review.routes.ts';
import { createBasicMaterialReviewService } from './modules/basic-material/basic-material-review.service.ts';
import { registerCatalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { registerCertificateRoutes } from './modules/certificate/certificate.routes.ts';
import { createCertificateService } from './modules/certificate/certificate.service.ts';
import { registerCompanyRoutes } from './modules/company/company.routes.ts';
import { createCompanyService } from './modules/company/company.service.ts';
import { registerElementRoutes } from './modules/element/element.routes.ts';
import { createElementService } from './modules/element/element.service.ts';
import { registerFileRoutes } from './modules/file/file.routes.ts';
import { createFileService } from './modules/file/file.service.ts';
import { registerLedger, setupLedgerSigner } from './modules/ledger/ledger.routes.ts';
import { registerListingRoutes } from './modules/listing/listing.routes.ts';
import { createListingService } from './modules/listing/listing.service.ts';
import { registerMessageRoutes } from './modules/message/message.routes.ts';
import { createMessageService } from './modules/message/message.service.ts';
import { registerOrganizationRoutes } from './modules/organization/organization.routes.ts';
import { createOrganizationService } from './modules/organization/organization.service.ts';
import { registerProductRoutes } from './modules/product/product.routes.ts';
import { registerReferenceRoutes } from './modules/reference/reference.routes.ts';
import { createRevisionService, registerRevisionRoutes } from './modules/revision/index.ts';
import { registerSamplingRoutes } from './modules/sampling/sampling.routes.ts';
import { createSamplingService } from './modules/sampling/sampling.service.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { loggableError, registerErrorHandling } from './plugins/errors.ts';
import { registerGateway } from './plugins/gateway.ts';
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

/** Build the whole server for a configuration: used by main.ts and by every API test. */
export async function buildApp(
  config: Config,
  options: { database?: Database; logger?: boolean; jobs?: boolean } = {},
): Promise<BuiltApp> {
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, memory: config.memoryDb }));
  // Migrations run under an advisory lock, and so do the seeds: processes starting together do each once.
  await database.migrate();
  await database.exclusive('seed', async () => {
    await seedReferenceData(database.db);
    // Before any seed: demo evidence must be signed with the key the server will publish.
    await setupLedgerSigner(config);
    if (config.seedDemo) await seedDemoData(database.db, config);
  });

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Readable lines for a person at a terminal; JSON lines for log collectors everywhere else.
            ...(process.stdout.isTTY && !config.production
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  registerSecurityHeaders(app);
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '建材帮帮 API',
        version: '1.0.0',
        description:
          'Every call is signed (DESIGN.md §3: timestamp, nonce, app_code, auth_key, signature) and answers { code, msg, data }. ' +
          'Paths under /materials/ and /open/materials/ answer success with code 200, the others with 0.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // The built console, if there is one: a single-page app, so unknown non-API GETs get its index.html.
  const serveWeb = existsSync(path.join(config.webDist, 'index.html'));
  if (serveWeb) await app.register(fastifyStatic, { root: config.webDist, wildcard: false });
  registerErrorHandling(app, { spaFallback: serveWeb });
  // Redis, else the PostgreSQL server, else memory: one store for every process of the deployment.
  const kv = createKvStore(config.redisUrl, config.kvPrefix, database.postgres ?? undefined);
  database.onConnectionError((error) => app.log.warn({ error: loggableError(error) }, 'database connection lost'));
  kv.onConnectionError((error) => app.log.warn({ error: loggableError(error) }, 'redis connection error'));
  const auth = createAuthService({ db: database.db, config, kv });
  await auth.start();
  registerGateway(app, {
    keys: [{ appCode: config.appCode, authKey: config.authKey, secret: config.authSecret }],
    nonces: kv,
    auth,
  });
  registerTextGuard(app);

  const messages = createMessageService({ db: database.db });
  const files = createFileService({ db: database.db, config });
  const organizations = createOrganizationService({ db: database.db, config, auth, messages, files });
  registerSystemRoutes(app, config);
  registerAuthRoutes(app, auth, config.appCode);
  registerFileRoutes(app, files);
  registerMessageRoutes(app, messages);
  registerOrganizationRoutes(app, organizations);
  registerReferenceRoutes(app, { db: database.db });
  registerCertificateRoutes(app, createCertificateService({ db: database.db }), config);
  const revisions = createRevisionService({ db: database.db });
  registerProductRoutes(app, { db: database.db, auth, facts: revisions.gate });
  registerRevisionRoutes(app, revisions);
  registerCatalogueRoutes(app, createCatalogueService({ db: database.db, files }));
  registerCompanyRoutes(app, createCompanyService({ db: database.db }));
  registerBasicMaterialRoutes(app, createBasicMaterialService({ db: database.db }));
  registerBasicMaterialReviewRoutes(app, createBasicMaterialReviewService({ db: database.db }));
  registerSamplingRoutes(app, createSamplingService({ db: database.db }));
  registerElementRoutes(app, createElementService({ db: database.db }));
  registerListingRoutes(app, createListingService({ db: database.db, files }));

  registerLedger(app, { db: database.db, files });
  // Background jobs (jobs/): each runs once per period across the deployment; onClose waits for a run.
  if (options.jobs !== false) {
    const stopJobs = startJobs(database.db, allJobs, app.log);
    app.addHook('onClose', stopJobs);
  }
  await app.ready();
  return {
    app,
    database,
    auth,
    kv,
    async close() {
      await app.close();
      await kv.close();
      await database.close();
    },
  };
}
