import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Short-lived shared state (nonces, sign-in throttling, cross-process notices). Every server process of a
 * deployment must see the same store (docs/deployment.md): Redis when REDIS_URL is set; else the PostgreSQL server
 * of DATABASE_URL (table kv_entries, LISTEN/NOTIFY); else this process's memory (the embedded database is one
 * process anyway). `increment` is atomic in each, so a caller can reserve an attempt before doing slow work.
 */
export interface KvStore {
  /** Set `key` if it is absent, for `ttlMs`; true when this call set it. */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  /** Add one to `key` (starting a `ttlMs` window when new) and return the count, atomically. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Take one back from a live `key` (a refunded reservation); a missing key stays missing. */
  decrement(key: string): Promise<void>;
  get(key: string): Promise<number>;
  /** Milliseconds `key` still lives, 0 when absent. */
  ttl(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  /** Tell every process of the deployment (this one included) something on `channel`. */
  publish(channel: string, message: string): Promise<void>;
  /** Hear what any process publishes on `channel`; resolves once listening. */
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  close(): Promise<void>;
  /** Where a lost connection is reported (Redis and PostgreSQL only). */
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

  async decrement(key: string): Promise<void> {
    const entry = this.live(key, Date.now());
    if (entry) entry.value -= 1;
  }

  async get(key: string): Promise<number> {
    return this.live(key, Date.now())?.value ?? 0;
  }

  async ttl(key: string): Promise<number> {
    const now = Date.now();
    const entry = this.live(key, now);
    return entry ? entry.expiresAt - now : 0;
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private readonly channels = new EventEmitter();

  async publish(channel: string, message: string): Promise<void> {
    this.channels.emit(channel, message);
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    this.channels.on(channel, listener);
  }

  sweep(now = Date.now()): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.channels.removeAllListeners();
  }

  onConnectionError(): void {}
}

/** Decrement only a key that exists, so a refund never creates a key without a window. */
const DECREMENT_IF_PRESENT =
  "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

export class RedisKvStore implements KvStore {
  private readonly redis: Redis;
  /** A second connection for pub/sub (a subscribed connection takes no other commands); opened on first use. */
  private subscriber: Redis | undefined;
  private readonly listeners = new Map<string, ((message: string) => void)[]>();
  constructor(
    private readonly url: string,
    private readonly prefix = 'jcbb:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
    // ioredis reconnects by itself and fails the commands in flight (their callers answer 503); without a listener
    // it would also print each connection error with its stack.
    this.redis.on('error', (error: Error) => this.connectionError(error));
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT_IF_PRESENT, 1, this.prefix + key);
  }

  async ttl(key: string): Promise<number> {
    return Math.max(0, await this.redis.pttl(this.prefix + key));
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.redis.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    if (!this.subscriber) {
      const subscriber = new Redis(this.url, { maxRetriesPerRequest: 2 });
      subscriber.on('error', (error: Error) => this.connectionError(error));
      subscriber.on('message', (name: string, message: string) => {
        for (const l of this.listeners.get(name) ?? []) l(message);
      });
      this.subscriber = subscriber;
    }
    const name = this.prefix + channel;
    const list = this.listeners.get(name) ?? [];
    list.push(listener);
    this.listeners.set(name, list);
    if (list.length === 1) await this.subscriber.subscribe(name);
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
    await this.subscriber?.quit();
    await this.redis.quit();
  }
}

/**
 * Keys written on every request, short-lived and cheap to lose: the nonces of signed requests (10 minutes) and the
 * /open/ rate limit's per-minute counters. On PostgreSQL they live in the UNLOGGED table kv_short (migration 0015):
 * no write-ahead log, so a commit that only writes there waits for no disk flush. docs/decisions.md, "The shared
 * store on PostgreSQL alone".
 */
export const SHORT_LIVED_PREFIXES = ['nonce:', 'open:rl:'];

/** Expired rows deleted per statement by the sweep: short transactions, however many expired since the last. */
const SWEEP_BATCH = 5_000;

/**
 * The store on the PostgreSQL server when there is no Redis: one row per key in kv_entries (created by migration
 * 0011), or in the unlogged kv_short for SHORT_LIVED_PREFIXES; `INSERT … ON CONFLICT DO UPDATE … RETURNING` for the
 * atomic increment, LISTEN/NOTIFY on a dedicated connection for publish/subscribe. Slower than Redis (a write per
 * signed request for its nonce), but correct for several processes; kv_entries survives any restart, kv_short a
 * clean one (a crash of PostgreSQL empties it, as it may lose Redis's last second). Expired rows are deleted every
 * minute, in batches; a read never sees one (each query checks expires_at).
 */
