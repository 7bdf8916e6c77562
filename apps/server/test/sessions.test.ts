import { randomInt } from 'node:crypto';
import { signParams } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, sessions, ssoTokens } from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './harness.ts';

/** Sessions, the signed-in user, enabled modules, single sign-on and password change (docs/design.md §3, spec §3, §8). */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const viewer = (token: string | null) => server.call('GET', '/api/user/viewer', {}, token);
const invalidIndex = async (token: string | null) => {
  const res = await server.call('GET', '/api/auth/token/invalid/details', {}, token);
  expect(res.body.code, res.raw).toBe(0);
  return res.body.data.invalidIndex as number;
};
const past = () => new Date(Date.now() - 60_000);

async function orgIdByName(name: string): Promise<number> {
  const [row] = await server.database.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name));
  return (row as { id: number }).id;
}

describe('sessions', () => {
  it('a valid token answers invalidIndex 0', async () => {
    const token = await server.login('13800000002');
    expect(await invalidIndex(token)).toBe(0);
    expect((await viewer(token)).body.code).toBe(0);
  });

  it('a second sign-in of the same user and app ends the first: 401 10101 and invalidIndex 2', async () => {
    const first = await server.login('13800000003');
    expect((await viewer(first)).body.code).toBe(0);
    const second = await server.login('13800000003');
    const res = await viewer(first);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10101);
    expect(await invalidIndex(first)).toBe(2);
    expect((await viewer(second)).body.code).toBe(0);
    expect(await invalidIndex(second)).toBe(0);
  });

  it('a sign-in of another user leaves the first session alone', async () => {
    const mine = await server.login('13800000004');
    await server.login('13800000005');
    expect((await viewer(mine)).body.code).toBe(0);
  });

  it('logout answers logout true; the token then answers 10100 and invalidIndex 1', async () => {
    const token = await server.login('13800000005');
    const res = await server.call('POST', '/api/user/logout', {}, token);
    expect(res.body).toEqual({ code: 0, msg: 'success', data: { logout: true } });
    const after = await viewer(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(10100);
    expect(await invalidIndex(token)).toBe(1);
    // Signing out twice is signing out: the token no longer opens the call.
    expect((await server.call('POST', '/api/user/logout', {}, token)).body.code).toBe(10100);
  });

  it('an expired session answers 10100 and invalidIndex 1 (fresh token, never cached)', async () => {
    const token = await server.login('13800000006');
    await server.database.db
      .update(sessions)
      .set({ expiresAt: past() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await viewer(token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10100);
    expect(await invalidIndex(token)).toBe(1);
  });

  it('an expired session answers 10100 once the cache is cleared, even if it was just used', async () => {
    const token = await server.login('13800000007');
    expect((await viewer(token)).body.code).toBe(0);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: past() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    server.auth.cache.clear();
    expect((await viewer(token)).body.code).toBe(10100);
  });

  it('an unknown or missing token answers invalidIndex 1', async () => {
    expect(await invalidIndex('no-such-token')).toBe(1);
    expect(await invalidIndex(null)).toBe(1);
  });

  it('the database keeps only the hash of a token', async () => {
    const token = await server.login('13800000002');
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(rows).toHaveLength(0);
    const hashed = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(hashed).toHaveLength(1);
  });
});

describe('GET /api/user/viewer (spec §3)', () => {
  it('a certified manufacturer admin', async () => {
    const res = await viewer(await server.login('13800000001'));
    const orgId = await orgIdByName('南京绿筑新型建材有限公司');
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      username: 'lvzhu_admin',
      realName: '张伟',
      mobile: '13800000001',
      headimgurl: null,
      roles: ['企业管理员'],
      org: { name: '南京绿筑新型建材有限公司' },
      organization: { id: orgId, type: 6, type_enum: 'MANUFACTURER', status: '已认证' },
      companyId: orgId,
    });
    expect(typeof res.body.data.id).toBe('number');
    expect(res.body.data).not.toHaveProperty('passwordHash');
    expect(res.raw).not.toMatch(/scrypt|password/i);
  });

  it('the uncertified manufacturer 13800000008', async () => {
    const res = await viewer(await server.login('13800000008'));
    expect(res.body.data.organization).toMatchObject({ type: 6, type_enum: 'MANUFACTURER', status: '未认证' });
    expect(res.body.data.org).toEqual({ name: '苏州新材科技有限公司' });
    expect(res.body.data.companyId).toBe(res.body.data.organization.id);
  });

  it('the platform operator has no organisation', async () => {
    const res = await viewer(await server.login('13800000000'));
    expect(res.body.data).toMatchObject({
      username: 'platform',
      roles: ['super_admin'],
      org: null,
      organization: null,
      companyId: null,
    });
  });
});

