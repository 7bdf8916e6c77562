import type { FastifyInstance } from 'fastify';
import type { ProcurementDeps } from './procurement.routes.ts';

/** Procurement's sourcing calls (docs/procurement.md). */
export function registerSourcingRoutes(_app: FastifyInstance, _deps: ProcurementDeps): void {}
