import { QueryClient } from '@tanstack/react-query';

/** One cache for the tab. Failures already toast in lib/http, so queries do not retry user-visible errors twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
