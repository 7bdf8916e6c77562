import type { FastifyInstance } from 'fastify';
import type { OrganizationService } from './organization.service.ts';

export function registerOrganizationRoutes(_app: FastifyInstance, _organizations: OrganizationService) {}
