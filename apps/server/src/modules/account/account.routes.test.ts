import { accountEndpoints as A, AVATAR_MAX_BYTES, authEndpoints, organizationEndpoints } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { SMALL_PDF, uploadFile, userIdOf } from '../organization/test-support.ts';

/**
 * The account centre on the demo data: 13800000001 南京绿筑's enterprise administrator, 13800000009 its staff member,
 * 13800000008 another manufacturer's administrator, 13800000000 the platform operator (no organisation).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw, download } = callsAs(() => server, tokens);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(who: string, name: string, bytes: Buffer, mime: string) {
  const res = await uploadFile(server, tokens[who] as string, name, bytes, mime);
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id as number;
}

/** The avatar as an <img> loads it: no signature, no session. */
async function fetchAvatar(path: string) {
  return server.app.inject({ method: 'GET', url: path });
}

let staffId: number;
let otherAdminId: number;

beforeAll(async () => {
  server = await startTestServer({ maxUploadBytes: AVATAR_MAX_BYTES + 1024 * 1024 });
  for (const [who, mobile] of [
    ['admin', '13800000001'],
    ['staff', '13800000009'],
    ['other', '13800000008'],
    ['platform', '13800000000'],
  ] as const)
    tokens[who] = await server.login(mobile);
  staffId = await userIdOf(server, '13800000009');
  otherAdminId = await userIdOf(server, '13800000008');
});
afterAll(async () => server?.stop());

describe('profile', () => {
  it('answers the caller’s own profile with the sign-in mobile and the current sign-in', async () => {
    const me = ok(await call('staff', A.profile));
    expect(me).toMatchObject({ id: staffId, mobile: '13800000009', organization: { name: expect.any(String) } });
    expect(me.recentSignIns.length).toBeGreaterThan(0);
    expect(me.recentSignIns.filter((s) => s.current)).toHaveLength(1);
    expect(ok(await call('platform', A.profile)).organization).toBeNull();
  });

  it('changes the name, e-mail and contact phone; the viewer shows the new name; empty clears', async () => {
    const saved = ok(
      await call('staff', A.saveProfile, {
        realName: '  李新名 ',
        email: 'li@example.com',
        contactPhone: '025-84561234',
      }),
    );
    expect(saved).toMatchObject({ realName: '李新名', email: 'li@example.com', contactPhone: '025-84561234' });
    expect(ok(await call('staff', authEndpoints.viewer)).realName).toBe('李新名');
    const cleared = ok(await call('staff', A.saveProfile, { email: '', contactPhone: null }));
    expect(cleared).toMatchObject({ realName: '李新名', email: null, contactPhone: null });
  });

  it('refuses bad input per field', async () => {
    const fields = fieldsOf(
      await callRaw('staff', A.saveProfile, {
        realName: '',
        email: 'not-mail',
        contactPhone: '12',
        avatarUploadId: 'x',
      }),
    );
    expect(Object.keys(fields).sort()).toEqual(['avatarUploadId', 'contactPhone', 'email', 'realName']);
    expect((await call(null, A.profile)).status).toBe(401);
    expect((await call(null, A.saveProfile, { realName: '某人' })).status).toBe(401);
  });

  it('takes an image upload of the caller as avatar, serves it to an <img>, and refuses others’ files and non-images', async () => {
    const png = await upload('staff', 'me.png', PNG, 'image/png');
    const saved = ok(await call('staff', A.saveProfile, { avatarUploadId: png }));
    expect(saved.avatarUrl).toBeTruthy();
    expect(ok(await call('staff', authEndpoints.viewer)).headimgurl).toBe(saved.avatarUrl);
    const image = await fetchAvatar(saved.avatarUrl as string);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');

    // Another organisation's upload is as good as absent; a PDF is no image; an old avatar is no longer served.
    const theirs = await upload('other', 'them.png', PNG, 'image/png');
    expect(fieldsOf(await call('staff', A.saveProfile, { avatarUploadId: theirs })).avatarUploadId).toContain('不存在');
    const pdf = await upload('staff', 'cv.pdf', SMALL_PDF, 'application/pdf');
    expect(fieldsOf(await call('staff', A.saveProfile, { avatarUploadId: pdf })).avatarUploadId).toContain('图片');
    const big = await upload('staff', 'big.png', Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]), 'image/png');
    expect(fieldsOf(await call('staff', A.saveProfile, { avatarUploadId: big })).avatarUploadId).toContain('2 MB');
    expect((await fetchAvatar(saved.avatarUrl as string)).statusCode).toBe(200);
    const wrongPair = await download(null, A.avatar, { userId: otherAdminId, uploadId: png });
    expect(wrongPair.status).toBe(404);

    expect(ok(await call('staff', A.saveProfile, { avatarUploadId: null })).avatarUrl).toBeNull();
    expect((await fetchAvatar(saved.avatarUrl as string)).statusCode).toBe(404);
  });
});

