import type { ChannelValue } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import * as repo from './message.repository.ts';

/**
 * Who a message goes to:
 * - one user. `orgId` ties the message to an organisation (it leaves the user's inbox when they leave it);
 *   omitted, it is the user's organisation at send time; `null`, a personal message tied to none;
 * - an organisation's enabled members, optionally only those holding one of `roles`;
 * - the platform's enabled staff (users without an organisation) holding one of `platformRoles`.
 */
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

const TITLE_MAX = 200;
const CONTENT_MAX = 5000;

/**
 * Send a message: the one function every module calls. Runs in the caller's transaction, so a message is sent
 * exactly when the change it reports is committed. One row per recipient, so read state and deletion are each
 * user's own. Returns the number of recipients (0 for an unknown user or an organisation with nobody enabled).
 */
export async function sendMessage(tx: Tx, to: MessageRecipient, message: OutgoingMessage): Promise<number> {
  let userIds: number[];
  let companyId: number | null = null;
  if ('userId' in to) {
    if (to.orgId === undefined) {
      const user = await repo.orgOfUser(tx, to.userId);
      if (!user) return 0;
      companyId = user.orgId;
    } else {
      companyId = to.orgId;
    }
    userIds = [to.userId];
  } else if ('orgId' in to) {
    userIds = await repo.orgRecipients(tx, to.orgId, to.roles);
    companyId = to.orgId;
  } else {
    userIds = await repo.platformRecipients(tx, to.platformRoles);
  }
  const title = message.title.trim().slice(0, TITLE_MAX);
  const content = (message.content ?? '').slice(0, CONTENT_MAX);
  const targetUrl = message.targetUrl || null;
  await repo.insertMessages(
    tx,
    userIds.map((toUid) => ({ toUid, companyId, channelNo: message.channel, title, content, targetUrl })),
  );
  return userIds.length;
}
