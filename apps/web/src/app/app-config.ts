// The subpath, not the contract's index: the console shell loads this file.
import { type OpenConfigData, systemEndpoints } from '@jcbb/contract/system.endpoints';
import { useQuery } from '@tanstack/react-query';
import { call, keyOf } from '../lib/api.ts';

/** Settings the console reads at start-up (GET /open/config). */
export type AppConfig = OpenConfigData;

/** Shared with the message feature's `useMessageNotice`: one fetch per tab. */
export const appConfigKey = keyOf(systemEndpoints.getOpenConfig, {});

export function fetchAppConfig(): Promise<AppConfig> {
  return call(systemEndpoints.getOpenConfig, {}, { silent: true });
}

/** The configuration, fetched once per tab; undefined while loading or when the call failed. */
export function useAppConfig(): AppConfig | undefined {
  return useQuery({ queryKey: appConfigKey, queryFn: fetchAppConfig, staleTime: Number.POSITIVE_INFINITY }).data;
}
