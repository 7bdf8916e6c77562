import { Role } from '@jcbb/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { messages, users } from '../../db/schema/index.ts';
import { type MessageRecipient, type OutgoingMessage, sendMessage } from './message.sender.ts';

let server: TestServer;
const ids = new Map<string, { id: number; orgId: number | null }>();

function user(mobile: string) {
  const found = ids.get(mobile);
  if (!found) throw new Error(`no demo user ${mobile}`);
  return found;
}

function send(to: MessageRecipient, message: OutgoingMessage) {
  return server.database.db.transaction((tx) => sendMessage(tx, to, message));
}

/** Who received the message with this title, and under which organisation. */
async function recipientsOf(title: string) {
  const rows = await server.database.db
    .select({ toUid: messages.toUid, companyId: messages.companyId, channelNo: messages.channelNo })
    .from(messages)
    .where(eq(messages.title, title))
    .orderBy(messages.toUid);
  return rows;
}

async function setStatus(mobile: string, status: number) {
  await server.database.db.update(users).set({ status }).where(eq(users.mobile, mobile));
}

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.database.db.select({ id: users.id, orgId: users.orgId, mobile: users.mobile }).from(users);
  for (const r of rows) ids.set(r.mobile, { id: r.id, orgId: r.orgId });
});

afterAll(async () => {
  await server?.stop();
});

describe('sendMessage', () => {
  it('sends to one user, tied to their organisation unless told otherwise', async () => {
    const maker = user('13800000001');
    expect(await send({ userId: maker.id }, { channel: 'materials', title: 'to-user', content: '正文' })).toBe(1);
    expect(await recipientsOf('to-user')).toEqual([
      { toUid: maker.id, companyId: maker.orgId, channelNo: 'materials' },
    ]);

    expect(await send({ userId: maker.id, orgId: null }, { channel: 'jcbb', title: 'personal' })).toBe(1);
    expect(await recipientsOf('personal')).toEqual([{ toUid: maker.id, companyId: null, channelNo: 'jcbb' }]);
  });

  it('sends nothing to a user that does not exist', async () => {
    expect(await send({ userId: 999_999 }, { channel: 'jcbb', title: 'nobody' })).toBe(0);
    expect(await recipientsOf('nobody')).toEqual([]);
  });

  it("fans an organisation's message out to each enabled member, and only to them", async () => {
    const admin = user('13800000001');
    const staff = user('13800000009');
    expect(admin.orgId).not.toBeNull();
    expect(staff.orgId).toBe(admin.orgId);
    const orgId = admin.orgId as number;

    expect(await send({ orgId }, { channel: 'materials', title: 'to-org' })).toBe(2);
    expect(await recipientsOf('to-org')).toEqual(
      [admin.id, staff.id].sort((a, b) => a - b).map((toUid) => ({ toUid, companyId: orgId, channelNo: 'materials' })),
    );

    await setStatus('13800000009', 2);
    try {
      expect(await send({ orgId }, { channel: 'materials', title: 'to-org-disabled' })).toBe(1);
      expect(await recipientsOf('to-org-disabled')).toEqual([
        { toUid: admin.id, companyId: orgId, channelNo: 'materials' },
      ]);
    } finally {
      await setStatus('13800000009', 1);
    }
  });

  it("sends to an organisation's members holding a role", async () => {
    const admin = user('13800000001');
    const orgId = admin.orgId as number;
    expect(await send({ orgId, roles: [Role.ENTERPRISE_ADMIN] }, { channel: 'jcbb', title: 'to-admins' })).toBe(1);
    expect((await recipientsOf('to-admins')).map((r) => r.toUid)).toEqual([admin.id]);

    expect(await send({ orgId, roles: [Role.STAFF] }, { channel: 'jcbb', title: 'to-staff' })).toBe(1);
    expect((await recipientsOf('to-staff')).map((r) => r.toUid)).toEqual([user('13800000009').id]);

    // Nobody of another organisation's role receives it.
    expect(await send({ orgId, roles: [Role.CITY_COMMITTEE] }, { channel: 'jcbb', title: 'to-none' })).toBe(0);
  });

  it("sends to the platform's staff by role, tied to no organisation", async () => {
    const platform = user('13800000000');
    expect(await send({ platformRoles: [Role.SUPER_ADMIN] }, { channel: 'jcbb', title: 'to-platform' })).toBe(1);
    expect(await recipientsOf('to-platform')).toEqual([{ toUid: platform.id, companyId: null, channelNo: 'jcbb' }]);
    // An organisation's enterprise admins are not platform staff.
    expect(await send({ platformRoles: [Role.ENTERPRISE_ADMIN] }, { channel: 'jcbb', title: 'x' })).toBe(0);
    expect(await send({ platformRoles: [] }, { channel: 'jcbb', title: 'x' })).toBe(0);
  });

  it('is sent only if the transaction it runs in commits', async () => {
    const maker = user('13800000001');
    await expect(
      server.database.db.transaction(async (tx) => {
        await sendMessage(tx, { userId: maker.id }, { channel: 'jcbb', title: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await recipientsOf('rolled-back')).toEqual([]);
  });

  it('keeps title, content and target as given, cutting an over-long title to 200 characters', async () => {
    const maker = user('13800000001');
    const title = `${'长'.repeat(250)}`;
    await send({ userId: maker.id }, { channel: 'jcbb', title, content: '内容', targetUrl: '/product/details?id=1' });
    const [row] = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.toUid, maker.id), eq(messages.content, '内容')));
    expect(row?.title).toBe('长'.repeat(200));
    expect(row?.targetUrl).toBe('/product/details?id=1');
    expect(row?.readPoint).toBe(1);
  });

  it('fans out to an organisation too large for one INSERT statement', async () => {
    const orgId = user('13800000008').orgId as number;
    const extra = Array.from({ length: 11_000 }, (_, i) => ({
      mobile: `199${String(i).padStart(8, '0')}`,
      username: `bulk${i}`,
      passwordHash: 'not-a-real-hash',
      orgId,
    }));
    await server.database.db.insert(users).values(extra);
    try {
      // 11 001 rows of 6 values would be 66 006 bind parameters, past the protocol's 65 535: the sender chunks them.
      expect(await send({ orgId }, { channel: 'materials', title: 'to-big-org' })).toBe(11_001);
      expect((await recipientsOf('to-big-org')).length).toBe(11_001);
    } finally {
      await server.database.db.delete(messages).where(eq(messages.title, 'to-big-org'));
      await server.database.db.delete(users).where(like(users.mobile, '199%'));
    }
  });
});
