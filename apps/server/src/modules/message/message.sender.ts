import type { ChannelValue } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import * as repo from './message.repository.ts';

/** Who a message goes to: one user, an organisation's members (optionally by role), or the platform's staff by role. */
export type MessageRecipient =
  | { userId: number; orgId?: number | null }
  | { orgId: number; roles?: readonly string[] }
  | { platformRoles: readonly string[] };

export interface OutgoingMessage {
  channel: ChannelValue;
  title: string;
  content?: string;
  /** Where the console sends the reader when the message is opened (a console path or a URL). */
  targetUrl?: string | null;
}

/**
 * Send a message: the one function every module calls. Runs in the caller's transaction, so a message is sent
 * exactly when the change it reports is committed. Returns the number of recipients.
 */
export async function sendMessage(tx: Tx, to: MessageRecipient, message: OutgoingMessage): Promise<number> {
  let userIds: number[];
  let companyId: number | null = null;
  if ('userId' in to) {
    userIds = [to.userId];
    companyId = to.orgId ?? null;
  } else if ('orgId' in to) {
    userIds = await repo.orgRecipients(tx, to.orgId, to.roles);
    companyId = to.orgId;
  } else {
    userIds = await repo.platformRecipients(tx, to.platformRoles);
  }
  await repo.insertMessages(
    tx,
    userIds.map((toUid) => ({
      toUid,
      companyId,
      channelNo: message.channel,
      title: message.title.slice(0, 200),
      content: message.content ?? '',
      targetUrl: message.targetUrl ?? null,
    })),
  );
  return userIds.length;
}
