import type { FastifyInstance } from 'fastify';
import type { ProcurementDeps } from './procurement.routes.ts';

/** Procurement's policy calls (docs/procurement.md). */
export function registerPolicyRoutes(_app: FastifyInstance, _deps: ProcurementDeps): void {}
