import type { Message, MessageListData } from '@jcbb/contract';
import type { MessageListQuery } from '../api.ts';

/** An in-memory inbox behind the message calls (message-server.ts): newest first, filtered and paged like the server. */
export class FakeInbox {
  messages: Message[];

  constructor(count: number, unread: (i: number) => boolean = (i) => i % 2 === 0) {
    this.messages = Array.from({ length: count }, (_, i) => {
      const id = count - i;
      return {
        id,
        title: `消息 ${id}`,
        content: `第 ${id} 条消息的正文`,
        channelNo: 'jcbb' as const,
        readPoint: unread(i) ? (1 as const) : (2 as const),
        targetUrl: null,
        createTime: `2026-03-${String((id % 28) + 1).padStart(2, '0')} 09:30:00`,
      };
    });
  }

  list(query: MessageListQuery): MessageListData {
    const matching = this.messages.filter((m) => query.readPoint === '' || m.readPoint === query.readPoint);
    const start = (query.pageNum - 1) * query.pageSize;
    return {
      list: { list: matching.slice(start, start + query.pageSize).map((m) => ({ ...m })), total: matching.length },
      unReadCount: this.messages.filter((m) => m.readPoint === 1).length,
    };
  }

  details(id: number): Message {
    const message = this.messages.find((m) => m.id === id);
    if (!message) throw new Error('消息不存在');
    message.readPoint = 2;
    return { ...message };
  }

  markAllRead(): { updated: number } {
    const unread = this.messages.filter((m) => m.readPoint === 1);
    for (const m of unread) m.readPoint = 2;
    return { updated: unread.length };
  }
}