describe('POST /materials/UserInfoController/getUserRole', () => {
  it('answers with code 200 on the materials path', async () => {
    const res = await server.call(
      'POST',
      '/materials/UserInfoController/getUserRole',
      {},
      await server.login('13800000001'),
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({ roles: [{ roleCode: '企业管理员', roleName: '企业管理员' }], orgType: 6 });
  });

  it('still needs a session', async () => {
    const res = await server.call('POST', '/materials/UserInfoController/getUserRole', {});
    expect(res.body.code).toBe(10100);
  });
});

describe('GET /api/app/authorized/org', () => {
  it("answers the caller's own organisation's modules", async () => {
    const token = await server.login('13800000001');
    const orgId = await orgIdByName('南京绿筑新型建材有限公司');
    const res = await server.call('GET', '/api/app/authorized/org', { orgId }, token);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual([{ moduleCode: 'jcbb-production', name: '建材生产', enName: 'Material production' }]);
  });

  it("another organisation's id answers 404", async () => {
    const token = await server.login('13800000001');
    const res = await server.call(
      'GET',
      '/api/app/authorized/org',
      { orgId: await orgIdByName('南京恒通建材贸易有限公司') },
      token,
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(40400);
    const none = await server.call('GET', '/api/app/authorized/org', { orgId: 999999 }, token);
    expect(none.status).toBe(404);
  });

  it('the platform operator may read any organisation; an unknown one is 404', async () => {
    const token = await server.login('13800000000');
    const dealer = await server.call(
      'GET',
      '/api/app/authorized/org',
      { orgId: await orgIdByName('南京恒通建材贸易有限公司') },
      token,
    );
    expect(dealer.body.data.map((m: { moduleCode: string }) => m.moduleCode)).toEqual(['jcbb-agent']);
    const gov = await server.call(
      'GET',
      '/api/app/authorized/org',
      { orgId: await orgIdByName('南京市城乡建设委员会') },
      token,
    );
    expect(gov.body.data).toEqual([]);
    expect((await server.call('GET', '/api/app/authorized/org', { orgId: 999999 }, token)).status).toBe(404);
  });

  it('a missing or invalid orgId answers 400', async () => {
    const token = await server.login('13800000001');
    expect((await server.call('GET', '/api/app/authorized/org', {}, token)).body.code).toBe(40000);
    expect((await server.call('GET', '/api/app/authorized/org', { orgId: 'abc' }, token)).body.code).toBe(40000);
  });
});

describe('single sign-on', () => {
  const ssoInfo = (token: string, appCode: string) => server.call('GET', '/api/user/sso/info', { appCode }, token);
  const verify = (appCode: string, ssoToken: string) =>
    server.call('GET', '/api/user/token/verify', { appCode, ssoToken });

  it('exchanges a one-time token for a working session of the app', async () => {
    const consoleToken = await server.login('13800000001');
    const info = await ssoInfo(consoleToken, 'jcbb-production');
    expect(info.body.code).toBe(0);
    expect(info.body.data.ssoToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(info.body.data.expiresIn).toBe(60);
    const res = await verify('jcbb-production', info.body.data.ssoToken);
    expect(res.body.code).toBe(0);
    expect(res.body.data.id).toBe((await viewer(consoleToken)).body.data.id);
    expect((await viewer(res.body.data.access_token)).body.code).toBe(0);
    // A session of another app: the console's session goes on.
    expect((await viewer(consoleToken)).body.code).toBe(0);
  });

  it('a token works once', async () => {
    const info = await ssoInfo(await server.login('13800000001'), 'jcbb-production');
    expect((await verify('jcbb-production', info.body.data.ssoToken)).body.code).toBe(0);
    const again = await verify('jcbb-production', info.body.data.ssoToken);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe(10100);
  });

  it('a token for another app code, or an unknown token, answers 10100', async () => {
    const info = await ssoInfo(await server.login('13800000001'), 'jcbb-production');
    expect((await verify('jcbb-agent', info.body.data.ssoToken)).body.code).toBe(10100);
    expect((await verify('jcbb', info.body.data.ssoToken)).body.code).toBe(10100);
    expect((await verify('jcbb-production', 'not-a-token')).body.code).toBe(10100);
  });

  it('an expired token answers 10100', async () => {
    const info = await ssoInfo(await server.login('13800000001'), 'jcbb-production');
    await server.database.db
      .update(ssoTokens)
      .set({ expiresAt: past() })
      .where(eq(ssoTokens.tokenHash, hashToken(info.body.data.ssoToken)));
    expect((await verify('jcbb-production', info.body.data.ssoToken)).body.code).toBe(10100);
  });

  it('an app not enabled for the organisation answers 403', async () => {
    const res = await ssoInfo(await server.login('13800000001'), 'jcbb-agent');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(40300);
    const operator = await ssoInfo(await server.login('13800000000'), 'jcbb-production');
    expect(operator.status).toBe(403);
  });

  it('the console app code itself is always allowed', async () => {
    const info = await ssoInfo(await server.login('13800000002'), 'jcbb');
    expect(info.body.code).toBe(0);
    const res = await verify('jcbb', info.body.data.ssoToken);
    expect(res.body.code).toBe(0);
  });

  it('issuing a token needs a session', async () => {
    expect((await server.call('GET', '/api/user/sso/info', { appCode: 'jcbb' })).body.code).toBe(10100);
  });
});

describe('POST /api/user/password', () => {
  // 13800000009 is used only here: its password changes.
  const newPassword = 'Newpass#2027';

  it('a wrong old password answers 400 naming oldPassword', async () => {
    const token = await server.login('13800000009');
    const res = await server.call('POST', '/api/user/password', { oldPassword: 'Wrong@2026', newPassword }, token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(40000);
    expect(res.body.data.fields).toEqual([{ field: 'oldPassword', message: '原密码不正确' }]);
  });

  it('a weak new password answers 400 naming newPassword', async () => {
    const token = await server.login('13800000009');
    for (const weak of ['short1!', 'alllowercase', '12345678', 'abcdefgh1']) {
      const res = await server.call(
        'POST',
        '/api/user/password',
        { oldPassword: DEMO_PASSWORD, newPassword: weak },
        token,
      );
      expect(res.status, weak).toBe(400);
      expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain('newPassword');
    }
    const same = await server.call(
      'POST',
      '/api/user/password',
      { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD },
      token,
    );
    expect(same.status).toBe(400);
    expect(same.body.data.fields[0].field).toBe('newPassword');
  });

  it("changes the password, ends the user's other sessions and keeps this one", async () => {
    const current = await server.login('13800000009');
    const info = await server.call('GET', '/api/user/sso/info', { appCode: 'jcbb-production' }, current);
    const other = (
      await server.call('GET', '/api/user/token/verify', {
        appCode: 'jcbb-production',
        ssoToken: info.body.data.ssoToken,
      })
    ).body.data.access_token as string;
    expect((await viewer(other)).body.code).toBe(0);

    const res = await server.call('POST', '/api/user/password', { oldPassword: DEMO_PASSWORD, newPassword }, current);
    expect(res.body).toEqual({ code: 0, msg: 'success', data: { changed: true } });

    const ended = await viewer(other);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe(10100);
    expect(await invalidIndex(other)).toBe(1);
    expect((await viewer(current)).body.code).toBe(0);

    // From an address of its own: with TEST_REDIS_URL the per-address failure count is shared by all test servers.
    const old = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: signParams('POST', '/api/auth/login', { mobile: '13800000009', password: DEMO_PASSWORD }, server.key),
      remoteAddress: `10.250.${randomInt(0, 250)}.${randomInt(1, 250)}`,
    });
    expect(old.json().code).toBe(40000);
    expect(typeof (await server.login('13800000009', newPassword))).toBe('string');
  });
});
