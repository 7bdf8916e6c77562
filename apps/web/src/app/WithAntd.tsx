import { type ReactNode, Suspense } from 'react';
import { PageLoading } from '../components/PageLoading.tsx';
import { lazyPage } from '../lib/lazy-page.ts';

/** antd's providers, fetched the first time such a page shows, or by the router as a navigation to one starts. */
const AntdFrame = lazyPage(() => import('./AntdFrame.tsx'));
export const preloadAntdFrame = AntdFrame.preload;

/** antd's providers around a page, fetched the first time such a page shows. */
export function WithAntd({ children, fallback = <PageLoading /> }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdFrame>{children}</AntdFrame>
    </Suspense>
  );
}
