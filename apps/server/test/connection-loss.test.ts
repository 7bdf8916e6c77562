import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * A PostgreSQL server that drops the connections (a restart, a failover, an administrator's
 * pg_terminate_backend) must cost at most the requests in flight, never the process: node-postgres reports an idle
 * connection's death on the pool, where an unheard 'error' event would throw. Only the PostgreSQL pass (CI's
 * second `npm test`, TEST_DATABASE_URL set) has connections to drop; embedded PGlite has none.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('losing the database connections', () => {
  let server: TestServer;
  const reported: Error[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    server.database.onConnectionError((error) => reported.push(error));
    // Without Redis the shared store LISTENs on a connection of its own to this database: it is killed too.
    server.kv.onConnectionError((error) => reported.push(error));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reports idle connections killed by the server and answers the next request on a new one', async () => {
    const token = await server.login('13800000001');
    // Warm the pool: several idle connections to this test's database.
    await Promise.all(Array.from({ length: 4 }, () => server.call('GET', '/api/organization', {}, token)));

    const databaseName = new URL(server.config.databaseUrl as string).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    let killedCount = 0;
    try {
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [databaseName],
      );
      killedCount = killed.rowCount ?? 0;
      expect(killedCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }

    // Every killed connection was an idle one of the pool (this database is the test server's own), and each is
    // reported, and dropped, on its own: wait for all of them, or the next request may still draw a dead one.
    await expect.poll(() => reported.length).toBeGreaterThanOrEqual(killedCount);
    const res = await server.call('GET', '/api/organization', {}, token);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('南京绿筑新型建材有限公司');
  });

  it('bounds what one request can hold: a statement, an idle transaction, a whole transaction (17+)', async () => {
    const show = async (name: string) => {
      const result = (await server.database.db.execute(sql.raw(`show ${name}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows[0]?.[name];
    };
    expect(await show('statement_timeout')).toBe('15s');
    // Before issue 22 (item 12), a request's transaction could stay open for ever.
    expect(await show('idle_in_transaction_session_timeout')).toBe('30s');
    if (Number(await show('server_version_num')) >= 170_000) expect(await show('transaction_timeout')).toBe('1min');
  });
});
