import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { userOf } from '../../modules/trace/trace.test-support.ts';
import { messages, receipts, shipments, stockBalances, traceEvents } from '../schema/index.ts';
import { RISK_DEMO_PAINT_BATCH } from './demo-government-risk.ts';

/** The demo shipments (demo-trace-shipments.ts) of the demo lots (demo-trace.ts), as demo.ts seeds them. */
let server: TestServer;
let ids: number[] = [];
const party = { maker: { orgId: 0, userId: 0 }, dealer: { orgId: 0, userId: 0 }, builder: { orgId: 0, userId: 0 } };

beforeAll(async () => {
  server = await startTestServer();
  party.maker = await userOf(server, '13800000001');
  party.dealer = await userOf(server, '13800000002');
  party.builder = await userOf(server, '13800000003');
  // The shipments demo.ts made (after the lots and addresses of demo-trace.ts), in the order they were made.
  const rows = await server.database.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.fromOrgId, party.maker.orgId),
        // The windows shipped against the procurement demo's order are that demo's (demo-procurement.test.ts).
        sql`${shipments.id} not in (select shipment_id from purchase_order_shipments)`,
        // The risk demo's late paint is that demo's (demo-government-risk.ts).
        sql`${shipments.id} not in (select sl.shipment_id from shipment_lines sl join lots l on l.id = sl.lot_id
          where l.batch_no = ${RISK_DEMO_PAINT_BATCH})`,
      ),
    )
    .orderBy(shipments.id);
  ids = rows.map((r) => r.id);
});
afterAll(() => server?.stop());

describe('the demo shipments', () => {
  it('ships four shipments: received, partly received, received with a rejection, in transit', async () => {
    const rows = await server.database.db.select().from(shipments).where(inArray(shipments.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(ids.map((id) => byId.get(id)?.status)).toEqual([4, 3, 4, 2]);
    expect(ids.map((id) => byId.get(id)?.toKind)).toEqual(['org', 'project', 'org', 'project']);
    // The windows carry no mass: that shipment's carbon is "missing mass"; the others have a figure.
    expect(ids.map((id) => byId.get(id)?.missingMassLines)).toEqual([0, 1, 0, 0]);
    expect(byId.get(ids[0] as number)?.kgCo2e).not.toBeNull();
    expect(byId.get(ids[3] as number)?.distanceSource).toBe('default_500');
  });

  it('leaves the stock where the story says', async () => {
    const rows = await server.database.db.select().from(stockBalances);
    // Balances that are not zero (the site's demo also returned a rejected lot: its balance row stays at 0).
    const at = (holder: string, bucket = 'usable') =>
      rows
        .filter((r) => r.holderKey === holder && r.bucket === bucket && Number(r.quantity) !== 0)
        .map((r) => Number(r.quantity));
    // 600 m² received from the maker, 100 of them shipped on to the school under its contract (demo-distribution-sales).
    expect(at(`org:${party.dealer.orgId}`)).toEqual([500]);
    expect(at(`org:${party.builder.orgId}`)).toEqual([200]);
    expect(at(`org:${party.builder.orgId}`, 'rejected')).toEqual([50]);
    expect(
      at(
        `project:${
          (
            await server.database.db
              .select()
              .from(shipments)
              .where(eq(shipments.id, ids[1] as number))
          )[0]?.toProjectId
        }`,
        'rejected',
      ),
    ).toEqual([1.5]);
  });

  it('puts every ship, receipt and rejection on the ledger and tells the shipper', async () => {
    const events = await server.database.db.select().from(traceEvents).where(inArray(traceEvents.shipmentId, ids));
    expect(events.map((e) => e.bizStep).sort()).toEqual(
      [
        'shipping',
        'shipping',
        'shipping',
        'shipping',
        'receiving',
        'receiving',
        'receiving',
        'inspecting',
        'inspecting',
      ].sort(),
    );
    expect(events.every((e) => e.leafIndex !== null)).toBe(true);
    const inbox = await server.database.db.select().from(messages).where(eq(messages.toUid, party.maker.userId));
    // The risk demo's late paint has its own receipt (demo-government-risk.ts).
    const paint = await server.database.db
      .select({ number: receipts.number })
      .from(receipts)
      .where(
        sql`${receipts.shipmentId} in (select sl.shipment_id from shipment_lines sl join lots l on l.id = sl.lot_id
          where l.batch_no = ${RISK_DEMO_PAINT_BATCH})`,
      );
    expect(paint).toHaveLength(1);
    // Three receipts of these shipments, and the procurement demo's order shipment received on site.
    expect(
      inbox.filter((m) => m.title.startsWith('收货单 SH') && !paint.some((r) => m.title.includes(r.number))),
    ).toHaveLength(4);
  });
});
