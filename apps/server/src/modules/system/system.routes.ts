import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { defineRoute } from '../../lib/route.ts';

const tags = ['系统 System'];

export function registerSystemRoutes(app: FastifyInstance, config: Config) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/health',
    summary: '健康检查 Liveness (neither signed nor signed in)',
    tags,
    access: 'bare',
    response: z.object({ status: z.literal('ok') }),
    handler: async () => ({ status: 'ok' as const }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/open/config',
    summary: '前端配置 Settings the console reads at start-up',
    tags,
    response: z.object({
      appCode: z.string(),
      externalSiteUrl: z.string(),
      helpCenterUrl: z.string(),
      customerServiceUrl: z.string(),
      messageNotice: z.boolean(),
      /** How a new organisation joins (JOIN_INFO), shown on the sign-in page; empty: the console's own text. */
      joinInfo: z.string(),
    }),
    handler: async () => ({ appCode: config.appCode, ...config.web }),
  });
}
