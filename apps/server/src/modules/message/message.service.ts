import {
  type ChannelValue,
  type Message,
  type MessageListData,
  type MessageListQuery,
  ReadPoint,
  type ReadPointValue,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as repo from './message.repository.ts';
import { sendMessage } from './message.sender.ts';

export type MessageService = ReturnType<typeof createMessageService>;

/** toUid / companyId as the console sends them: they may only name the caller's own inbox. */
interface OwnerFields {
  toUid?: number;
  companyId?: number;
}

function toMessage(row: repo.MessageRow): Message {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    channelNo: row.channelNo as ChannelValue,
    readPoint: row.readPoint as ReadPointValue,
    targetUrl: row.targetUrl,
    createTime: formatShanghaiTime(row.createdAt),
  };
}

function distinct<T>(values: readonly T[] | null | undefined): T[] | undefined {
  return values && values.length > 0 ? [...new Set(values)] : undefined;
}

export function createMessageService({ db }: { db: Db }) {
  /** The caller's inbox; naming anyone else's answers 404, as it does not exist for the caller. */
  function inboxOf(user: SessionUser, owner: OwnerFields = {}): repo.Inbox {
    if (owner.toUid !== undefined && owner.toUid !== user.userId) throw notFound('用户不存在');
    if (owner.companyId !== undefined && owner.companyId !== user.orgId) throw notFound('企业不存在');
    return { userId: user.userId, orgId: user.orgId };
  }

  return {
    /** For modules that hold the service rather than import the sender. */
    send: sendMessage,

    async list(user: SessionUser, query: MessageListQuery): Promise<MessageListData> {
      const box = inboxOf(user, query);
      const filter: repo.InboxFilter = { channels: distinct(query.channelNos), readPoint: query.readPoint };
      const offset = (query.pageNum - 1) * query.pageSize;
      const [rows, counts] = await Promise.all([
        repo.pageOfInbox(db, box, filter, query.pageSize, offset),
        repo.countInbox(db, box, filter),
      ]);
      return { list: { list: rows.map(toMessage), total: counts.total }, unReadCount: counts.unread };
    },

    /** One message of the caller's; opening it marks it read. */
    async details(user: SessionUser, id: number): Promise<Message> {
      const box = inboxOf(user);
      return db.transaction(async (tx) => {
        const row = await repo.findInInbox(tx, box, id);
        if (!row) throw notFound('消息不存在');
        if (row.readPoint === ReadPoint.READ) return toMessage(row);
        await repo.markRead(tx, box, { id });
        return toMessage({ ...row, readPoint: ReadPoint.READ });
      });
    },

    async markAllRead(user: SessionUser, body: OwnerFields & { channelNos?: ChannelValue[] | null }) {
      const box = inboxOf(user, body);
      return { updated: await repo.markRead(db, box, { channels: distinct(body.channelNos) }) };
    },

    /** Delete messages of the caller's: all of them, or none when any id is not theirs (404). */
    async deleteMessages(user: SessionUser, ids: readonly number[]) {
      const box = inboxOf(user);
      const wanted = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const deleted = await repo.deleteFromInbox(tx, box, { ids: wanted });
        if (deleted !== wanted.length) throw notFound('消息不存在');
        return { deleted };
      });
    },

    async deleteAll(user: SessionUser, body: OwnerFields & { channelNos?: ChannelValue[] | null }) {
      const box = inboxOf(user, body);
      return { deleted: await repo.deleteFromInbox(db, box, { channels: distinct(body.channelNos) }) };
    },
  };
}
