import type { FastifyInstance } from 'fastify';
import type { MessageService } from './message.service.ts';

export function registerMessageRoutes(_app: FastifyInstance, _messages: MessageService) {}