export class PostgresKvStore implements KvStore {
  private listenClient: pg.Client | undefined;
  private readonly listeners = new Map<string, ((message: string) => void)[]>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    private readonly prefix = 'jcbb:',
  ) {
    this.sweeper = setInterval(() => {
      this.sweep().catch(() => {});
    }, 60_000);
    this.sweeper.unref();
  }

  /** The table of a key (a constant, never user input: safe to splice into the SQL). */
  protected table(key: string): 'kv_short' | 'kv_entries' {
    return SHORT_LIVED_PREFIXES.some((p) => key.startsWith(p)) ? 'kv_short' : 'kv_entries';
  }

  /** Delete expired rows of both tables, `batch` at a time; resolves with how many went. */
  async sweep(batch = SWEEP_BATCH): Promise<number> {
    let deleted = 0;
    for (const table of ['kv_short', 'kv_entries']) {
      for (;;) {
        const { rowCount } = await this.pool.query(
          `DELETE FROM ${table} WHERE ctid = ANY (ARRAY(
             SELECT ctid FROM ${table} WHERE expires_at <= now() LIMIT $1 FOR UPDATE SKIP LOCKED))`,
          [batch],
        );
        deleted += rowCount ?? 0;
        if ((rowCount ?? 0) < batch) break;
      }
    }
    return deleted;
  }

  private connectionError: (error: Error) => void = (error) => console.warn(`kv connection error: ${error.message}`);

  onConnectionError(listener: (error: Error) => void): void {
    this.connectionError = listener;
  }

  async setIfAbsent(key: string, ttlMs: number): Promise<boolean> {
    const t = this.table(key);
    const { rowCount } = await this.pool.query(
      `INSERT INTO ${t} (key, value, expires_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET value = 1, expires_at = EXCLUDED.expires_at
       WHERE ${t}.expires_at <= now()`,
      [this.prefix + key, ttlMs],
    );
    return rowCount === 1;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const t = this.table(key);
    const { rows } = await this.pool.query<{ value: string }>(
      `INSERT INTO ${t} (key, value, expires_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         value = CASE WHEN ${t}.expires_at <= now() THEN 1 ELSE ${t}.value + 1 END,
         expires_at = CASE WHEN ${t}.expires_at <= now() THEN EXCLUDED.expires_at ELSE ${t}.expires_at END
       RETURNING value`,
      [this.prefix + key, ttlMs],
    );
    return Number(rows[0]?.value ?? 0);
  }

  async decrement(key: string): Promise<void> {
    await this.pool.query(`UPDATE ${this.table(key)} SET value = value - 1 WHERE key = $1 AND expires_at > now()`, [
      this.prefix + key,
    ]);
  }

  async get(key: string): Promise<number> {
    const { rows } = await this.pool.query<{ value: string }>(
      `SELECT value FROM ${this.table(key)} WHERE key = $1 AND expires_at > now()`,
      [this.prefix + key],
    );
    return Number(rows[0]?.value ?? 0);
  }

  async ttl(key: string): Promise<number> {
    const { rows } = await this.pool.query<{ ms: string }>(
      `SELECT ceil(extract(epoch FROM expires_at - now()) * 1000) AS ms FROM ${this.table(key)}
       WHERE key = $1 AND expires_at > now()`,
      [this.prefix + key],
    );
    return Math.max(0, Number(rows[0]?.ms ?? 0));
  }

  async delete(key: string): Promise<void> {
    await this.pool.query(`DELETE FROM ${this.table(key)} WHERE key = $1`, [this.prefix + key]);
  }

  /** NOTIFY channels are identifiers: the prefixed name is hashed into one. */
  private channelName(channel: string): string {
    let h = 0;
    for (const c of this.prefix + channel) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
    return `kv_${(h >>> 0).toString(36)}`;
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [this.channelName(channel), message]);
  }

  private closed = false;

  /** The LISTEN connection: opened on first subscribe, reopened (and every channel listened again) when lost. */
  private async listen(): Promise<pg.Client> {
    if (this.listenClient) return this.listenClient;
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (error) => this.connectionError(error));
    client.on('notification', (n) => {
      for (const l of this.listeners.get(n.channel) ?? []) l(n.payload ?? '');
    });
    client.on('end', () => {
      if (this.listenClient === client) this.listenClient = undefined;
      if (!this.closed) setTimeout(() => this.relisten(), 1_000).unref();
    });
    this.listenClient = client;
    await client.connect();
    return client;
  }

  private relisten(): void {
    if (this.closed || this.listenClient) return;
    this.listen()
      .then(async (client) => {
        for (const name of this.listeners.keys()) await client.query(`LISTEN ${name}`);
      })
      .catch((error: Error) => {
        this.connectionError(error);
        this.listenClient = undefined;
        if (!this.closed) setTimeout(() => this.relisten(), 5_000).unref();
      });
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    const client = await this.listen();
    const name = this.channelName(channel);
    const list = this.listeners.get(name) ?? [];
    list.push(listener);
    this.listeners.set(name, list);
    if (list.length === 1) await client.query(`LISTEN ${name}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await this.listenClient?.end().catch(() => {});
  }
}

export function createKvStore(
  redisUrl: string | null,
  prefix?: string,
  postgres?: { pool: pg.Pool; url: string },
): KvStore {
  if (redisUrl) return new RedisKvStore(redisUrl, prefix);
  if (postgres) return new PostgresKvStore(postgres.pool, postgres.url, prefix);
  return new MemoryKvStore();
}
