import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KvStore, MemoryKvStore, PostgresKvStore, RedisKvStore } from './kv-store.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour both stores must share: the gateway's nonces and sign-in throttling rest on it. */
function sharedBehaviour(open: () => KvStore) {
  let kv: KvStore;
  beforeAll(() => {
    kv = open();
  });
  afterAll(async () => {
    await kv.close();
  });

  it('setIfAbsent sets once and refuses while the key lives', async () => {
    expect(await kv.setIfAbsent('nonce:a', 60_000)).toBe(true);
    expect(await kv.setIfAbsent('nonce:a', 60_000)).toBe(false);
    expect(await kv.setIfAbsent('nonce:b', 60_000)).toBe(true);
    expect(await kv.get('nonce:a')).toBe(1);
  });

  it('setIfAbsent succeeds exactly once under concurrency', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => kv.setIfAbsent('nonce:race', 60_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('setIfAbsent sets again after the key expired', async () => {
    expect(await kv.setIfAbsent('nonce:short', 300)).toBe(true);
    expect(await kv.setIfAbsent('nonce:short', 300)).toBe(false);
    await sleep(400);
    expect(await kv.setIfAbsent('nonce:short', 300)).toBe(true);
  });

  it('increment counts within a window and reports the count', async () => {
    expect(await kv.get('count:a')).toBe(0);
    expect(await kv.increment('count:a', 60_000)).toBe(1);
    expect(await kv.increment('count:a', 60_000)).toBe(2);
    expect(await kv.increment('count:a', 60_000)).toBe(3);
    expect(await kv.get('count:a')).toBe(3);
    expect(await kv.get('count:other')).toBe(0);
  });

  it('concurrent increments are all counted', async () => {
    await Promise.all(Array.from({ length: 25 }, () => kv.increment('count:race', 60_000)));
    expect(await kv.get('count:race')).toBe(25);
  });

  it('the window starts with the first increment and is not extended by later ones', async () => {
    expect(await kv.increment('count:window', 400)).toBe(1);
    await sleep(100);
    expect(await kv.increment('count:window', 400)).toBe(2);
    await sleep(380);
    // 480 ms after the first increment, 380 ms after the second: a window restarted by each increment would hold 2.
    expect(await kv.get('count:window')).toBe(0);
    expect(await kv.increment('count:window', 400)).toBe(1);
  });

  it('decrement refunds a live key and never creates one', async () => {
    expect(await kv.increment('count:refund', 60_000)).toBe(1);
    expect(await kv.increment('count:refund', 60_000)).toBe(2);
    await kv.decrement('count:refund');
    expect(await kv.get('count:refund')).toBe(1);
    await kv.decrement('count:refund-missing');
    expect(await kv.get('count:refund-missing')).toBe(0);
    expect(await kv.ttl('count:refund-missing')).toBe(0);
  });

  it('increments and refunds racing each other leave the exact count', async () => {
    await Promise.all([
      ...Array.from({ length: 30 }, () => kv.increment('count:mix', 60_000)),
      ...Array.from({ length: 10 }, async () => {
        await kv.increment('count:mix', 60_000);
        await kv.decrement('count:mix');
      }),
    ]);
    expect(await kv.get('count:mix')).toBe(30);
  });

  it('ttl tells how long a key still lives', async () => {
    await kv.increment('count:ttl', 60_000);
    const ttl = await kv.ttl('count:ttl');
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('publish reaches subscribers', async () => {
    const heard: string[] = [];
    await kv.subscribe('chan', (m) => heard.push(m));
    await kv.publish('chan', 'hello');
    await kv.publish('other', 'not for us');
    await expect.poll(() => heard).toEqual(['hello']);
  });

  it('delete forgets a key', async () => {
    await kv.increment('count:del', 60_000);
    await kv.delete('count:del');
    expect(await kv.get('count:del')).toBe(0);
    expect(await kv.increment('count:del', 60_000)).toBe(1);
    await kv.delete('count:never-set');
  });
}

describe('MemoryKvStore', () => {
  sharedBehaviour(() => new MemoryKvStore());

  it('sweep drops what has expired by the given time and keeps the rest', async () => {
    const kv = new MemoryKvStore();
    await kv.setIfAbsent('short', 1_000);
    await kv.increment('long', 60_000);
    kv.sweep(Date.now() + 5_000);
    expect(await kv.get('short')).toBe(0);
    expect(await kv.setIfAbsent('short', 1_000)).toBe(true);
    expect(await kv.get('long')).toBe(1);
    kv.sweep(Date.now() + 120_000);
    expect(await kv.get('long')).toBe(0);
    await kv.close();
  });
});

// The store of a PostgreSQL deployment without Redis, wherever TEST_DATABASE_URL points at a server.
describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgresKvStore', () => {
  // A throwaway database of its own on the server, as the API tests have.
  // Collected even where it does not run: nothing here may need TEST_DATABASE_URL outside the hooks and tests.
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `jcbb_kv_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let url = '';
  let pool: pg.Pool;
  beforeAll(async () => {
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    pool = new pg.Pool({ connectionString: url, max: 4 });
    // The database is dropped WITH (FORCE) at the end: a connection still closing then reports it here.
    pool.on('error', () => {});
    // The store's tables as the migrations make them.
    for (const file of ['0011_runtime_tables.sql', '0015_kv_short_lived.sql']) {
      const sql = readFileSync(path.join(import.meta.dirname, '../db/migrations', file), 'utf8');
      for (const statement of sql.split('--> statement-breakpoint')) await pool.query(statement);
    }
  });
  afterAll(async () => {
    await pool?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  sharedBehaviour(() => new PostgresKvStore(pool, url, `jcbb-test:${randomUUID()}:`));

  // Issue 23, item 11: the nonce written by every signed request goes to an unlogged table, and stays refused twice.
  it('keeps nonces and /open/ counters in the unlogged kv_short, and a nonce used twice is refused across processes', async () => {
    const prefix = `jcbb-test:${randomUUID()}:`;
    const a = new PostgresKvStore(pool, url, prefix);
    const b = new PostgresKvStore(pool, url, prefix);
    expect(await a.setIfAbsent('nonce:k:0123456789abcdef', 60_000)).toBe(true);
    expect(await b.setIfAbsent('nonce:k:0123456789abcdef', 60_000)).toBe(false);
    expect(await b.increment('open:rl:x', 60_000)).toBe(1);
    expect(await a.increment('open:rl:x', 60_000)).toBe(2);
    expect(await a.increment('login:pair:x', 60_000)).toBe(1);
    const where = await pool.query<{ table: string; key: string }>(
      `SELECT 'kv_short' AS table, key FROM kv_short WHERE key LIKE $1
       UNION ALL SELECT 'kv_entries', key FROM kv_entries WHERE key LIKE $1 ORDER BY 2`,
      [`${prefix}%`],
    );
    expect(where.rows).toEqual([
      { table: 'kv_entries', key: `${prefix}login:pair:x` },
      { table: 'kv_short', key: `${prefix}nonce:k:0123456789abcdef` },
      { table: 'kv_short', key: `${prefix}open:rl:x` },
    ]);
    const persistence = await pool.query<{ relpersistence: string }>(
      "SELECT relpersistence FROM pg_class WHERE relname = 'kv_short'",
    );
    expect(persistence.rows[0]?.relpersistence).toBe('u');
    await a.close();
    await b.close();
  });

  it('deletes expired rows in batches, never a live one', async () => {
    const prefix = `jcbb-test:${randomUUID()}:`;
    const kv = new PostgresKvStore(pool, url, prefix);
    await pool.query(
      `INSERT INTO kv_short (key, value, expires_at)
       SELECT $1 || 'nonce:old:' || i, 1, now() - interval '1 second' FROM generate_series(1, 25) i`,
      [prefix],
    );
    await kv.setIfAbsent('nonce:live', 60_000);
    await kv.setIfAbsent('known:x', 60_000);
    expect(await kv.sweep(10)).toBeGreaterThanOrEqual(25);
    const left = await pool.query<{ key: string }>('SELECT key FROM kv_short WHERE key LIKE $1', [`${prefix}%`]);
    expect(left.rows.map((r) => r.key)).toEqual([`${prefix}nonce:live`]);
    expect(await kv.get('known:x')).toBe(1);
    await kv.close();
  });

  it('two stores on one server share counters and notices, as two processes do', async () => {
    const prefix = `jcbb-test:${randomUUID()}:`;
    const a = new PostgresKvStore(pool, url, prefix);
    const b = new PostgresKvStore(pool, url, prefix);
    const heard: string[] = [];
    await b.subscribe('sessions', (m) => heard.push(m));
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).increment('n', 60_000)));
    expect(await a.get('n')).toBe(10);
    await a.publish('sessions', 'ended');
    await expect.poll(() => heard).toEqual(['ended']);
    await a.close();
    await b.close();
  });
});

// Redis is exercised wherever TEST_REDIS_URL points at one. CI (CI=true) always has one (.ci/run starts it): there
// these tests run, against the machine's Redis when no URL is given, and fail rather than skip when it is not there.
const redisUrl = process.env.TEST_REDIS_URL || (process.env.CI === 'true' ? 'redis://127.0.0.1:6379' : '');
describe.runIf(redisUrl !== '')('RedisKvStore', () => {
  const prefix = `jcbb-test:${randomUUID()}:`;
  sharedBehaviour(() => new RedisKvStore(redisUrl, prefix));

  it('keys carry the prefix, so stores with different prefixes do not meet', async () => {
    const a = new RedisKvStore(redisUrl, `${prefix}a:`);
    const b = new RedisKvStore(redisUrl, `${prefix}b:`);
    expect(await a.setIfAbsent('same', 60_000)).toBe(true);
    expect(await b.setIfAbsent('same', 60_000)).toBe(true);
    expect(await a.increment('n', 60_000)).toBe(1);
    expect(await b.get('n')).toBe(0);
    await a.delete('same');
    await b.delete('same');
    await a.delete('n');
    await a.close();
    await b.close();
  });
});
