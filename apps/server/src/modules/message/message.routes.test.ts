import { channelsForApp, type Message } from '@jcbb/contract';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { messages, users } from '../../db/schema/index.ts';
import { type OutgoingMessage, sendMessage } from './message.sender.ts';

const BASE = '/notice/bmMessage';
const TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let server: TestServer;
const people = new Map<string, { id: number; orgId: number | null; token: string }>();

function person(mobile: string) {
  const found = people.get(mobile);
  if (!found) throw new Error(`no demo user ${mobile}`);
  return found;
}

function call(path: string, mobile: string | null, body: Record<string, unknown> = {}) {
  return server.call('POST', `${BASE}/${path}`, body, mobile ? person(mobile).token : null);
}

/** Send `count` messages to one user in one transaction (so they share a creation time); their titles in order. */
async function sendTo(mobile: string, count: number, message: Partial<OutgoingMessage> & { title: string }) {
  const titles = Array.from({ length: count }, (_, i) => (count === 1 ? message.title : `${message.title}-${i + 1}`));
  await server.database.db.transaction(async (tx) => {
    for (const title of titles) {
      await sendMessage(tx, { userId: person(mobile).id }, { channel: 'jcbb', ...message, title });
    }
  });
  return titles;
}

async function list(mobile: string, body: Record<string, unknown> = {}) {
  const res = await call('getMessageList', mobile, body);
  expect(res.status, res.raw).toBe(200);
  expect(res.body.code).toBe(0);
  return res.body.data as { list: { list: Message[]; total: number }; unReadCount: number };
}

async function idOf(mobile: string, title: string): Promise<number> {
  const found = (await list(mobile, { pageSize: 50 })).list.list.find((m) => m.title === title);
  if (!found) throw new Error(`${mobile} has no message ${title}`);
  return found.id;
}

function expectInvalid(res: Awaited<ReturnType<typeof call>>, field: string) {
  expect(res.status, res.raw).toBe(400);
  expect(res.body.code).toBe(40000);
  expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain(field);
  for (const f of res.body.data.fields) expect(f.message).toMatch(/\p{Script=Han}/u);
}

function expectNotFound(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status, res.raw).toBe(404);
  expect(res.body.code).toBe(40400);
}

beforeAll(async () => {
  server = await startTestServer();
  // Each inbox starts with its welcome message only: the demo data's business messages (listing queues,
  // certificate applications, expiry notices) would otherwise shift every count below.
  await server.database.db.delete(messages).where(ne(messages.title, '欢迎使用建材帮帮'));
  const rows = await server.database.db.select({ id: users.id, orgId: users.orgId, mobile: users.mobile }).from(users);
  for (const r of rows) people.set(r.mobile, { id: r.id, orgId: r.orgId, token: await server.login(r.mobile) });
});

afterAll(async () => {
  await server?.stop();
});

