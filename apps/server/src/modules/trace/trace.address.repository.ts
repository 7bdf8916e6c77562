import { and, asc, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { addresses, administrativeDivisions, shipments } from '../../db/schema/index.ts';

/** SQL only (docs/architecture.md): every function runs in the caller's transaction. */

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<
  typeof addresses.$inferInsert,
  'kind' | 'name' | 'regionCode' | 'detail' | 'contactName' | 'contactPhone' | 'isDefault' | 'enabled'
>;

const county = alias(administrativeDivisions, 'address_county');
const city = alias(administrativeDivisions, 'address_city');
const province = alias(administrativeDivisions, 'address_province');

/** Whether a shipment names the address, as its origin or its destination. */
const inUseSql = sql<boolean>`exists (select 1 from ${shipments} where ${shipments.fromAddressId} = ${addresses.id} or ${shipments.toAddressId} = ${addresses.id})`;

/**
 * 省 市 区 from the GB/T 2260 reference table (a municipality's 市辖区 / 县 level is skipped); the bare code when the
 * reference data does not know it.
 */
const viewColumns = {
  address: addresses,
  regionName: sql<string>`coalesce(nullif(concat_ws(' ', ${province.name}, case when ${city.name} in ('市辖区', '县') then null else ${city.name} end, ${county.name}), ''), ${addresses.regionCode})`,
  inUse: inUseSql,
};

function viewQuery(tx: Tx) {
  return tx
    .select(viewColumns)
    .from(addresses)
    .leftJoin(county, eq(county.code, addresses.regionCode))
    .leftJoin(city, eq(city.code, county.parentCode))
    .leftJoin(province, eq(province.code, city.parentCode));
}

export type AddressViewRow = { address: AddressRow; regionName: string; inUse: boolean };

export async function addressPage(
  tx: Tx,
  f: { orgId: number; kind?: string; enabledOnly?: boolean; take: number; skip: number },
): Promise<{ rows: AddressViewRow[]; total: number }> {
  const where = and(
    eq(addresses.orgId, f.orgId),
    f.kind === undefined ? undefined : eq(addresses.kind, f.kind),
    f.enabledOnly ? eq(addresses.enabled, true) : undefined,
  );
  // Defaults first within each kind, so a picker's first option is the default one.
  const rows = await viewQuery(tx)
    .where(where)
    .orderBy(asc(addresses.kind), desc(addresses.isDefault), desc(addresses.enabled), asc(addresses.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(addresses).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The organisation's address, locked for a change; undefined for another organisation's. */
export async function ownAddressForUpdate(tx: Tx, orgId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.orgId, orgId)))
    .for('update');
  return row;
}

export async function addressInUse(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(or(eq(shipments.fromAddressId, id), eq(shipments.toAddressId, id)))
    .limit(1);
  return row !== undefined;
}

/** The organisation's default of a kind stops being the default (before another one becomes it). */
export async function clearDefault(tx: Tx, orgId: number, kind: string, exceptId?: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(addresses.orgId, orgId),
        eq(addresses.kind, kind),
        eq(addresses.isDefault, true),
        exceptId === undefined ? undefined : ne(addresses.id, exceptId),
      ),
    );
}

export async function insertAddress(tx: Tx, orgId: number, values: AddressValues): Promise<number> {
  const [row] = await tx
    .insert(addresses)
    .values({ ...values, orgId })
    .returning({ id: addresses.id });
  return (row as { id: number }).id;
}

export async function updateAddress(tx: Tx, id: number, values: AddressValues): Promise<void> {
  await tx
    .update(addresses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(addresses.id, id));
}

export async function deleteAddress(tx: Tx, id: number): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.id, id));
}

export async function divisionLevel(tx: Tx, code: string): Promise<number | null> {
  const [row] = await tx
    .select({ level: administrativeDivisions.level })
    .from(administrativeDivisions)
    .where(eq(administrativeDivisions.code, code));
  return row?.level ?? null;
}

/**
 * The county where an organisation makes things: its default factory address, else any enabled factory, else its
 * registered region (EPCIS read point of commissioning events).
 */
export async function factoryRegion(tx: Tx, orgId: number): Promise<string | null> {
  const [row] = await tx
    .select({ regionCode: addresses.regionCode })
    .from(addresses)
    .where(and(eq(addresses.orgId, orgId), eq(addresses.kind, 'factory'), eq(addresses.enabled, true)))
    .orderBy(desc(addresses.isDefault), asc(addresses.id))
    .limit(1);
  return row?.regionCode ?? null;
}
