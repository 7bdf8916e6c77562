import { ThrottledError } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv-store.ts';

/**
 * Password-guessing limits (docs/decisions.md, "Sign-in throttling"; OWASP ASVS 5.0 §6.3, NIST SP 800-63B
 * §5.2.2). Every attempt is reserved with an atomic increment in the shared store BEFORE the password hash runs,
 * so however many requests arrive at once, no more than the limit are ever evaluated:
 * - per account and address pair: `perPair` failures per window, then 429 for that pair only, for a block that
 *   doubles each time the pair is blocked again (15 min, 30 min, 1 h … 24 h);
 * - per account, across every address: `accountFree` failures per day, then evaluations are spaced by an
 *   exponential delay (1 s, 2 s, 4 s … 15 min): never a lock. An address the account signed in from before and
 *   that is not failing skips the spacing, so the owner gets in while the account is under attack;
 * - per address, across accounts: `perAddress` failures per window, high enough for an office behind one NAT;
 * - the account's owner gets a message after `notifyAfter` failures (at most once per `notifyEveryMs`).
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  perPair: 5,
  pairBlockMaxMs: 24 * 3600_000,
  accountWindowMs: 24 * 3600_000,
  accountFree: 10,
  accountDelayBaseMs: 1_000,
  accountDelayMaxMs: 15 * 60_000,
  perAddress: 200,
  notifyAfter: 5,
  notifyEveryMs: 3600_000,
  /** How long an address the account signed in from counts as known. */
  knownAddressMs: 90 * 24 * 3600_000,
  /** Wrong old passwords accepted per user and window on the change-password call. */
  changePassword: 5,
};

/** 429 42900 with the time to wait (lib/errors.ts; the error handler puts it in Retry-After). */
export { ThrottledError };

export interface LoginAttempt {
  /** The password was right: the pair starts afresh and this address becomes known for the account. */
  succeeded(): Promise<void>;
  /** The password was wrong: the reservation stays counted; true when the owner should now be told. */
  failed(): Promise<boolean>;
}

export function createLoginThrottle(kv: KvStore, limits = LOGIN_LIMITS) {
  const keys = (mobile: string, ip: string) => ({
    pair: `login:p:${mobile}|${ip}`,
    pairBlock: `login:pb:${mobile}|${ip}`,
    pairStrikes: `login:ps:${mobile}|${ip}`,
    known: `login:k:${mobile}|${ip}`,
    account: `login:m:${mobile}`,
    accountGate: `login:mg:${mobile}`,
    notified: `login:mn:${mobile}`,
    address: `login:ip:${ip}`,
  });

  async function refund(...counters: string[]) {
    await Promise.all(counters.map((k) => kv.decrement(k)));
  }

  return {
    /** Reserve one evaluation of a password for `mobile` from `ip`, or throw ThrottledError. */
    async reserve(mobile: string, ip: string): Promise<LoginAttempt> {
      const k = keys(mobile, ip);
      const blockedFor = await kv.ttl(k.pairBlock);
      if (blockedFor > 0) throw new ThrottledError(blockedFor);

      const pair = await kv.increment(k.pair, limits.windowMs);
      if (pair > limits.perPair) {
        await refund(k.pair);
        // The first refusal starts the pair's block; each block doubles the one before (strikes last a day).
        const strikes = await kv.get(k.pairStrikes);
        const blockMs = Math.min(limits.windowMs * 2 ** strikes, limits.pairBlockMaxMs);
        if (await kv.setIfAbsent(k.pairBlock, blockMs)) {
          await kv.increment(k.pairStrikes, limits.pairBlockMaxMs);
          throw new ThrottledError(blockMs);
        }
        throw new ThrottledError((await kv.ttl(k.pairBlock)) || (await kv.ttl(k.pair)) || limits.windowMs);
      }

      const address = await kv.increment(k.address, limits.windowMs);
      if (address > limits.perAddress) {
        await refund(k.pair, k.address);
        throw new ThrottledError((await kv.ttl(k.address)) || limits.windowMs);
      }

      const account = await kv.increment(k.account, limits.accountWindowMs);
      if (account > limits.accountFree) {
        // Spacing, not a lock: one evaluation per delay for the account, unless this address is the owner's.
        const known = pair === 1 && (await kv.get(k.known)) > 0;
        if (!known) {
          const delay = Math.min(
            limits.accountDelayBaseMs * 2 ** (account - limits.accountFree - 1),
            limits.accountDelayMaxMs,
          );
          if (!(await kv.setIfAbsent(k.accountGate, delay))) {
            await refund(k.pair, k.address, k.account);
            throw new ThrottledError((await kv.ttl(k.accountGate)) || delay);
          }
        }
      }

      return {
        async succeeded() {
          await Promise.all([
            kv.delete(k.pair),
            kv.delete(k.pairStrikes),
            refund(k.account, k.address),
            // Known for 90 days from the latest success from there.
            kv.delete(k.known).then(() => kv.setIfAbsent(k.known, limits.knownAddressMs)),
          ]);
        },
        async failed() {
          if (account < limits.notifyAfter) return false;
          return kv.setIfAbsent(k.notified, limits.notifyEveryMs);
        },
      };
    },

    /** Reserve one evaluation of a signed-in user's old password (change password), or throw ThrottledError. */
    async reserveOldPassword(userId: number): Promise<{ succeeded(): Promise<void> }> {
      const key = `pw:u:${userId}`;
      const count = await kv.increment(key, limits.windowMs);
      if (count > limits.changePassword) {
        await refund(key);
        throw new ThrottledError((await kv.ttl(key)) || limits.windowMs);
      }
      return {
        async succeeded() {
          await kv.delete(key);
        },
      };
    },
  };
}
