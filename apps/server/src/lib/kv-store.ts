import { Redis } from 'ioredis';

/**
 * Short-lived shared state (nonces, sign-in throttling): in this process by default, in Redis when REDIS_URL is
 * set so several server processes share it (DESIGN.md §2).
 */
export interface KvStore {
  /** Set `key` if it is absent, for `ttlMs`; true when this call set it. */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  /** Add one to `key` (starting a `ttlMs` window when new) and return the count. */
  increment(key: string, ttlMs: number): Promise<number>;
  get(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
  /** Where a lost connection is reported (Redis only). */
  onConnectionError(listener: (error: Error) => void): void;
}

export class MemoryKvStore implements KvStore {
  private readonly entries = new Map<string, { value: number; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 30_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async setIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    if (this.live(key, now)) return false;
    this.entries.set(key, { value: 1, expiresAt: now + ttlMs });
    return true;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const now = Date.now();
    const entry = this.live(key, now);
    if (entry) {
      entry.value += 1;
      return entry.value;
    }
    this.entries.set(key, { value: 1, expiresAt: now + ttlMs });
    return 1;
  }

  async get(key: string): Promise<number> {
    return this.live(key, Date.now())?.value ?? 0;
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  sweep(now = Date.now()): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  onConnectionError(): void {}
}

export class RedisKvStore implements KvStore {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix = 'jcbb:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    // ioredis reconnects by itself and fails the commands in flight (their callers answer 503); without a listener
    // it would also print each connection error with its stack.
    this.redis.on('error', (error: Error) => this.connectionError(error));
  }

  private connectionError: (error: Error) => void = (error) => console.warn(`redis connection error: ${error.message}`);

  onConnectionError(listener: (error: Error) => void): void {
    this.connectionError = listener;
  }

  async setIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const k = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec()) as [[null, number]];
    return count;
  }

  async get(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createKvStore(redisUrl: string | null, prefix?: string): KvStore {
  return redisUrl ? new RedisKvStore(redisUrl, prefix) : new MemoryKvStore();
}
