import { and, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  lots,
  organizations,
  productSpecs,
  products,
  productUnits,
  projects,
  stockBalances,
  traceCodes,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';

/** SQL only (docs/architecture.md): every function runs in the caller's transaction. Quantities leave as numbers. */

export type LotRow = typeof lots.$inferSelect;
/** A maker's lot of a listed specification (every lot this module creates; an external lot is a site's record). */
export type PlatformLotRow = LotRow & { productId: number; specId: number };

/** The row with its lot narrowed to a platform lot (the queries below join its product, so it is one). */
function platform<R extends { lot: LotRow }>(r: R): Omit<R, 'lot'> & { lot: PlatformLotRow } {
  const { productId, specId } = r.lot;
  if (productId === null || specId === null) throw new Error(`lot ${r.lot.id} is not a platform lot`);
  return { ...r, lot: { ...r.lot, productId, specId } };
}

/** A specification of one of the organisation's products, with what a lot shows of it. */
export async function ownSpec(tx: Tx, orgId: number, specId: number) {
  const [row] = await tx
    .select({ specId: productSpecs.id, productId: products.id })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(and(eq(productSpecs.id, specId), eq(products.orgId, orgId)));
  return row;
}

export async function batchTaken(tx: Tx, specId: number, batchNo: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: lots.id })
    .from(lots)
    .where(and(eq(lots.specId, specId), eq(lots.batchNo, batchNo)))
    .limit(1);
  return row !== undefined;
}

export async function insertLot(tx: Tx, values: Omit<typeof lots.$inferInsert, 'id' | 'createdAt'>): Promise<number> {
  const [row] = await tx.insert(lots).values(values).returning({ id: lots.id });
  return (row as { id: number }).id;
}

const lotColumns = {
  lot: lots,
  productName: products.name,
  specName: productSpecs.name,
  unitName: sql<string>`coalesce(${productUnits.name}, '')`,
  orgRegionCode: organizations.regionCode,
  massPerUnitKg: productSpecs.massPerUnitKg,
  classifyCode: products.classifyCode,
};
export type LotViewRow = {
  lot: PlatformLotRow;
  productName: string;
  specName: string;
  unitName: string;
  orgRegionCode: string | null;
  massPerUnitKg: string | null;
  classifyCode: string;
};

function lotQuery(tx: Tx) {
  return tx
    .select(lotColumns)
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .innerJoin(productSpecs, eq(productSpecs.id, lots.specId))
    .innerJoin(organizations, eq(organizations.id, lots.orgId))
    .leftJoin(productUnits, eq(productUnits.id, productSpecs.unitId));
}

/**
 * The organisation's lot, or undefined for another organisation's. `forUpdate` locks the lot row: code generation
 * takes it so two calls cannot both issue the lot's last uncoded units.
 */
export async function ownLot(tx: Tx, orgId: number, id: number, forUpdate = false): Promise<LotViewRow | undefined> {
  const q = lotQuery(tx).where(and(eq(lots.id, id), eq(lots.orgId, orgId)));
  const [row] = forUpdate ? await q.for('update', { of: lots }) : await q;
  return row && platform(row);
}

export async function lotPage(
  tx: Tx,
  f: { orgId: number; productId?: number; specId?: number; batchNo?: string; take: number; skip: number },
) {
  const where = and(
    eq(lots.orgId, f.orgId),
    eq(lots.origin, 'platform'),
    f.productId === undefined ? undefined : eq(lots.productId, f.productId),
    f.specId === undefined ? undefined : eq(lots.specId, f.specId),
    f.batchNo ? ilike(lots.batchNo, containsPattern(f.batchNo)) : undefined,
  );
  const rows = await lotQuery(tx)
    .where(where)
    .orderBy(desc(lots.createdAt), desc(lots.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(lots).where(where);
  return { rows: rows.map(platform), total: total?.n ?? 0 };
}

/** A product's lots, newest production first (the product dashboard: the latest 100). */
export async function lotsOfProduct(tx: Tx, orgId: number, productId: number) {
  const rows = await lotQuery(tx)
    .where(and(eq(lots.orgId, orgId), eq(lots.productId, productId)))
    .orderBy(desc(lots.productionDate), desc(lots.id))
    .limit(100);
  return rows.map(platform);
}

/**
 * Per lot: how many codes it has (every code is a label: packages and the items in them) and how many units its
 * top-level codes cover (a package's items are inside its quantity, so only codes without a parent count).
 */
export async function codeTotals(tx: Tx, lotIds: readonly number[]) {
  const totals = new Map<number, { codeCount: number; codedQuantity: number }>();
  if (lotIds.length === 0) return totals;
  const rows = await tx
    .select({
      lotId: traceCodes.lotId,
      codeCount: sql<number>`count(*)::int`,
      codedQuantity: sql<string>`coalesce(sum(${traceCodes.quantity}) filter (where ${traceCodes.parentCode} is null), 0)`,
    })
    .from(traceCodes)
    .where(inArray(traceCodes.lotId, [...lotIds]))
    .groupBy(traceCodes.lotId);
  for (const r of rows) totals.set(r.lotId, { codeCount: r.codeCount, codedQuantity: Number(r.codedQuantity) });
  return totals;
}

/** Units of a lot its top-level codes cover, in thousandths (exact). */
export async function codedMilli(tx: Tx, lotId: number): Promise<number> {
  const [row] = await tx
    .select({ milli: sql<string>`coalesce(sum(${traceCodes.quantity}) * 1000, 0)::bigint` })
    .from(traceCodes)
    .where(and(eq(traceCodes.lotId, lotId), isNull(traceCodes.parentCode)));
  return Number(row?.milli ?? 0);
}

const city = alias(administrativeDivisions, 'holder_city');
const province = alias(administrativeDivisions, 'holder_province');

/**
 * Where a lot's stock is now: the holders with a balance (usable and rejected together), with their names and
 * cities (an organisation's registered region, a project's city), largest first.
 */
export async function lotHolders(tx: Tx, lotId: number) {
  const cityCode = sql<string>`coalesce(${projects.cityCode}, substr(${organizations.regionCode}, 1, 4) || '00')`;
  const rows = await tx
    .select({
      holderKey: stockBalances.holderKey,
      orgName: organizations.name,
      projectName: projects.name,
      cityName: sql<
        string | null
      >`case when ${city.name} in ('市辖区', '县') then ${province.name} else ${city.name} end`,
      quantity: sql<string>`sum(${stockBalances.quantity})`,
    })
    .from(stockBalances)
    .leftJoin(organizations, eq(organizations.id, stockBalances.holderOrgId))
    .leftJoin(projects, eq(projects.id, stockBalances.holderProjectId))
    .leftJoin(city, eq(city.code, cityCode))
    .leftJoin(province, eq(province.code, city.parentCode))
    .where(eq(stockBalances.lotId, lotId))
    .groupBy(stockBalances.holderKey, organizations.name, projects.name, city.name, province.name)
    .having(sql`sum(${stockBalances.quantity}) > 0`)
    .orderBy(sql`sum(${stockBalances.quantity}) desc`, stockBalances.holderKey);
  return rows.map((r) => ({
    holderName: r.projectName ?? r.orgName ?? r.holderKey,
    holderKind: (r.holderKey.startsWith('project:') ? 'project' : 'org') as 'org' | 'project',
    cityName: r.cityName ?? '',
    quantity: Number(r.quantity),
  }));
}
