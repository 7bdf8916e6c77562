import type { SessionUser } from '../../lib/session-user.ts';

/**
 * A short-lived cache of resolved sessions so a signed-in call costs no database round trip (the benchmark goal
 * of issue 2). Entries this process ends are dropped at once; sessions other processes end are dropped when
 * their notice arrives through the shared store (auth.service.ts), and within `ttlMs` at the latest should a
 * notice be lost (docs/decisions.md, "Session cache").
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 50_000,
  ) {}

  get(tokenHash: string, now = Date.now()): SessionUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  set(tokenHash: string, user: SessionUser, sessionExpiresAt: number, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, expiresAt: Math.min(now + this.ttlMs, sessionExpiresAt) });
  }

  delete(tokenHashes: Iterable<string>): void {
    for (const hash of tokenHashes) this.entries.delete(hash);
  }

  /** Drop every cached session of a user (roles, organisation or status changed). */
  deleteUser(userId: number): void {
    for (const [hash, entry] of this.entries) if (entry.user.userId === userId) this.entries.delete(hash);
  }

  clear(): void {
    this.entries.clear();
  }
}
