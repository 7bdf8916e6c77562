import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popover } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { useSession } from '../../../lib/session.ts';
import { messageKeys, useUnreadCount } from '../message-queries.ts';
import './message.css';

// The panel (tabs, list, empty state) is code every console page would carry for a popover most visits never
// open: it loads when the bell is first pointed at, focused or opened.
const loadPanel = () => import('./MessagePanel.tsx');
const MessagePanel = lazy(() => loadPanel().then((m) => ({ default: m.MessagePanel })));
const prefetchPanel = () => void loadPanel();

/** Spec §9. */
export const POPOVER_WIDTH = 454;
export const BADGE_MAX = 99;

/**
 * The top bar's bell (spec §2, §9): unread badge (max 99) polled every 15 s unless message notice is switched
 * off, and the message popover. Renders nothing without a session.
 */
export function MessagePopover() {
  const { t } = useTranslation('message');
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const count = useUnreadCount(Boolean(token));

  if (!token) return null;

  const onOpenChange = (next: boolean) => {
    // Opening starts again at page 1 (spec §4).
    if (next) void queryClient.resetQueries({ queryKey: messageKeys.popoverRoot });
    setOpen(next);
  };

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      destroyOnHidden
      // On a phone the bell is not at the screen's edge: slide the panel back into view rather than cut it off.
      align={{ overflow: { shiftX: true, adjustY: true } }}
      content={
        <Suspense fallback={<PageLoading />}>
          <MessagePanel
            onNavigate={() => setOpen(false)}
            onDismiss={() => {
              setOpen(false);
              bell.current?.focus();
            }}
          />
        </Suspense>
      }
      styles={{
        container: { width: POPOVER_WIDTH, maxWidth: 'calc(100vw - 16px)', padding: 0 },
      }}
    >
      <Button
        ref={bell}
        type="text"
        className="jcbb-msg-bell"
        aria-label={count > 0 ? t('bellWithCount', { count }) : t('bell')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetchPanel}
        onFocus={prefetchPanel}
        icon={
          <Badge count={count} overflowCount={BADGE_MAX} size="small" offset={[4, -2]}>
            <BellOutlined style={{ fontSize: 18 }} aria-hidden />
          </Badge>
        }
      />
    </Popover>
  );
}
