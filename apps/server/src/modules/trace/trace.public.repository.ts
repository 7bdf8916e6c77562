import { ShipmentStatus } from '@jcbb/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  certificates,
  listings,
  lots,
  organizations,
  productSpecs,
  products,
  productUnits,
  shipmentCodes,
  shipments,
  traceAlerts,
  traceCodes,
  traceEventCodes,
  traceEvents,
} from '../../db/schema/index.ts';

/*
 * SQL of the public scan page (docs/traceability.md, "The public scan page"). Every lookup starts from a primary key
 * or walks an index (trace_codes by code and by parent, trace_event_codes by code, shipment_codes by code,
 * trace_alerts by code, product_listings by product, certificates by product): the page must stay fast at millions
 * of codes. No column of a person (contacts, user ids) is selected.
 */

const parent = alias(traceCodes, 'parent_code_row');

/**
 * The code lookup of every scan, prepared once per database handle and named: PostgreSQL parses and plans it once
 * per connection instead of on every scan (planning its seven-table join cost ten times its execution at a million
 * codes: docs/performance.md, "Traceability").
 */
function buildCodeWithContext(tx: Tx) {
  return tx
    .select({
      code: traceCodes.code,
      level: traceCodes.level,
      quantity: traceCodes.quantity,
      parentCode: traceCodes.parentCode,
      grandparentCode: parent.parentCode,
      status: traceCodes.status,
      lotId: lots.id,
      batchNo: lots.batchNo,
      productionDate: lots.productionDate,
      expiryDate: lots.expiryDate,
      productId: products.id,
      productName: products.name,
      images: products.images,
      specName: productSpecs.name,
      unitName: productUnits.name,
      makerOrgId: organizations.id,
      makerName: organizations.name,
      makerRegion: organizations.regionCode,
      // The codes inside a package or pallet (the partial index on parent_code), in the same round trip.
      childCount: sql<number>`(select count(*)::int from trace_codes ch where ch.parent_code = ${traceCodes.code})`,
    })
    .from(traceCodes)
    .leftJoin(parent, eq(parent.code, traceCodes.parentCode))
    .innerJoin(lots, eq(lots.id, traceCodes.lotId))
    .innerJoin(productSpecs, eq(productSpecs.id, lots.specId))
    .innerJoin(products, eq(products.id, lots.productId))
    .innerJoin(organizations, eq(organizations.id, lots.orgId))
    .leftJoin(productUnits, eq(productUnits.id, productSpecs.unitId))
    .where(eq(traceCodes.code, sql.placeholder('code')))
    .limit(1)
    .prepare('trace_code_with_context');
}
const preparedLookups = new WeakMap<Tx, ReturnType<typeof buildCodeWithContext>>();

/** A code with its parent's parent, lot, specification, product, unit and maker (one row, primary keys only). */
export async function codeWithContext(tx: Tx, code: string) {
  let query = preparedLookups.get(tx);
  if (!query) {
    query = buildCodeWithContext(tx);
    preparedLookups.set(tx, query);
  }
  const [row] = await query.execute({ code });
  return row ?? null;
}

/** The codes below a package or pallet, two levels deep, at most `max` (the EPCIS document's children). */
export async function descendants(tx: Tx, code: string, max: number): Promise<string[]> {
  const children = await tx
    .select({ code: traceCodes.code })
    .from(traceCodes)
    .where(eq(traceCodes.parentCode, code))
    .limit(max);
  const out = children.map((c) => c.code);
  if (out.length === 0 || out.length >= max) return out;
  const grandchildren = await tx
    .select({ code: traceCodes.code })
    .from(traceCodes)
    .where(inArray(traceCodes.parentCode, out))
    .limit(max - out.length);
  return [...out, ...grandchildren.map((c) => c.code)];
}

/** The latest platform certificate of a product, revoked or not (for "expired" and "revoked" on the page). */
export async function latestPlatformCertificate(tx: Tx, productId: number) {
  const [row] = await tx
    .select({ validUntil: certificates.validUntil, revokedAt: certificates.revokedAt })
    .from(certificates)
    .where(eq(certificates.productId, productId))
    .orderBy(desc(certificates.validUntil), desc(certificates.id))
    .limit(1);
  return row ?? null;
}

/** The product's listings (city and state), drafts left out: a draft is nobody's business but its maker's. */
export async function listingsOf(tx: Tx, productId: number) {
  return tx
    .select({ cityCode: listings.cityCode, status: listings.status })
    .from(listings)
    .where(and(eq(listings.productId, productId), sql`${listings.status} <> 0`))
    .orderBy(asc(listings.cityCode));
}

const eventColumns = {
  id: traceEvents.id,
  eventId: traceEvents.eventId,
  eventType: traceEvents.eventType,
  bizStep: traceEvents.bizStep,
  disposition: traceEvents.disposition,
  eventTime: traceEvents.eventTime,
  regionCode: traceEvents.regionCode,
  leafIndex: traceEvents.leafIndex,
  contentSha256: traceEvents.contentSha256,
  document: traceEvents.document,
};
export type PublicEventRow = Awaited<ReturnType<typeof eventsNaming>>[number];

