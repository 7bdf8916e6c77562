import type { FastifyInstance } from 'fastify';
import type { ProcurementDeps } from './procurement.routes.ts';

/** Procurement's region calls (docs/procurement.md). */
export function registerRegionRoutes(_app: FastifyInstance, _deps: ProcurementDeps): void {}
