import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

export function registerReferenceRoutes(_app: FastifyInstance, _deps: { db: Db }) {}
