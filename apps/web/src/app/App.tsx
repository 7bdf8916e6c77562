import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers.tsx';
import { queryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';

let appRouter: ReturnType<typeof createAppRouter> | undefined;

/**
 * One router per page, created on first render: React's development double render must not start the guard twice
 * (a one-time `?token=` would be spent by the first run and refused to the second).
 */
function getRouter() {
  appRouter ??= createAppRouter(queryClient);
  return appRouter;
}

export function App() {
  const [router] = useState(getRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
