import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { administrativeDivisions, listings, materialClassifications, organizations } from '../../db/schema/index.ts';
import { greenInCity, publishedIn } from '../catalogue/index.ts';

/**
 * The region calls' SQL (docs/procurement.md, "Region"): a city's published listings counted by the district of
 * their supplier's organisation, and one district's suppliers with their listings. One statement each.
 */

export interface RegionFilters {
  classifyCode?: string;
  isGreen?: boolean;
}

function qualifying(cityCode: string, f: RegionFilters): SQL {
  return and(
    publishedIn(cityCode),
    // Codes are positional ('01' ⊃ '0101'), validated as digits: a prefix match is the class and its descendants.
    f.classifyCode ? sql`${listings.productClassifyCode} like ${`${f.classifyCode}%`}` : undefined,
    f.isGreen === undefined ? undefined : f.isGreen ? greenInCity : sql`not ${greenInCity}`,
  ) as SQL;
}

const province = alias(administrativeDivisions, 'province');

/** A division by code with its parent's name (a district's city, a city's province). */
export async function divisionWithParent(tx: Tx, code: string) {
  const [row] = await tx
    .select({
      code: administrativeDivisions.code,
      name: administrativeDivisions.name,
      level: administrativeDivisions.level,
      parentCode: administrativeDivisions.parentCode,
      parentName: province.name,
    })
    .from(administrativeDivisions)
    .leftJoin(province, eq(province.code, administrativeDivisions.parentCode))
    .where(eq(administrativeDivisions.code, code));
  return row ?? null;
}

/** The city's districts (counties), by code. */
export async function districtsOf(tx: Tx, cityCode: string) {
  return tx
    .select({ code: administrativeDivisions.code, name: administrativeDivisions.name })
    .from(administrativeDivisions)
    .where(and(eq(administrativeDivisions.parentCode, cityCode), eq(administrativeDivisions.level, 3)))
    .orderBy(asc(administrativeDivisions.code));
}

/** Qualifying products and suppliers per supplier region code (null: the organisation has none on record). */
export async function countsByRegion(tx: Tx, cityCode: string, f: RegionFilters) {
  const rows = await tx
    .select({
      regionCode: organizations.regionCode,
      productCount: sql<number>`count(distinct ${listings.productId})::int`,
      supplierCount: sql<number>`count(distinct ${listings.orgId})::int`,
    })
    .from(listings)
    .innerJoin(organizations, eq(organizations.id, listings.orgId))
    .where(qualifying(cityCode, f))
    .groupBy(organizations.regionCode);
  return rows.map((r) => ({ ...r, productCount: Number(r.productCount), supplierCount: Number(r.supplierCount) }));
}

/** The qualifying listings of the city whose supplier's organisation is in the district. */
export async function listingsInDistrict(tx: Tx, cityCode: string, districtCode: string, f: RegionFilters) {
  return tx
    .select({
      orgId: organizations.id,
      orgName: organizations.name,
      orgType: organizations.type,
      productId: listings.productId,
      name: listings.productName,
      classifyCode: listings.productClassifyCode,
      classifyName: materialClassifications.name,
      isGreen: greenInCity,
      starRating: listings.productStarRating,
    })
    .from(listings)
    .innerJoin(organizations, eq(organizations.id, listings.orgId))
    .leftJoin(materialClassifications, eq(materialClassifications.code, listings.productClassifyCode))
    .where(and(qualifying(cityCode, f), eq(organizations.regionCode, districtCode)))
    .orderBy(asc(organizations.id), desc(greenInCity), asc(listings.productName), asc(listings.productId));
}