describe('divisions', () => {
  it('lets the administrator create a tree, place members, and shows the division in the members list', async () => {
    const sales = ok(await call('admin', A.createDivision, { name: '市场部' }));
    const east = ok(
      await call('admin', A.createDivision, { name: '华南市场组', parentId: sales.id, leaderId: staffId }),
    );
    expect(east).toMatchObject({ parentId: sales.id, parentName: '市场部', leader: { id: staffId } });
    const placed = ok(await call('admin', A.assignDivision, { id: staffId, divisionId: east.id }));
    expect(placed.division).toEqual({ id: east.id, name: '华南市场组' });

    const list = ok(await call('staff', A.divisions)).list;
    const names = list.map((d) => d.name);
    expect(names.indexOf('市场部')).toBeLessThan(names.indexOf('华南市场组'));
    expect(list.find((d) => d.id === east.id)?.members.map((m) => m.id)).toEqual([staffId]);
    const members = ok(await call('admin', organizationEndpoints.members, { take: 50, skip: 0 })).list;
    expect(members.find((m) => m.id === staffId)?.division).toEqual({ id: east.id, name: '华南市场组' });
    expect(ok(await call('staff', A.profile)).division?.name).toBe('华南市场组');

    // Renamed and moved; not under itself or its own child.
    const renamed = ok(await call('admin', A.updateDivision, { id: east.id, name: '华南组', parentId: null }));
    expect(renamed).toMatchObject({ name: '华南组', parentId: null });
    ok(await call('admin', A.updateDivision, { id: east.id, name: '华南组', parentId: sales.id }));
    expect(
      fieldsOf(await call('admin', A.updateDivision, { id: sales.id, name: '市场部', parentId: east.id })).parentId,
    ).toBeTruthy();
  });

  it('refuses to delete a division with members or sub-divisions (409), and deletes it once empty', async () => {
    const dept = ok(await call('admin', A.createDivision, { name: '技术部' }));
    const child = ok(await call('admin', A.createDivision, { name: '研发组', parentId: dept.id }));
    ok(await call('admin', A.assignDivision, { id: staffId, divisionId: child.id }));
    const withMember = await call('admin', A.deleteDivision, { id: child.id });
    expect(withMember.status).toBe(409);
    expect(withMember.body.msg).toContain('成员');
    const withChild = await call('admin', A.deleteDivision, { id: dept.id });
    expect(withChild.status).toBe(409);
    expect(withChild.body.msg).toContain('下级部门');
    expect(ok(await call('admin', A.assignDivision, { id: staffId, divisionId: null })).division).toBeNull();
    ok(await call('admin', A.deleteDivision, { id: child.id }));
    ok(await call('admin', A.deleteDivision, { id: dept.id }));
    expect(ok(await call('admin', A.divisions)).list.map((d) => d.name)).not.toContain('技术部');
  });

  it('refuses a name twice (409 on name) and bad input per field', async () => {
    ok(await call('admin', A.createDivision, { name: '财务部' }));
    const twice = await call('admin', A.createDivision, { name: ' 财务部 ' });
    expect(twice.status).toBe(409);
    expect(twice.body.data.fields[0].field).toBe('name');
    const fields = fieldsOf(await callRaw('admin', A.createDivision, { name: '', parentId: -1, leaderId: 'x' }));
    expect(Object.keys(fields).sort()).toEqual(['leaderId', 'name', 'parentId']);
    expect(
      fieldsOf(await callRaw('admin', A.assignDivision, { id: staffId, divisionId: 'a' })).divisionId,
    ).toBeTruthy();
  });

  it('is the administrator’s: staff 403, signed out 401, without an organisation 403', async () => {
    expect((await call('staff', A.createDivision, { name: '行政部' })).status).toBe(403);
    expect((await call(null, A.createDivision, { name: '行政部' })).status).toBe(401);
    expect((await call(null, A.divisions)).status).toBe(401);
    expect((await call('platform', A.divisions)).status).toBe(403);
    const dept = ok(await call('admin', A.createDivision, { name: '行政部' }));
    expect((await call('staff', A.deleteDivision, { id: dept.id })).status).toBe(403);
    expect((await call('staff', A.assignDivision, { id: staffId, divisionId: dept.id })).status).toBe(403);
  });

  it('answers 404 for another organisation’s division, member, parent or leader', async () => {
    const mine = ok(await call('admin', A.createDivision, { name: '质量部' }));
    const theirs = ok(await call('other', A.createDivision, { name: '质量部' }));
    expect((await call('other', A.updateDivision, { id: mine.id, name: '改名' })).status).toBe(404);
    expect((await call('other', A.deleteDivision, { id: mine.id })).status).toBe(404);
    expect((await call('other', A.assignDivision, { id: staffId, divisionId: theirs.id })).status).toBe(404);
    expect((await call('admin', A.assignDivision, { id: staffId, divisionId: theirs.id })).status).toBe(404);
    expect((await call('admin', A.createDivision, { name: '子部门', parentId: theirs.id })).status).toBe(404);
    expect((await call('admin', A.createDivision, { name: '子部门', leaderId: otherAdminId })).status).toBe(404);
    expect(ok(await call('other', A.divisions)).list.map((d) => d.id)).toEqual([theirs.id]);
  });
});
