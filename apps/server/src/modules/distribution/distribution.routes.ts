import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { FileService } from '../file/index.ts';
import { registerAuthorisationRoutes } from './distribution.authorisation.routes.ts';
import { createAuthorisationService } from './distribution.authorisation.service.ts';
import { registerDistributorConsoleRoutes } from './distribution.contract.routes.ts';
import { createAuthorisationVerification } from './distribution.public.ts';
import { registerDistributionScopeRoutes } from './distribution.scope.routes.ts';
import { createScopeService } from './distribution.scope.service.ts';

/** What the distribution module's routes are built from (app.ts passes them). */
export interface DistributionDeps {
  db: Db;
  files: FileService;
  config: Pick<Config, 'publicBaseUrl' | 'certificateFont'>;
}

/**
 * Every /api/agent/… and /open/authorisation call (docs/distribution.md). Each area registers its own routes
 * (distribution.<area>.routes.ts) with one line here.
 */
export function registerDistributionRoutes(app: FastifyInstance, deps: DistributionDeps): void {
  registerAuthorisationRoutes(
    app,
    {
      authorisations: createAuthorisationService({ db: deps.db }),
      verification: createAuthorisationVerification({ db: deps.db }),
    },
    deps.config,
  );
  registerDistributorConsoleRoutes(app, deps);
  registerDistributionScopeRoutes(app, createScopeService({ db: deps.db }));
}
