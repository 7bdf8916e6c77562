import { homeEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { HomeService } from './home.service.ts';

const tags = ['首页 Home'];

export function registerHomeRoutes(app: FastifyInstance, home: HomeService) {
  defineRoute(app, api.today, {
    summary: '首页待办与数据 What needs the caller today and its organisation’s figures',
    description:
      'Counts from the caller’s own organisation’s records (the platform operator: the platform’s audit queues; a ' +
      'city committee: its city’s). Never another organisation’s.',
    tags,
    handler: ({ user }) => home.today(user),
  });
}
