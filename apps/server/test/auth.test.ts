import { randomInt } from 'node:crypto';
import { Role, signParams } from '@jcbb/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, userRoles, users } from '../src/db/schema/index.ts';
import { hashPassword, passwordChecks } from '../src/lib/passwords.ts';
import { FAILED_SIGN_IN_TITLE, LOGIN_LIMITS } from '../src/modules/auth/index.ts';
import { DEMO_PASSWORD, startTestServer, type TestServer, toResponse } from './harness.ts';

/**
 * Sign-in and its throttling (docs/design.md §3). With TEST_REDIS_URL every test server shares one Redis and so its
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

/** The one peer of this file trusted to say who the client is (TRUST_PROXY); every other peer is not. */
const PROXY = '10.254.254.254';

beforeAll(async () => {
  server = await startTestServer({ trustProxy: [PROXY] });
});
afterAll(async () => {
  await server?.stop();
});

async function login(mobile: string, password: string, remoteAddress: string, forwardedFor?: string) {
  const payload = signParams('POST', '/api/auth/login', { mobile, password }, server.key);
  const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  return toResponse(
    await server.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress, headers }),
  );
}

/** Password hashes evaluated while `work` runs. */
async function evaluations(work: () => Promise<unknown>): Promise<number> {
  const before = passwordChecks.count;
  await work();
  return passwordChecks.count - before;
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
    expect(await server.kv.get(`login:p:13800000003|${addr(6)}`)).toBe(0);
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
  it(`after ${LOGIN_LIMITS.perPair} failures for a mobile from an address, that pair answers 429 42900 with Retry-After, even with the right password`, async () => {
    expect(LOGIN_LIMITS.perPair).toBe(5);
    const mobile = await createUser();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(mobile, 'Wrong@2026', addr(7))).status).toBe(400);
    }
    const blocked = await login(mobile, DEMO_PASSWORD, addr(7));
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(42900);
    expect(blocked.body.msg).toBe('尝试次数过多，请 15 分钟后再试');
    expect(blocked.body.data).toBeNull();
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // However the mobile is written, from that address it stays blocked.
    expect((await login(`+86${mobile}`, DEMO_PASSWORD, addr(7))).body.code).toBe(42900);
    // Other mobiles from this address are not blocked.
    expect((await login(await createUser(), DEMO_PASSWORD, addr(7))).body.code).toBe(0);
  });

  it('the owner signs in with the right password from another address while the attacker’s is blocked', async () => {
    const mobile = await createUser();
    for (let i = 0; i < 8; i += 1) await login(mobile, 'Wrong@2026', addr(8));
    expect((await login(mobile, DEMO_PASSWORD, addr(8))).status).toBe(429);
    const owner = await login(mobile, DEMO_PASSWORD, addr(9));
    expect(owner.status).toBe(200);
    expect(owner.body.code).toBe(0);
    // And a wrong password from the owner's address is an ordinary 400, not a lock-out.
    expect((await login(mobile, 'Wrong@2026', addr(9))).status).toBe(400);
  });

  it('100 parallel wrong passwords for one account from one address evaluate at most the limit', async () => {
    const mobile = await createUser();
    let answers: Awaited<ReturnType<typeof login>>[] = [];
    const evaluated = await evaluations(async () => {
      answers = await Promise.all(Array.from({ length: 100 }, () => login(mobile, 'Wrong@2026', addr(15))));
    });
    expect(evaluated).toBeLessThanOrEqual(LOGIN_LIMITS.perPair);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(evaluated);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(100 - evaluated);
  });

  it('100 parallel guesses with the right one among them: the right one is refused once the limit is spent', async () => {
    const mobile = await createUser();
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 95 ? DEMO_PASSWORD : `Wrong@${i}`));
    let answers: Awaited<ReturnType<typeof login>>[] = [];
    const evaluated = await evaluations(async () => {
      answers = await Promise.all(guesses.map((g) => login(mobile, g, addr(16))));
    });
    expect(evaluated).toBeLessThanOrEqual(LOGIN_LIMITS.perPair);
    expect(answers[95]?.status).toBe(429);
  });

  it('100 parallel wrong passwords for one account from 100 addresses evaluate at most the free failures and one more', async () => {
    const mobile = await createUser();
    const evaluated = await evaluations(() =>
      Promise.all(Array.from({ length: 100 }, (_, i) => login(mobile, 'Wrong@2026', `10.${run}.${100 + i}`))),
    );
    // Beyond the free failures the account's evaluations are spaced (1 s, then 2 s …): one may start now.
    expect(evaluated).toBeLessThanOrEqual(LOGIN_LIMITS.accountFree + 1);
    // Whether or not the first delay has passed meanwhile (a busy machine), three more at once get one evaluation.
    const next = await Promise.all([17, 27, 28].map((n) => login(mobile, 'Wrong@2026', addr(n))));
    const refused = next.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('an address the owner signed in from skips the account’s spacing while the account is attacked', async () => {
    const mobile = await createUser();
    expect((await login(mobile, DEMO_PASSWORD, addr(18))).body.code).toBe(0);
    await Promise.all(Array.from({ length: 30 }, (_, i) => login(mobile, 'Wrong@2026', `10.${run}.${200 + i}`)));
    // An attacker's evaluation has just taken the account's turn (set here, so a slow machine cannot let it lapse).
    await server.kv.delete(`login:mg:${mobile}`);
    await server.kv.setIfAbsent(`login:mg:${mobile}`, 60_000);
    // A fresh address waits for the spacing; the owner's usual address does not.
    expect((await login(mobile, DEMO_PASSWORD, addr(19))).status).toBe(429);
    expect((await login(mobile, DEMO_PASSWORD, addr(18))).body.code).toBe(0);
  });

  it('the owner gets one message after repeated failures', async () => {
    const mobile = await createUser();
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
    const warnings = () =>
      server.database.db
        .select({ id: messages.id, content: messages.content })
        .from(messages)
        .where(and(eq(messages.toUid, (user as { id: number }).id), eq(messages.title, FAILED_SIGN_IN_TITLE)));
    for (let i = 0; i < LOGIN_LIMITS.notifyAfter - 1; i += 1) await login(mobile, 'Wrong@2026', addr(20));
    expect(await warnings()).toHaveLength(0);
    await login(mobile, 'Wrong@2026', addr(20));
    const sent = await warnings();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.content).toContain(addr(20));
    for (let i = 0; i < 3; i += 1) await login(mobile, 'Wrong@2026', addr(21));
    expect(await warnings()).toHaveLength(1);
  });

  it(`an office behind one NAT: 25 failures across accounts from its address do not stop a colleague (limit ${LOGIN_LIMITS.perAddress})`, async () => {
    expect(LOGIN_LIMITS.perAddress).toBe(200);
    for (let i = 0; i < 25; i += 1) expect((await login(randomMobile(), 'Wrong@2026', addr(26))).status).toBe(400);
    expect((await login(await createUser(), DEMO_PASSWORD, addr(26))).body.code).toBe(0);
    expect(await server.kv.get(`login:ip:${addr(26)}`)).toBe(25);
  });

  it('an unknown mobile is throttled like a known one and nobody is told', async () => {
    const mobile = randomMobile();
    for (let i = 0; i < 5; i += 1) expect((await login(mobile, 'Wrong@2026', addr(22))).status).toBe(400);
    expect((await login(mobile, 'Wrong@2026', addr(22))).status).toBe(429);
  });

  it('X-Forwarded-For from a peer that is not a trusted proxy is ignored: rotating it does not dodge the limit', async () => {
    const mobile = await createUser();
    for (let i = 0; i < 5; i += 1) {
      expect((await login(mobile, 'Wrong@2026', addr(23), `203.0.113.${i + 1}`)).status).toBe(400);
    }
    expect((await login(mobile, DEMO_PASSWORD, addr(23), '203.0.113.99')).status).toBe(429);
    expect(await server.kv.get(`login:p:${mobile}|${addr(23)}`)).toBe(5);
  });

  it('behind the trusted proxy, each client address is counted on its own', async () => {
    const mobile = await createUser();
    for (let i = 0; i < 5; i += 1) await login(mobile, 'Wrong@2026', PROXY, `198.51.100.${run.split('.')[0]}`);
    expect((await login(mobile, DEMO_PASSWORD, PROXY, `198.51.100.${run.split('.')[0]}`)).status).toBe(429);
    // Another client behind the same proxy is that client, not the proxy: it signs in.
    expect((await login(mobile, DEMO_PASSWORD, PROXY, `198.51.100.${Number(run.split('.')[0]) + 1}`)).body.code).toBe(
      0,
    );
  });

  it('a success starts the pair afresh', async () => {
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
    expect(await server.kv.get(`login:p:${mobile}|${addr(13)}`)).toBe(5);
    expect(await server.kv.get(`login:m:${mobile}`)).toBe(5);
    expect(await server.kv.get(`login:ip:${addr(13)}`)).toBe(5);
  });
});