describe('getMessageList', () => {
  it("shows the demo welcome message in the caller's inbox, every field in its format", async () => {
    const data = await list('13800000005');
    expect(data.list.total).toBe(1);
    expect(data.unReadCount).toBe(1);
    const [welcome] = data.list.list;
    expect(welcome).toEqual({
      id: expect.any(Number),
      title: '欢迎使用建材帮帮',
      content: expect.stringContaining('演示账号'),
      channelNo: 'jcbb',
      readPoint: 1,
      targetUrl: null,
      createTime: expect.stringMatching(TIME_PATTERN),
    });
    // createTime is Shanghai wall-clock time, checked against an independent conversion of the stored instant.
    const [row] = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, welcome?.id as number));
    const shanghai = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(row?.createdAt);
    expect(welcome?.createTime).toBe(shanghai);
  });

  it('pages newest first, 5 by default, until the loaded count reaches the total', async () => {
    const mobile = '13800000002';
    const titles = await sendTo(mobile, 7, { title: 'page', channel: 'agent' });

    const first = await list(mobile, { readPoint: '', pageNum: 1 });
    expect(first.list.total).toBe(8);
    expect(first.list.list).toHaveLength(5);
    // Newest first; one transaction shares a creation time, so the later id comes first.
    expect(first.list.list.map((m) => m.title)).toEqual([...titles].reverse().slice(0, 5));

    const loaded: Message[] = [];
    for (let pageNum = 1; loaded.length < first.list.total; pageNum += 1) {
      const page = await list(mobile, { pageSize: 5, pageNum });
      expect(page.list.total).toBe(8);
      expect(page.list.list.length).toBeGreaterThan(0);
      loaded.push(...page.list.list);
    }
    expect(loaded).toHaveLength(8);
    expect(new Set(loaded.map((m) => m.id)).size).toBe(8);
    expect(loaded.at(-1)?.title).toBe('欢迎使用建材帮帮');
    const ids = loaded.slice(0, 7).map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const second = await list(mobile, { pageSize: 5, pageNum: 2 });
    expect(second.list.list).toHaveLength(3);
    const beyond = await list(mobile, { pageSize: 5, pageNum: 3 });
    expect(beyond.list.list).toEqual([]);
    expect(beyond.list.total).toBe(8);
    // Numbers as strings, as a form may send them.
    expect((await list(mobile, { pageSize: '50', pageNum: '1' })).list.list).toHaveLength(8);
  });

  it('filters by read state and channel; unReadCount ignores the read filter but follows the channels', async () => {
    const mobile = '13800000007';
    await sendTo(mobile, 3, { title: 'mat', channel: 'materials' });
    await sendTo(mobile, 2, { title: 'agt', channel: 'agent' });
    // Read one materials message by opening it.
    const opened = await call('getMessageDetails', mobile, { id: await idOf(mobile, 'mat-1') });
    expect(opened.body.data.readPoint).toBe(2);

    const all = await list(mobile);
    expect(all.list.total).toBe(6);
    expect(all.unReadCount).toBe(5);

    const unread = await list(mobile, { readPoint: 1, pageSize: 50 });
    expect(unread.list.total).toBe(5);
    expect(unread.list.list.every((m) => m.readPoint === 1)).toBe(true);
    expect(unread.list.list.map((m) => m.title)).not.toContain('mat-1');
    expect(unread.unReadCount).toBe(5);

    const read = await list(mobile, { readPoint: 2 });
    expect(read.list.list.map((m) => m.title)).toEqual(['mat-1']);
    expect(read.list.total).toBe(1);
    expect(read.unReadCount).toBe(5);
    expect((await list(mobile, { readPoint: '2' })).list.total).toBe(1);

    const materials = await list(mobile, { channelNos: ['materials'], pageSize: 50 });
    expect(materials.list.total).toBe(3);
    expect(materials.list.list.every((m) => m.channelNo === 'materials')).toBe(true);
    expect(materials.unReadCount).toBe(2);

    // The production console's channels (spec §6): jcbb and materials, not agent.
    const production = await list(mobile, { channelNos: channelsForApp('jcbb-production'), pageSize: 50 });
    expect(production.list.total).toBe(4);
    expect(production.unReadCount).toBe(3);
    expect(new Set(production.list.list.map((m) => m.channelNo))).toEqual(new Set(['jcbb', 'materials']));

    const unreadAgent = await list(mobile, { channelNos: ['agent'], readPoint: 1 });
    expect(unreadAgent.list.total).toBe(2);
    expect(unreadAgent.unReadCount).toBe(2);

    expect((await list(mobile, { channelNos: [] })).list.total).toBe(6);
    expect((await list(mobile, { channelNos: ['construction'] })).list).toEqual({ list: [], total: 0 });
  });

  it("accepts the caller's own toUid and companyId, and answers 404 for anyone else's", async () => {
    const me = person('13800000003');
    const other = person('13800000004');
    expect((await list('13800000003', { toUid: me.id, companyId: me.orgId })).list.total).toBe(1);
    expect((await list('13800000003', { toUid: '', companyId: null })).list.total).toBe(1);

    expectNotFound(await call('getMessageList', '13800000003', { toUid: other.id }));
    expectNotFound(await call('getMessageList', '13800000003', { companyId: other.orgId }));
    expectNotFound(await call('getMessageList', '13800000003', { toUid: me.id, companyId: other.orgId }));
    // The platform operator belongs to no organisation: no companyId is theirs.
    expectNotFound(await call('getMessageList', '13800000000', { companyId: me.orgId }));
  });

  it('hides messages an organisation sent the user while they belonged to another one', async () => {
    const me = person('13800000006');
    const elsewhere = person('13800000001').orgId as number;
    await server.database.db.transaction((tx) =>
      sendMessage(tx, { userId: me.id, orgId: elsewhere }, { channel: 'jcbb', title: 'old-org' }),
    );
    const data = await list('13800000006', { pageSize: 50 });
    expect(data.list.list.map((m) => m.title)).not.toContain('old-org');
    expect(data.list.total).toBe(1);
    const [row] = await server.database.db.select().from(messages).where(eq(messages.title, 'old-org'));
    expectNotFound(await call('getMessageDetails', '13800000006', { id: row?.id }));
  });

  it('refuses bad bodies with 400, code 40000 and the fields at fault', async () => {
    expectInvalid(await call('getMessageList', '13800000001', { pageSize: 0 }), 'pageSize');
    expectInvalid(await call('getMessageList', '13800000001', { pageSize: 51 }), 'pageSize');
    expectInvalid(await call('getMessageList', '13800000001', { pageNum: -1 }), 'pageNum');
    expectInvalid(await call('getMessageList', '13800000001', { pageNum: 1.5 }), 'pageNum');
    expectInvalid(await call('getMessageList', '13800000001', { readPoint: 3 }), 'readPoint');
    expectInvalid(await call('getMessageList', '13800000001', { channelNos: ['jcbb', 'shop'] }), 'channelNos.1');
    expectInvalid(await call('getMessageList', '13800000001', { channelNos: 'jcbb' }), 'channelNos');
    expectInvalid(await call('getMessageList', '13800000001', { toUid: 'me' }), 'toUid');
    expectInvalid(await call('getMessageList', '13800000001', { toUid: 3_000_000_000 }), 'toUid');
  });
});

