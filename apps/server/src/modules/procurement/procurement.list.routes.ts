import type { FastifyInstance } from 'fastify';
import type { ProcurementDeps } from './procurement.routes.ts';

/** Procurement's list calls (docs/procurement.md). */
export function registerMaterialListRoutes(_app: FastifyInstance, _deps: ProcurementDeps): void {}
