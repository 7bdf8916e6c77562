import { endpoint } from './endpoint.ts';
import { z } from './zod.ts';

/** GET /api/health: the process is up. */
export const healthData = z.object({ status: z.literal('ok') });

/** GET /open/config: the settings the console reads at start-up. */
export const openConfigData = z.object({
  appCode: z.string(),
  externalSiteUrl: z.string(),
  helpCenterUrl: z.string(),
  customerServiceUrl: z.string(),
  /** false = no unread-count polling (spec §9). */
  messageNotice: z.boolean(),
  /** How a new organisation joins (JOIN_INFO), shown on the sign-in page; empty: the console's own text. */
  joinInfo: z.string(),
});
export type OpenConfigData = z.infer<typeof openConfigData>;

/** The server's own calls: liveness and the console's start-up settings. */
export const systemEndpoints = {
  health: endpoint({ method: 'GET', path: '/api/health', response: healthData }),
  getOpenConfig: endpoint({ method: 'GET', path: '/open/config', response: openConfigData }),
};
