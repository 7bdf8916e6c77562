import { useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';

/** Settings the console reads at start-up (GET /open/config). */
export interface AppConfig {
  appCode: string;
  externalSiteUrl: string;
  helpCenterUrl: string;
  customerServiceUrl: string;
  messageNotice: boolean;
  /** How a new organisation joins (JOIN_INFO); empty: the sign-in page's default text. Absent from older servers. */
  joinInfo?: string;
}

export const appConfigKey = ['open', 'config'] as const;

export function fetchAppConfig(): Promise<AppConfig> {
  return http.get<AppConfig>('/open/config', {}, { silent: true });
}

/** The configuration, fetched once per tab; undefined while loading or when the call failed. */
export function useAppConfig(): AppConfig | undefined {
  return useQuery({ queryKey: appConfigKey, queryFn: fetchAppConfig, staleTime: Number.POSITIVE_INFINITY }).data;
}
