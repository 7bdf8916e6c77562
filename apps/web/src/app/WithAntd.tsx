import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoading } from './PageLoading.tsx';

const AntdFrame = lazy(() => import('./AntdFrame.tsx'));

/** antd's providers around a page, fetched the first time such a page shows. */
export function WithAntd({ children, fallback = <PageLoading /> }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdFrame>{children}</AntdFrame>
    </Suspense>
  );
}
