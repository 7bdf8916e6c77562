import type { ChannelValue } from '@jcbb/contract';
import { messageEndpoints as api } from '@jcbb/contract/message.endpoints';
import { systemEndpoints } from '@jcbb/contract/system.endpoints';
import { call } from '../../lib/api.ts';
import type { RequestOptions } from '../../lib/http.ts';

/**
 * The message calls of spec §7 (`/notice/bmMessage/*`), one function each. They are silent: the spec wants a
 * failed message call shown as a warning with the server's msg (and polling failures not at all), so the callers
 * decide what to show (see `warnMessageError`).
 */

/** Whose inbox and which channels (spec §3, §6): the console sends its own user, company and app channels. */
export interface MessageScope {
  toUid?: number;
  companyId?: number;
  /** Absent = every channel. */
  channelNos?: ChannelValue[];
}

/** '' = all (spec §3 "empty"), 1 = unread only. */
export type MessageFilter = '' | 1;

export interface MessageListQuery extends MessageScope {
  readPoint: MessageFilter;
  pageNum: number;
  pageSize: number;
}

const silent = (options?: RequestOptions): RequestOptions => ({ ...options, silent: true });
const scopeBody = ({ toUid, companyId, channelNos }: MessageScope) => ({ toUid, companyId, channelNos });

export const getMessageList = (query: MessageListQuery, options?: RequestOptions) =>
  call(
    api.getMessageList,
    { ...scopeBody(query), readPoint: query.readPoint, pageNum: query.pageNum, pageSize: query.pageSize },
    silent(options),
  );

/** One message; the server marks it read. */
export const getMessageDetails = (id: number, options?: RequestOptions) =>
  call(api.getMessageDetails, { id }, silent(options));

/** Mark all read (in the scope's channels). */
export const updateReadPoint = (scope: MessageScope, options?: RequestOptions) =>
  call(api.updateReadPoint, scopeBody(scope), silent(options));

export const deleteMessage = (id: number, options?: RequestOptions) => call(api.deleteMessage, { id }, silent(options));

/** Delete all (in the scope's channels). */
export const deleteAllMessage = (scope: MessageScope, options?: RequestOptions) =>
  call(api.deleteAllMessage, scopeBody(scope), silent(options));

/** The console's start-up settings; here for `messageNotice`. */
export const getOpenConfig = (options?: RequestOptions) => call(systemEndpoints.getOpenConfig, {}, silent(options));
