import { randomInt } from 'node:crypto';
import { Role, signParams } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { LOGIN_LIMITS } from '../src/modules/auth/auth.service.ts';
import { DEMO_PASSWORD, startTestServer, type TestServer, toResponse } from './harness.ts';

/**
 * Sign-in and its throttling (DESIGN.md §3). With TEST_REDIS_URL every test server shares one Redis and so its
 * throttling counters: the accounts this file locks out are its own (random mobiles), and each test signs in from
 * its own random address, so neither other test files nor a rerun within the window are affected.
 */
let server: TestServer;
const run = `${randomInt(1, 250)}.${randomInt(1, 250)}`;
/** An address of this run: `addr(3)` is 10.x.y.3. */
const addr = (n: number) => `10.${run}.${n}`;
const randomMobile = () => `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;

/** A staff account of its own, with the demo password, for tests that lock accounts out or disable them. */
async function createUser(status = 1): Promise<string> {
  const mobile = randomMobile();
  const passwordHash = await hashPassword(DEMO_PASSWORD, server.config.scryptCost);
  const [row] = await server.database.db
    .insert(users)
    .values({ mobile, username: `u${mobile}`, passwordHash, status })
    .returning({ id: users.id });
  await server.database.db.insert(userRoles).values({ userId: (row as { id: number }).id, role: Role.STAFF });
  return mobile;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function login(mobile: string, password: string, remoteAddress: string) {
  const payload = signParams('POST', '/api/auth/login', { mobile, password }, server.key);
  return toResponse(await server.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress }));
}

describe('POST /api/auth/login', () => {
  it('answers access_token, id and roles; the token opens a session', async () => {
    const res = await login('13800000001', DEMO_PASSWORD, addr(1));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(Object.keys(res.body.data).sort()).toEqual(['access_token', 'id', 'roles']);
    expect(res.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.roles).toEqual(['企业管理员']);
    const viewer = await server.call('GET', '/api/user/viewer', {}, res.body.data.access_token);
    expect(viewer.body.data.id).toBe(res.body.data.id);
  });

  it('trims the mobile and accepts +86 and 0086 prefixes', async () => {
    for (const mobile of ['  13800000002  ', '+8613800000002', '008613800000002', '\t+8613800000002\n']) {
      const res = await login(mobile, DEMO_PASSWORD, addr(2));
      expect(res.body.code, mobile).toBe(0);
      const viewer = await server.call('GET', '/api/user/viewer', {}, res.body.data.access_token);
      expect(viewer.body.data.mobile).toBe('13800000002');
    }
  });

  it('a wrong password answers 400 40000 naming the password field', async () => {
    const mobile = await createUser();
    const res = await login(mobile, 'Wrong@2026', addr(3));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 40000,
      msg: '手机号或密码错误',
      data: { fields: [{ field: 'password', message: '手机号或密码错误' }] },
    });
  });

  it('an unknown mobile answers exactly as a wrong password does', async () => {
    const wrong = await login(await createUser(), 'Wrong@2026', addr(4));
    const unknown = await login(randomMobile(), 'Wrong@2026', addr(4));
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('the password is case-sensitive and not trimmed', async () => {
    const mobile = await createUser();
    expect((await login(mobile, DEMO_PASSWORD.toLowerCase(), addr(5))).body.code).toBe(40000);
    expect((await login(mobile, ` ${DEMO_PASSWORD}`, addr(5))).body.code).toBe(40000);
    expect((await login(mobile, DEMO_PASSWORD, addr(5))).body.code).toBe(0);
  });

  it('an invalid mobile or a missing password is a field error, not a sign-in failure', async () => {
    const bad = await login('12345', DEMO_PASSWORD, addr(6));
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('mobile');
    const empty = await login('13800000003', '', addr(6));
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields[0]).toEqual({ field: 'password', message: '请输入密码' });
    expect(await server.kv.get(`login:ip:${addr(6)}`)).toBe(0);
  });

  it('a disabled account answers 403 with the right password and 40000 with a wrong one', async () => {
    const mobile = await createUser(2);
    expect((await login(mobile, 'Wrong@2026', addr(14))).body.code).toBe(40000);
    const res = await login(mobile, DEMO_PASSWORD, addr(14));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(40300);
  });
});

describe('sign-in throttling', () => {
  it(`after ${LOGIN_LIMITS.perMobile} failures for a mobile the next attempt answers 429 42900, even with the right password`, async () => {
    expect(LOGIN_LIMITS.perMobile).toBe(5);
    const mobile = await createUser();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(mobile, 'Wrong@2026', addr(7))).status).toBe(400);
    }
    const blocked = await login(mobile, DEMO_PASSWORD, addr(7));
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(42900);
    expect(blocked.body.data).toBeNull();
    // The mobile is blocked from any address and however it is written; other mobiles from this address are not.
    expect((await login(mobile, DEMO_PASSWORD, addr(8))).body.code).toBe(42900);
    expect((await login(`+86${mobile}`, DEMO_PASSWORD, addr(9))).body.code).toBe(42900);
    expect((await login(await createUser(), DEMO_PASSWORD, addr(7))).body.code).toBe(0);
  });

  it(`after ${LOGIN_LIMITS.perAddress} failures from an address, any mobile from it answers 42900`, async () => {
    expect(LOGIN_LIMITS.perAddress).toBe(20);
    for (let i = 0; i < 20; i += 1) {
      const mobile = randomMobile();
      expect((await login(mobile, 'Wrong@2026', addr(10))).status, mobile).toBe(400);
    }
    const blocked = await login('13800000006', DEMO_PASSWORD, addr(10));
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(42900);
    // The same account from another address is fine: the address, not the account, is blocked.
    expect((await login('13800000006', DEMO_PASSWORD, addr(11))).body.code).toBe(0);
  });

  it('a success resets the mobile counter', async () => {
    const mobile = await createUser();
    for (let i = 0; i < 4; i += 1) expect((await login(mobile, 'Wrong@2026', addr(12))).status).toBe(400);
    expect((await login(mobile, DEMO_PASSWORD, addr(12))).body.code).toBe(0);
    for (let i = 0; i < 4; i += 1) {
      // Without the reset the second of these would already be the sixth failure.
      expect((await login(mobile, 'Wrong@2026', addr(12))).status).toBe(400);
    }
    expect((await login(mobile, DEMO_PASSWORD, addr(12))).body.code).toBe(0);
  });

  it('a refused attempt while throttled is not counted again', async () => {
    const mobile = await createUser();
    for (let i = 0; i < 5; i += 1) await login(mobile, 'Wrong@2026', addr(13));
    for (let i = 0; i < 3; i += 1) expect((await login(mobile, 'Wrong@2026', addr(13))).status).toBe(429);
    expect(await server.kv.get(`login:m:${mobile}`)).toBe(5);
    expect(await server.kv.get(`login:ip:${addr(13)}`)).toBe(5);
  });
});
