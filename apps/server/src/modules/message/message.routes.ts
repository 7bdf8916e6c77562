import { messageEndpoints as api, MESSAGE_PAGE_SIZE, MESSAGE_PAGE_SIZE_MAX } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { MessageService } from './message.service.ts';

const tags = ['消息中心 Messages'];

const ownInbox =
  "toUid and companyId, when given, must be the caller's own user id and organisation id; any other value answers 404 (another user's inbox does not exist for the caller).";
const channels =
  'channelNos: channel codes (jcbb, agent, materials, construction, supervision); omitted, null or [] = every channel. The console sends the channels of its current app (spec §6, `channelsForApp` in the contract). An unknown code answers 400.';

export function registerMessageRoutes(app: FastifyInstance, messages: MessageService) {
  defineRoute(app, api.getMessageList, {
    summary: "消息列表 A page of the caller's messages",
    description: [
      'Newest first (then id descending).',
      'readPoint: "" or absent = all, 1 = unread only, 2 = read only.',
      `pageSize: default ${MESSAGE_PAGE_SIZE}, at most ${MESSAGE_PAGE_SIZE_MAX}; pageNum: 1-based, default 1.`,
      channels,
      ownInbox,
      'data.list.total counts the messages under the same filters; data.unReadCount counts the unread ones in the requested channels, whatever readPoint asks for.',
    ].join(' '),
    tags,
    handler: ({ user, body }) => messages.list(user, body),
  });

  defineRoute(app, api.getMessageDetails, {
    summary: '消息详情 One message; opening it marks it read',
    description: "Answers the message with readPoint 2. Another user's message answers 404.",
    tags,
    handler: ({ user, body }) => messages.details(user, body.id),
  });

  defineRoute(app, api.updateReadPoint, {
    summary: "全部已读 Mark all the caller's unread messages read",
    description: `Only in the channels given, if any. ${channels} ${ownInbox} Answers how many changed.`,
    tags,
    handler: ({ user, body }) => messages.markAllRead(user, body),
  });

  defineRoute(app, api.deleteMessage, {
    summary: "删除消息 Delete one or several of the caller's messages",
    description:
      "Body { id } or { ids: [...] } (up to 100). All or nothing: if any id is not one of the caller's messages, nothing is deleted and the answer is 404.",
    tags,
    handler: ({ user, body }) =>
      messages.deleteMessages(user, [...(body.id === undefined ? [] : [body.id]), ...(body.ids ?? [])]),
  });

  defineRoute(app, api.deleteAllMessage, {
    summary: "清空消息 Delete all the caller's messages",
    description: `Only in the channels given, if any. ${channels} ${ownInbox} Answers how many were deleted.`,
    tags,
    handler: ({ user, body }) => messages.deleteAll(user, body),
  });
}
