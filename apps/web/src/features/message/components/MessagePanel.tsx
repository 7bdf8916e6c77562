import type { Message } from '@jcbb/contract';
import { MESSAGE_PAGE_SIZE } from '@jcbb/contract/enums';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Spin, Tabs } from 'antd';
import { type UIEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getMessageList, type MessageFilter, updateReadPoint } from '../api.ts';
import { messageKeys, syncUnreadCount, useMessageScope, useWarnMessageError } from '../message-queries.ts';
import { useOpenMessage } from '../open-message.ts';
import { MessageRow } from './MessageRow.tsx';
import './message.css';

/** Spec §9: the popover's list is 420 px high. */
export const POPOVER_LIST_HEIGHT = 420;
/** How close to the bottom (px) scrolling loads the next page. */
const NEAR_BOTTOM = 24;

/** Messages of all loaded pages, each once (a message arriving between two pages shifts the offsets). */
function uniqueById(messages: Message[]): Message[] {
  const seen = new Set<number>();
  return messages.filter((m) => !seen.has(m.id) && seen.add(m.id));
}

/**
 * The popover's content (spec §2, §4, §9): filter tabs, mark all read, a 420 px list that appends pages of 5 as
 * it is scrolled (or with 加载更多) until the loaded count reaches the total, the bottom marker, and 查看全部.
 * Mounted each time the popover opens.
 */
export function MessagePanel({ onNavigate, onDismiss }: { onNavigate: () => void; onDismiss: () => void }) {
  const { t } = useTranslation('message');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const scope = useMessageScope();
  const warn = useWarnMessageError();
  const openMessage = useOpenMessage();
  const [filter, setFilter] = useState<MessageFilter>('');

  const list = useInfiniteQuery({
    queryKey: messageKeys.popover(scope, filter),
    queryFn: async ({ pageParam }) => {
      try {
        const data = await getMessageList({
          ...scope,
          readPoint: filter,
          pageNum: pageParam,
          pageSize: MESSAGE_PAGE_SIZE,
        });
        syncUnreadCount(queryClient, scope, data);
        return data;
      } catch (error) {
        warn(error);
        throw error;
      }
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPageNum) => {
      const loaded = pages.reduce((n, page) => n + page.list.list.length, 0);
      // An empty page ends it too: the total shrank while paging (messages deleted elsewhere).
      return last.list.list.length > 0 && loaded < last.list.total ? lastPageNum + 1 : undefined;
    },
    retry: false,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const items = uniqueById(list.data?.pages.flatMap((page) => page.list.list) ?? []);
  const pageCount = list.data?.pages.length ?? 0;

  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - NEAR_BOTTOM) loadMore();
  };

  // When the pages loaded so far do not fill the list there is nothing to scroll: the bottom marker coming into
  // view loads the next page. Observed anew after each page, since a marker that stays in view reports no change.
  const scroller = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // The panel is rendered at the end of the page: bring keyboard users into it, on the selected filter tab.
  // After the popup is placed: until then it is hidden and cannot take focus.
  useEffect(() => {
    const timer = setTimeout(() => {
      panel.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!hasNextPage || pageCount === 0 || typeof IntersectionObserver === 'undefined') return;
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage({ cancelRefetch: false });
      },
      { root: scroller.current, rootMargin: `0px 0px ${NEAR_BOTTOM}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, pageCount, fetchNextPage]);

  const changeFilter = (next: MessageFilter) => {
    // A filter always starts again at page 1, whatever was loaded under it before.
    void queryClient.resetQueries({ queryKey: messageKeys.popover(scope, next), exact: true });
    setFilter(next);
    scroller.current?.scrollTo?.({ top: 0 });
  };

  const markAllRead = useMutation({
    mutationFn: () => updateReadPoint(scope),
    onSuccess: async () => {
      void message.success(t('markAllReadDone'));
      scroller.current?.scrollTo?.({ top: 0 });
      await Promise.all([
        queryClient.resetQueries({ queryKey: messageKeys.popoverRoot }),
        queryClient.invalidateQueries({ queryKey: messageKeys.unreadRoot }),
        queryClient.invalidateQueries({ queryKey: messageKeys.pageRoot }),
      ]);
    },
    onError: warn,
  });

  const open = (item: Message) => {
    onNavigate();
    void openMessage(item);
  };

  return (
    <div
      ref={panel}
      className="jcbb-msg-panel"
      role="dialog"
      aria-label={t('bell')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDismiss();
        }
      }}
    >
      <Tabs
        className="jcbb-msg-panel__tabs"
        size="small"
        activeKey={filter === '' ? 'all' : 'unread'}
        onChange={(key) => changeFilter(key === 'unread' ? 1 : '')}
        items={[
          { key: 'all', label: t('filter.all') },
          { key: 'unread', label: t('filter.unread') },
        ]}
        tabBarExtraContent={
          <Button type="link" size="small" loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
            {t('markAllRead')}
          </Button>
        }
      />
      <div
        ref={scroller}
        className="jcbb-msg-panel__list"
        style={{ height: POPOVER_LIST_HEIGHT }}
        onScroll={onScroll}
        data-testid="message-popover-list"
      >
        {list.isPending ? (
          <div className="jcbb-msg-panel__state">
            <Spin aria-label={t('loading')} />
          </div>
        ) : items.length === 0 ? (
          <div className="jcbb-msg-panel__state">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter === 1 ? t('emptyUnread') : t('empty')} />
          </div>
        ) : (
          <>
            <ul className="jcbb-msg-list" aria-label={filter === 1 ? t('filter.unread') : t('filter.all')}>
              {items.map((item) => (
                <MessageRow key={item.id} message={item} onOpen={open} compact />
              ))}
            </ul>
            <div ref={sentinel} className="jcbb-msg-panel__bottom">
              {hasNextPage ? (
                <Button type="link" size="small" loading={isFetchingNextPage} onClick={loadMore}>
                  {isFetchingNextPage ? t('loading') : t('loadMore')}
                </Button>
              ) : (
                <span className="jcbb-msg-panel__marker">{t('noMore')}</span>
              )}
            </div>
          </>
        )}
      </div>
      <div className="jcbb-msg-panel__footer">
        <Link to="/message" onClick={onNavigate}>
          {t('viewAll')}
        </Link>
      </div>
    </div>
  );
}
