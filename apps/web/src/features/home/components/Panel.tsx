import type { ReactNode } from 'react';

/**
 * A borderless card of the home page: what antd's `<Card variant="borderless">` draws, without its code. antd's
 * Card brings Tabs along (for its tab list), ~11 KB gzip the console shell loads on every first visit; the home
 * page needs only the box and an optional title.
 */
export function Panel({ className, title, children }: { className?: string; title?: ReactNode; children: ReactNode }) {
  return (
    <section className={`jcbb-panel${className ? ` ${className}` : ''}`}>
      {title ? <div className="jcbb-panel__head">{title}</div> : null}
      <div className="jcbb-panel__body">{children}</div>
    </section>
  );
}
