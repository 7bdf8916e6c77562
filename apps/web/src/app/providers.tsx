import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LiteToaster } from './LiteToaster.tsx';
import { queryClient } from './query-client.ts';

/**
 * What every page shares: server state and toasts. antd's providers (theme, locale, App) are not here: they come
 * with the pages that use antd (see AntdFrame), so the sign-in page loads no antd at all (issue 3 item 14).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiteToaster />
      {children}
    </QueryClientProvider>
  );
}
