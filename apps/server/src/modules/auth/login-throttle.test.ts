import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KvStore, MemoryKvStore, RedisKvStore } from '../../lib/kv-store.ts';
import { createLoginThrottle, LOGIN_LIMITS, ThrottledError } from './login-throttle.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The rules with short times, so blocks and spacing can be watched expiring. */
const limits = {
  ...LOGIN_LIMITS,
  windowMs: 300,
  pairBlockMaxMs: 2_000,
  accountWindowMs: 5_000,
  accountFree: 12,
  accountDelayBaseMs: 300,
  accountDelayMaxMs: 2_000,
  perAddress: 8,
  notifyAfter: 3,
  notifyEveryMs: 5_000,
};

async function refusal(work: Promise<unknown>): Promise<ThrottledError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ThrottledError);
  return error as ThrottledError;
}

function rules(open: () => KvStore) {
  let kv: KvStore;
  let throttle: ReturnType<typeof createLoginThrottle>;
  beforeAll(() => {
    kv = open();
    throttle = createLoginThrottle(kv, limits);
  });
  afterAll(async () => {
    await kv.close();
  });

  async function fail(mobile: string, ip: string) {
    return (await throttle.reserve(mobile, ip)).failed();
  }

  it('a pair is blocked after its failures, and each block is twice the one before', async () => {
    for (let i = 0; i < limits.perPair; i += 1) await fail('m1', 'a1');
    const first = await refusal(throttle.reserve('m1', 'a1'));
    expect(first.retryAfterSeconds).toBe(1);
    expect(await kv.ttl('login:pb:m1|a1')).toBeLessThanOrEqual(300);
    await sleep(350);
    for (let i = 0; i < limits.perPair; i += 1) await fail('m1', 'a1');
    await refusal(throttle.reserve('m1', 'a1'));
    const second = await kv.ttl('login:pb:m1|a1');
    expect(second).toBeGreaterThan(300);
    expect(second).toBeLessThanOrEqual(600);
    // Another address for the same account is not blocked.
    await (await throttle.reserve('m1', 'a2')).succeeded();
  });

  it('an address is refused beyond its failures across accounts, and only that address', async () => {
    for (let i = 0; i < limits.perAddress; i += 1) await fail(`n${i}`, 'office');
    await refusal(throttle.reserve('n-other', 'office'));
    await (await throttle.reserve('n-other', 'home')).succeeded();
  });

  it('beyond its free failures an account is spaced, not locked: one evaluation per growing delay', async () => {
    for (let i = 0; i < limits.accountFree; i += 1) await fail('m3', `x${i}`);
    await fail('m3', 'y1'); // the first spaced evaluation takes the gate (300 ms)
    await refusal(throttle.reserve('m3', 'y2'));
    await sleep(400);
    await fail('m3', 'y3'); // now 600 ms
    await sleep(100);
    await refusal(throttle.reserve('m3', 'y4'));
    await sleep(600);
    await (await throttle.reserve('m3', 'y5')).succeeded();
  });

  it('the owner is told once, when the account reaches the failures that warrant it', async () => {
    const told = [];
    for (let i = 0; i < 5; i += 1) told.push(await fail('m4', `z${i}`));
    expect(told).toEqual([false, false, true, false, false]);
  });

  it('the old password of a change is limited per user and cleared by a right one', async () => {
    for (let i = 0; i < limits.changePassword; i += 1) await throttle.reserveOldPassword(7);
    await refusal(throttle.reserveOldPassword(7));
    await throttle.reserveOldPassword(8);
  });
}

describe('login throttle on the memory store', () => {
  rules(() => new MemoryKvStore());
});

describe.runIf(!!process.env.TEST_REDIS_URL)('login throttle on Redis', () => {
  rules(() => new RedisKvStore(process.env.TEST_REDIS_URL as string, `jcbb-test:${randomUUID()}:`));
});
