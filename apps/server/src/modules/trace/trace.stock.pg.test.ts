import { traceEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { stockBalances, stockMoves } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStock, NOT_ENOUGH_STOCK, type StockMove } from './trace.stock.ts';
import { addAddress, addLot, specOf, userOf } from './trace.test-support.ts';

/**
 * Stock under concurrency on a real PostgreSQL server (docs/traceability.md, "Stock"): 32 clients, each on its own
 * connection, take from the same balances at once. Row locks taken in a fixed order must serialise them without a
 * deadlock, so that no balance goes negative, every balance equals the sum of its moves, and exactly as many moves
 * succeed as the stock allows (the rest refused with 库存不足).
 *
 * It needs a PostgreSQL server: the PostgreSQL pass of .ci/run sets TEST_DATABASE_URL (locally, e.g.
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres). Without one it is skipped; embedded PGlite has a
 * single connection and nothing can race there.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const CLIENTS = 32;

describe.runIf(!!adminUrl)('stock moved by 32 clients at once on PostgreSQL', () => {
  let server: TestServer;
  let spec: Awaited<ReturnType<typeof specOf>>;
  let orgId = 0;

  beforeAll(async () => {
    server = await startTestServer();
    expect(server.database.kind).toBe('postgres');
    spec = await specOf(server, '岩棉保温板', 'TR10 50 厚');
    orgId = spec.orgId;
  });
  afterAll(() => server?.stop());

  /** Every balance equals the sum of its moves; every running balance the sum of the moves up to it. */
  async function ledgerAddsUp() {
    const db = server.database.db;
    const moves = await db.select().from(stockMoves).orderBy(stockMoves.id);
    const running = new Map<string, number>();
    for (const m of moves) {
      const key = `${m.holderKey}|${m.specId}|${m.lotId}|${m.bucket}`;
      const next = (running.get(key) ?? 0) + Math.round(Number(m.quantity) * 1000);
      running.set(key, next);
      expect(next, key).toBeGreaterThanOrEqual(0);
      expect(Math.round(Number(m.balanceAfter) * 1000), key).toBe(next);
    }
    for (const b of await db.select().from(stockBalances)) {
      const key = `${b.holderKey}|${b.specId}|${b.lotId}|${b.bucket}`;
      expect(Number(b.quantity), key).toBeGreaterThanOrEqual(0);
      expect(Math.round(Number(b.quantity) * 1000), key).toBe(running.get(key) ?? 0);
    }
  }

  async function balanceOf(lotId: number, bucket = 'usable'): Promise<number> {
    const [row] = await server.database.db
      .select({ q: stockBalances.quantity })
      .from(stockBalances)
      .where(
        and(
          eq(stockBalances.holderKey, `org:${orgId}`),
          eq(stockBalances.lotId, lotId),
          eq(stockBalances.bucket, bucket),
        ),
      );
    return Number(row?.q ?? 0);
  }

  it('serialises 32 connections taking from the same two balances, in opposite orders, without a deadlock', async () => {
    const lotA = await addLot(server, spec, 100);
    const lotB = await addLot(server, spec, 200);
    const clients = Array.from(
      { length: CLIENTS },
      () => new pg.Client({ connectionString: server.config.databaseUrl as string }),
    );
    await Promise.all(clients.map((c) => c.connect()));
    try {
      const move = (lotId: number, quantity: number): StockMove => ({
        holder: { kind: 'org', orgId },
        specId: spec.specId,
        lotId,
        bucket: 'usable',
        quantity,
        reason: 'adjust',
        docType: 'adjustment',
        docId: null,
        occurredAt: new Date(),
        userId: null,
      });
      // Each client takes 7 of A and 3 of B, half of them naming B first: moveStock must lock in one order.
      const results = await Promise.allSettled(
        clients.map((client, i) => {
          const db = drizzle(client, { schema }) as unknown as Db;
          const moves = i % 2 === 0 ? [move(lotA, -7), move(lotB, -3)] : [move(lotB, -3), move(lotA, -7)];
          return db.transaction((tx) => moveStock(tx, moves));
        }),
      );
      const done = results.filter((r) => r.status === 'fulfilled').length;
      const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
      expect(done).toBe(Math.floor(100 / 7));
      expect(refused).toHaveLength(CLIENTS - done);
      for (const e of refused) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).message).toBe(NOT_ENOUGH_STOCK);
      }
      expect(await balanceOf(lotA)).toBe(100 - 7 * done);
      expect(await balanceOf(lotB)).toBe(200 - 3 * done);
      await ledgerAddsUp();
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('32 connections creating and locking overlapping balances in either order: none negative, no deadlock', async () => {
    const lotA = await addLot(server, spec, 100);
    const lotB = await addLot(server, spec, 200);
    const clients = Array.from(
      { length: CLIENTS },
      () => new pg.Client({ connectionString: server.config.databaseUrl as string }),
    );
    await Promise.all(clients.map((c) => c.connect()));
    try {
      const move = (lotId: number, quantity: number, bucket: 'usable' | 'rejected' = 'usable'): StockMove => ({
        holder: { kind: 'org', orgId },
        specId: spec.specId,
        lotId,
        bucket,
        quantity,
        reason: 'adjust',
        docType: 'adjustment',
        docId: null,
        occurredAt: new Date(),
        userId: null,
      });
      // Each client takes 7 of A into its rejected bucket (a balance created on the way); two in three also take 3 of
      // B into its rejected bucket, half of them naming B first. Creating a row another transaction is creating, and
      // locking rows another holds, must not wait in a circle (stop 35's deadlock did, between two writers).
      const takesB = (i: number) => i % 3 !== 0;
      const results = await Promise.allSettled(
        clients.map((client, i) => {
          const db = drizzle(client, { schema }) as unknown as Db;
          const a = [move(lotA, -7), move(lotA, 7, 'rejected')];
          const b = [move(lotB, -3), move(lotB, 3, 'rejected')];
          const moves = !takesB(i) ? a : i % 2 === 0 ? [...a, ...b] : [...b, ...a];
          return db.transaction((tx) => moveStock(tx, moves));
        }),
      );
      const done = results.filter((r) => r.status === 'fulfilled').length;
      const doneWithB = results.filter((r, i) => r.status === 'fulfilled' && takesB(i)).length;
      const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
      expect(done).toBe(Math.floor(100 / 7));
      for (const e of refused) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).message).toBe(NOT_ENOUGH_STOCK);
      }
      expect(await balanceOf(lotA, 'usable')).toBe(100 - 7 * done);
      expect(await balanceOf(lotA, 'rejected')).toBe(7 * done);
      expect(await balanceOf(lotB, 'usable')).toBe(200 - 3 * doneWithB);
      expect(await balanceOf(lotB, 'rejected')).toBe(3 * doneWithB);
      await ledgerAddsUp();
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('moveStock answers the balances after each move in the order given, and a shortfall on its field', async () => {
    const lot = await addLot(server, spec, 10);
    const move = (quantity: number, field?: string): StockMove => ({
      holder: { kind: 'org', orgId },
      specId: spec.specId,
      lotId: lot,
      bucket: 'usable',
      quantity,
      reason: 'adjust',
      docType: 'adjustment',
      docId: null,
      occurredAt: new Date(),
      userId: null,
      ...(field ? { field } : {}),
    });
    const db = server.database.db;
    expect(await db.transaction((tx) => moveStock(tx, [move(-2), move(-3), move(1.5)]))).toEqual([8, 5, 6.5]);
    const short = await db.transaction((tx) => moveStock(tx, [move(-6), move(-1, 'lines.1.quantity')])).catch((e) => e);
    expect(short).toBeInstanceOf(AppError);
    expect((short as AppError).data).toEqual({
      fields: [{ field: 'lines.1.quantity', message: '库存不足：现有 0.500' }],
    });
    expect(await balanceOf(lot)).toBe(6.5);
    await ledgerAddsUp();
  });

  it('ships 32 drafts of the same lot at once through the API: as many as the stock allows, the rest 库存不足', async () => {
    const maker = await userOf(server, '13800000001');
    const dealer = await userOf(server, '13800000002');
    const tokens = { maker: await server.login('13800000001') };
    const { call } = callsAs(() => server, tokens);
    const fromAddressId = await addAddress(server, maker.orgId, { kind: 'factory' });
    const lotId = await addLot(server, spec, 50);
    const body = {
      destination: { kind: 'org' as const, orgId: dealer.orgId },
      fromAddressId,
      shipDate: shanghaiToday(),
      transportType: 8,
      distanceKm: 20,
      lines: [{ specId: spec.specId, lotId, quantity: 2 }],
    };
    // Saved at once too: 32 numbers of one day, none twice.
    const saved = await Promise.all(
      Array.from({ length: CLIENTS }, () => call('maker', traceEndpoints.shipmentSave, body)),
    );
    expect(saved.map((r) => r.status)).toEqual(Array(CLIENTS).fill(200));
    expect(new Set(saved.map((r) => r.body.data.number)).size).toBe(CLIENTS);

    const shipped = await Promise.all(
      saved.map((r) => call('maker', traceEndpoints.shipmentShip, { id: r.body.data.id })),
    );
    const done = shipped.filter((r) => r.status === 200);
    const refused = shipped.filter((r) => r.status !== 200);
    expect(done).toHaveLength(25);
    expect(refused).toHaveLength(CLIENTS - 25);
    for (const r of refused) {
      expect(r.status, r.raw).toBe(400);
      expect(r.body.data.fields).toEqual([{ field: 'lines.0.quantity', message: expect.stringMatching(/^库存不足/) }]);
    }
    expect(await balanceOf(lotId)).toBe(0);
    await ledgerAddsUp();
  });
});
