import type { Message, MessageListData } from '@jcbb/contract';
import { reloginCodes } from '@jcbb/contract/codes';
import { channelsForApp, ReadPoint } from '@jcbb/contract/enums';
import { type InfiniteData, type QueryClient, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { appConfigKey } from '../../lib/app-config.ts';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { getMessageList, getOpenConfig, type MessageFilter, type MessageScope } from './api.ts';

/** Unread count poll (spec §9). */
export const UNREAD_POLL_MS = 15_000;

export const messageKeys = {
  all: ['message'] as const,
  unreadRoot: ['message', 'unread'] as const,
  unread: (scope: MessageScope) => ['message', 'unread', scope] as const,
  popoverRoot: ['message', 'popover'] as const,
  popover: (scope: MessageScope, filter: MessageFilter) => ['message', 'popover', scope, filter] as const,
  pageRoot: ['message', 'page'] as const,
  page: (scope: MessageScope, filter: MessageFilter, pageNum: number, pageSize: number) =>
    ['message', 'page', scope, filter, pageNum, pageSize] as const,
  detail: (id: number) => ['message', 'detail', id] as const,
};

/**
 * Whose messages and which channels: the signed-in user, their company, and the current app's channels
 * (spec §6; none = no channel filter). Stable while the session does not change, so it can be a query key.
 */
export function useMessageScope(): MessageScope {
  const { user, currentApp } = useSession();
  const toUid = user?.id;
  const companyId = user?.companyId ?? undefined;
  const channels = channelsForApp(currentApp).join(',');
  return useMemo(
    () => ({
      toUid,
      companyId,
      channelNos: channels ? (channels.split(',') as MessageScope['channelNos']) : undefined,
    }),
    [toUid, companyId, channels],
  );
}

/** False when configuration switches message notice off (GET /open/config `messageNotice`). */
export function useMessageNotice(): boolean {
  const { data } = useQuery({
    // The shell's key (lib/app-config.ts): one fetch of the settings per tab, whoever asks first.
    queryKey: appConfigKey,
    queryFn: () => getOpenConfig(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // Until the settings are known, and if they cannot be read, notice stays on: the default of the platform.
  return data?.messageNotice ?? true;
}

/** The unread badge's count, polled every 15 s while notice is on; failures are ignored (spec §8). */
export function useUnreadCount(enabled: boolean): number {
  const scope = useMessageScope();
  const notice = useMessageNotice();
  const { data } = useQuery({
    queryKey: messageKeys.unread(scope),
    queryFn: async () => (await getMessageList({ ...scope, readPoint: '', pageNum: 1, pageSize: 1 })).unReadCount,
    enabled,
    refetchInterval: notice ? UNREAD_POLL_MS : false,
    retry: false,
  });
  return data ?? 0;
}

/** A failed message call: the server's msg as a warning (spec §8), except when the re-login flow has taken over. */
export function useWarnMessageError(): (error: unknown) => void {
  const { message } = App.useApp();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && (error.status === 401 || reloginCodes.includes(error.code))) return;
      void message.warning(error instanceof Error ? error.message : String(error));
    },
    [message],
  );
}

/** The list answer also carries the unread count: keep the badge in step without another call. */
export function syncUnreadCount(queryClient: QueryClient, scope: MessageScope, data: MessageListData): void {
  queryClient.setQueryData(messageKeys.unread(scope), data.unReadCount);
}

const asRead = (m: Message): Message => ({ ...m, readPoint: ReadPoint.READ });

/** Opening an unread message shows it read at once in every loaded list (spec §4). */
export function markReadLocally(queryClient: QueryClient, id: number): void {
  const patch = (data: MessageListData): MessageListData => ({
    ...data,
    list: { ...data.list, list: data.list.list.map((m) => (m.id === id ? asRead(m) : m)) },
  });
  queryClient.setQueriesData<InfiniteData<MessageListData, number>>({ queryKey: messageKeys.popoverRoot }, (old) =>
    old ? { ...old, pages: old.pages.map(patch) } : old,
  );
  queryClient.setQueriesData<MessageListData>({ queryKey: messageKeys.pageRoot }, (old) => (old ? patch(old) : old));
}
