import type { OpenConfigData } from '@jcbb/contract/system.endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from './api.ts';

/** Settings the console reads at start-up (GET /open/config). */
export type AppConfig = OpenConfigData;

/**
 * Shared with the message feature's `useMessageNotice`: one fetch per tab. The one query key not built by `keyOf`:
 * the sign-in page asks for the configuration (the join note) on its first paint, and its endpoint — with zod and the
 * schema — loads only inside the fetch, so they stay off the sign-in page's first load (docs/performance.md).
 */
export const appConfigKey = ['GET /open/config (app config)'] as const;

export async function fetchAppConfig(): Promise<AppConfig> {
  const { systemEndpoints } = await import('@jcbb/contract/system.endpoints');
  return call(systemEndpoints.getOpenConfig, {}, { silent: true });
}

/** The configuration, fetched once per tab; undefined while loading or when the call failed. */
export function useAppConfig(): AppConfig | undefined {
  return useQuery({ queryKey: appConfigKey, queryFn: fetchAppConfig, staleTime: Number.POSITIVE_INFINITY }).data;
}
