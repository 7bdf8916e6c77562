import type { Message } from '@jcbb/contract';
import { ReadPoint } from '@jcbb/contract/enums';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getMessageDetails } from './api.ts';
import { markReadLocally, messageKeys, useWarnMessageError } from './message-queries.ts';

export const MESSAGE_DETAIL_PATH = '/message/detail';

export type MessageTarget = { kind: 'route'; path: string } | { kind: 'external'; url: string };

/**
 * Where opening a message leads: its targetUrl (a console path through the router, an http(s) address by a
 * full page load), otherwise its detail page. Any other scheme (javascript:, data:) is never followed.
 */
export function messageTarget(message: Pick<Message, 'id' | 'targetUrl'>): MessageTarget {
  const url = message.targetUrl?.trim() ?? '';
  if (url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')) return { kind: 'route', path: url };
  if (/^https?:\/\//i.test(url)) return { kind: 'external', url };
  return { kind: 'route', path: detailPath(message.id) };
}

export const detailPath = (id: number) => `${MESSAGE_DETAIL_PATH}?id=${id}`;

/** A full page load to another site; an object so tests can watch it (jsdom's location cannot be spied on). */
export const browserLocation = {
  assign: (url: string) => window.location.assign(url),
};

/** The details call marks a message read on the server; cached so the detail page does not ask again. */
export function fetchDetailsOptions(id: number) {
  return { queryKey: messageKeys.detail(id), queryFn: () => getMessageDetails(id), staleTime: 30_000 };
}

/**
 * Open a message from a list: mark it read locally and on the server when unread, then go to its target.
 * From one detail page to another the history entry is replaced, not pushed (spec §2).
 */
export function useOpenMessage(): (message: Message) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const warn = useWarnMessageError();

  return useCallback(
    async (message: Message) => {
      let marking: Promise<unknown> = Promise.resolve();
      if (message.readPoint === ReadPoint.UNREAD) {
        markReadLocally(queryClient, message.id);
        marking = queryClient
          .fetchQuery(fetchDetailsOptions(message.id))
          .then(() => queryClient.invalidateQueries({ queryKey: messageKeys.unreadRoot }))
          .catch(warn);
      }
      const target = messageTarget(message);
      if (target.kind === 'external') {
        // Leaving the page would cancel the call that marks the message read: let it finish first.
        await marking;
        browserLocation.assign(target.url);
        return;
      }
      const replace = pathname === MESSAGE_DETAIL_PATH && target.path.startsWith(`${MESSAGE_DETAIL_PATH}?`);
      navigate(target.path, { replace });
    },
    [queryClient, navigate, pathname, warn],
  );
}
