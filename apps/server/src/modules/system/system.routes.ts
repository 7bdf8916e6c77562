import { systemEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { defineRoute } from '../../lib/route.ts';

const tags = ['系统 System'];

export function registerSystemRoutes(app: FastifyInstance, config: Config) {
  defineRoute(app, api.health, {
    summary: '健康检查 Liveness (neither signed nor signed in)',
    tags,
    access: 'bare',
    handler: async () => ({ status: 'ok' as const }),
  });

  defineRoute(app, api.getOpenConfig, {
    summary: '前端配置 Settings the console reads at start-up',
    tags,
    handler: async () => ({ appCode: config.appCode, ...config.web }),
  });
}