describe('POST /api/user/password throttling', () => {
  it('12 parallel wrong old passwords evaluate at most 5; then even the right one waits (429 with Retry-After)', async () => {
    const mobile = await createUser();
    const token = (await login(mobile, DEMO_PASSWORD, addr(24))).body.data.access_token as string;
    let answers: Awaited<ReturnType<TestServer['call']>>[] = [];
    const evaluated = await evaluations(async () => {
      answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          server.call('POST', '/api/user/password', { oldPassword: `Wrong@${i}`, newPassword: 'Next@2026x' }, token),
        ),
      );
    });
    expect(evaluated).toBeLessThanOrEqual(LOGIN_LIMITS.changePassword);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(evaluated);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - evaluated);
    const right = await server.call(
      'POST',
      '/api/user/password',
      { oldPassword: DEMO_PASSWORD, newPassword: 'Next@2026x' },
      token,
    );
    expect(right.status).toBe(429);
    expect(right.body.code).toBe(42900);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a right old password clears the count', async () => {
    const mobile = await createUser();
    const token = (await login(mobile, DEMO_PASSWORD, addr(25))).body.data.access_token as string;
    for (let i = 0; i < 4; i += 1) {
      const res = await server.call(
        'POST',
        '/api/user/password',
        { oldPassword: 'Wrong@1', newPassword: 'Next@2026x' },
        token,
      );
      expect(res.status).toBe(400);
    }
    const ok = await server.call(
      'POST',
      '/api/user/password',
      { oldPassword: DEMO_PASSWORD, newPassword: 'Next@2026x' },
      token,
    );
    expect(ok.body.code).toBe(0);
    for (let i = 0; i < 4; i += 1) {
      const res = await server.call(
        'POST',
        '/api/user/password',
        { oldPassword: 'Wrong@1', newPassword: 'Next@2026y' },
        token,
      );
      expect(res.status).toBe(400);
    }
  });
});