describe('getMessageDetails', () => {
  it('answers the message and marks it read', async () => {
    const mobile = '13800000008';
    await sendTo(mobile, 1, { title: 'detail', channel: 'materials', content: '请查看', targetUrl: '/product/list' });
    const id = await idOf(mobile, 'detail');
    const before = await list(mobile);
    expect(before.unReadCount).toBe(2);

    const res = await call('getMessageDetails', mobile, { id });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      id,
      title: 'detail',
      content: '请查看',
      channelNo: 'materials',
      targetUrl: '/product/list',
      readPoint: 2,
    });
    const after = await list(mobile);
    expect(after.unReadCount).toBe(1);
    expect(after.list.list.find((m) => m.id === id)?.readPoint).toBe(2);

    // Opening it again changes nothing.
    expect((await call('getMessageDetails', mobile, { id: String(id) })).body.data.readPoint).toBe(2);
    expect((await list(mobile)).unReadCount).toBe(1);
  });

  it("answers 404 for another user's message and leaves it unread for its owner", async () => {
    await sendTo('13800000009', 1, { title: 'staff-only' });
    const id = await idOf('13800000009', 'staff-only');
    // Same organisation, different user: still not theirs.
    expectNotFound(await call('getMessageDetails', '13800000001', { id }));
    expectNotFound(await call('getMessageDetails', '13800000000', { id }));
    expectNotFound(await call('getMessageDetails', '13800000001', { id: 2_147_483_647 }));
    const owner = await list('13800000009', { pageSize: 50 });
    expect(owner.list.list.find((m) => m.id === id)?.readPoint).toBe(1);
  });

  it('refuses an id that is not a positive integer', async () => {
    expectInvalid(await call('getMessageDetails', '13800000001', { id: 'abc' }), 'id');
    expectInvalid(await call('getMessageDetails', '13800000001', {}), 'id');
    expectInvalid(await call('getMessageDetails', '13800000001', { id: 0 }), 'id');
    expectInvalid(await call('getMessageDetails', '13800000001', { id: true }), 'id');
    expectInvalid(await call('getMessageDetails', '13800000001', { id: 3_000_000_000 }), 'id');
  });
});

describe('updateReadPoint', () => {
  it("marks the caller's unread messages read, in the channels given, and no one else's", async () => {
    const mobile = '13800000004';
    const me = person(mobile);
    await sendTo(mobile, 2, { title: 'sup', channel: 'supervision' });
    await sendTo(mobile, 2, { title: 'con', channel: 'construction' });
    await sendTo('13800000003', 1, { title: 'neighbour' });
    expect((await list(mobile)).unReadCount).toBe(5);

    const some = await call('updateReadPoint', mobile, { toUid: me.id, channelNos: ['supervision'] });
    expect(some.status).toBe(200);
    expect(some.body).toMatchObject({ code: 0, data: { updated: 2 } });
    expect((await list(mobile, { channelNos: ['supervision'] })).unReadCount).toBe(0);
    expect((await list(mobile)).unReadCount).toBe(3);

    expect((await call('updateReadPoint', mobile, {})).body.data).toEqual({ updated: 3 });
    const after = await list(mobile, { pageSize: 50 });
    expect(after.unReadCount).toBe(0);
    expect(after.list.list.every((m) => m.readPoint === 2)).toBe(true);
    expect((await call('updateReadPoint', mobile, { channelNos: [] })).body.data).toEqual({ updated: 0 });

    // Someone else's inbox is untouched.
    expect((await list('13800000003')).unReadCount).toBeGreaterThan(0);
  });

  it("answers 404 for another user's toUid and 400 for an unknown channel", async () => {
    const other = person('13800000003');
    expectNotFound(await call('updateReadPoint', '13800000005', { toUid: other.id }));
    expect((await list('13800000003', { readPoint: 1 })).list.total).toBeGreaterThan(0);
    expectInvalid(await call('updateReadPoint', '13800000005', { channelNos: ['nope'] }), 'channelNos.0');
  });
});

