import type { FastifyInstance } from 'fastify';
import type { ProcurementDeps } from './procurement.routes.ts';

/** Procurement's summary calls (docs/procurement.md). */
export function registerSummaryRoutes(_app: FastifyInstance, _deps: ProcurementDeps): void {}
