import { Card, Grid } from 'antd';
import type { ReactNode } from 'react';

/**
 * A page's card. On wide screens the tools sit in the card's header beside the title; on phones (below md) they
 * move into the body above the content, so the title keeps its room instead of being squeezed out by the buttons.
 */
export function PageCard({ title, tools, children }: { title: ReactNode; tools?: ReactNode; children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;
  return (
    <Card title={title} extra={wide ? tools : undefined}>
      {!wide && tools && <div style={{ marginBottom: 16 }}>{tools}</div>}
      {children}
    </Card>
  );
}