describe('deleteMessage', () => {
  it("deletes one or several of the caller's messages", async () => {
    const mobile = '13800000001';
    await sendTo(mobile, 4, { title: 'del', channel: 'materials' });
    const total = (await list(mobile)).list.total;

    const one = await call('deleteMessage', mobile, { id: await idOf(mobile, 'del-1') });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ code: 0, data: { deleted: 1 } });
    expect((await list(mobile)).list.total).toBe(total - 1);

    const ids = [await idOf(mobile, 'del-2'), await idOf(mobile, 'del-3')];
    expect((await call('deleteMessage', mobile, { ids: [...ids, ids[0]] })).body.data).toEqual({ deleted: 2 });
    const titles = (await list(mobile, { pageSize: 50 })).list.list.map((m) => m.title);
    expect(titles).toContain('del-4');
    expect(titles).not.toContain('del-1');
    expect(titles).not.toContain('del-2');

    // Already deleted: gone for good.
    expectNotFound(await call('deleteMessage', mobile, { id: ids[0] }));
  });

  it("answers 404 for another user's message and deletes nothing, not even the caller's own in the same call", async () => {
    const owner = '13800000009';
    await sendTo(owner, 1, { title: 'keep-me' });
    await sendTo('13800000001', 1, { title: 'mine-too' });
    const theirs = await idOf(owner, 'keep-me');
    const mine = await idOf('13800000001', 'mine-too');

    expectNotFound(await call('deleteMessage', '13800000001', { id: theirs }));
    expectNotFound(await call('deleteMessage', '13800000001', { ids: [mine, theirs] }));
    expect(await idOf(owner, 'keep-me')).toBe(theirs);
    expect(await idOf('13800000001', 'mine-too')).toBe(mine);
  });

  it('refuses a body without an id, or with ids that are not numbers', async () => {
    expectInvalid(await call('deleteMessage', '13800000001', {}), 'id');
    expectInvalid(await call('deleteMessage', '13800000001', { id: 'x' }), 'id');
    expectInvalid(await call('deleteMessage', '13800000001', { ids: [] }), 'ids');
    expectInvalid(await call('deleteMessage', '13800000001', { ids: [1, 'two'] }), 'ids.1');
  });
});

describe('deleteAllMessage', () => {
  it("deletes the caller's messages in the channels given, then all of them", async () => {
    const mobile = '13800000000';
    await sendTo(mobile, 2, { title: 'plat-a', channel: 'agent' });
    await sendTo(mobile, 3, { title: 'plat-j', channel: 'jcbb' });
    await sendTo('13800000005', 1, { title: 'survivor' });
    expect((await list(mobile)).list.total).toBe(6);

    const agent = await call('deleteAllMessage', mobile, { channelNos: ['agent'] });
    expect(agent.body).toMatchObject({ code: 0, data: { deleted: 2 } });
    expect((await list(mobile)).list.total).toBe(4);

    expect((await call('deleteAllMessage', mobile, {})).body.data).toEqual({ deleted: 4 });
    expect(await list(mobile)).toEqual({ list: { list: [], total: 0 }, unReadCount: 0 });
    expect((await call('deleteAllMessage', mobile, {})).body.data).toEqual({ deleted: 0 });

    expect(await idOf('13800000005', 'survivor')).toEqual(expect.any(Number));
  });

  it("answers 404 for another user's toUid and deletes nothing", async () => {
    const victim = person('13800000005');
    const before = (await list('13800000005')).list.total;
    expectNotFound(await call('deleteAllMessage', '13800000002', { toUid: victim.id }));
    expectNotFound(await call('deleteAllMessage', '13800000002', { companyId: victim.orgId }));
    expect((await list('13800000005')).list.total).toBe(before);
    expect((await list('13800000002')).list.total).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it.each(['getMessageList', 'getMessageDetails', 'updateReadPoint', 'deleteMessage', 'deleteAllMessage'])(
    '%s without a token answers 401 with code 10100',
    async (path) => {
      const res = await call(path, null, { id: 1 });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(10100);
    },
  );

  it('is in the OpenAPI document with its body schema', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = JSON.parse(res.body);
    const op = doc.paths[`${BASE}/getMessageList`]?.post;
    expect(op?.description).toContain('channelNos');
    const body = op?.requestBody?.content?.['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual(
      expect.arrayContaining(['readPoint', 'pageSize', 'pageNum', 'toUid', 'companyId', 'channelNos']),
    );
    expect(body?.properties?.pageSize).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
  });
});