/** Events naming any of the codes (trace_event_codes' primary key starts with the code), oldest first. */
export async function eventsNaming(tx: Tx, codes: readonly string[]) {
  if (codes.length === 0) return [];
  const ids = tx
    .selectDistinct({ id: traceEventCodes.eventId })
    .from(traceEventCodes)
    .where(inArray(traceEventCodes.code, [...codes]));
  return tx
    .select(eventColumns)
    .from(traceEvents)
    .where(inArray(traceEvents.id, ids))
    .orderBy(asc(traceEvents.eventTime), asc(traceEvents.id));
}

/** The lot's commissioning events (the lot index), for a lot whose codes no event names. */
export async function lotCommissioning(tx: Tx, lotId: number) {
  return tx
    .select(eventColumns)
    .from(traceEvents)
    .where(and(eq(traceEvents.lotId, lotId), eq(traceEvents.bizStep, 'commissioning')))
    .orderBy(asc(traceEvents.eventTime), asc(traceEvents.id))
    .limit(20);
}

/** The stored EPCIS documents of the events naming any of the codes, oldest first. */
export async function documentsNaming(tx: Tx, codes: readonly string[]) {
  if (codes.length === 0) return [];
  const ids = tx
    .selectDistinct({ id: traceEventCodes.eventId })
    .from(traceEventCodes)
    .where(inArray(traceEventCodes.code, [...codes]));
  return tx
    .select({ document: traceEvents.document })
    .from(traceEvents)
    .where(inArray(traceEvents.id, ids))
    .orderBy(asc(traceEvents.eventTime), asc(traceEvents.id));
}

/** Alerts raised on any of the codes (the unique index on code and kind). */
export async function alertsOf(tx: Tx, codes: readonly string[]) {
  return tx
    .select({ kind: traceAlerts.kind, createdAt: traceAlerts.createdAt })
    .from(traceAlerts)
    .where(inArray(traceAlerts.code, [...codes]))
    .orderBy(asc(traceAlerts.id));
}

/**
 * Count one scan of a code on a (Shanghai) day and answer the code's scans of all days, in one statement (the
 * other days' rows by the primary key, plus today's count after the upsert). Nothing about the scanner.
 */
export async function countScan(tx: Tx, code: string, day: string): Promise<number> {
  const result = (await tx.execute(sql`
    with today as (
      insert into trace_scan_counts (code, day, count) values (${code}, ${day}, 1)
      on conflict (code, day) do update set count = trace_scan_counts.count + 1
      returning count
    )
    select (coalesce((select sum(count) from trace_scan_counts where code = ${code} and day <> ${day}), 0)
            + (select count from today))::int as n`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** A code's scans of all days, counting none (a repeated scan). */
export async function scanCount(tx: Tx, code: string): Promise<number> {
  const result = (await tx.execute(
    sql`select coalesce(sum(count), 0)::int as n from trace_scan_counts where code = ${code}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

const city = alias(administrativeDivisions, 'city');
const province = alias(administrativeDivisions, 'province');
/** Levels of GB/T 2260 that stand for "the province's own" (a municipality's districts): shown as the province. */
const PROVINCE_OWN = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/** City names of city codes (xxxx00), a municipality's as the municipality's name. */
export async function cityNames(tx: Tx, cityCodes: readonly string[]): Promise<Map<string, string>> {
  const codes = [...new Set(cityCodes)];
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select({ code: city.code, name: city.name, provinceName: province.name })
    .from(city)
    .leftJoin(province, eq(province.code, city.parentCode))
    .where(inArray(city.code, codes));
  return new Map(rows.map((r) => [r.code, PROVINCE_OWN.has(r.name) ? (r.provinceName ?? r.name) : r.name]));
}

/** The canonical JSON a platform certificate's ledger entry vouches for, by the entry's leaf. */
export async function certificateContentAt(tx: Tx, leafIndex: number): Promise<string | null> {
  const [row] = await tx
    .select({ content: certificates.content })
    .from(certificates)
    .where(eq(certificates.leafIndex, leafIndex))
    .limit(1);
  return row?.content ?? null;
}

/** The shipment lines that carried any of the codes and went out (shipped, received or closed; not voided). */
export async function shippedLinesCarrying(tx: Tx, codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await tx
    .selectDistinct({ lineId: shipmentCodes.lineId })
    .from(shipmentCodes)
    .innerJoin(shipments, eq(shipments.id, shipmentCodes.shipmentId))
    .where(
      and(
        inArray(shipmentCodes.code, [...codes]),
        inArray(shipments.status, [
          ShipmentStatus.SHIPPED,
          ShipmentStatus.PARTIALLY_RECEIVED,
          ShipmentStatus.RECEIVED,
          ShipmentStatus.CLOSED,
        ]),
      ),
    );
  return rows.map((r) => r.lineId);
}
