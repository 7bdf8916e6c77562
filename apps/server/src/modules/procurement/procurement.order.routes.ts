import type { FastifyInstance } from 'fastify';
import type { ProcurementDeps } from './procurement.routes.ts';

/** Procurement's order calls (docs/procurement.md). */
export function registerOrderRoutes(_app: FastifyInstance, _deps: ProcurementDeps): void {}
