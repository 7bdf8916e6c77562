import {
  CATALOGUE_COUNT_CAP,
  type CityProductSearch,
  ListingStatus,
  OrgType,
  ProductEnableStatus,
  SpecStatus,
} from '@jcbb/contract';
import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  listings,
  materialClassifications,
  organizations,
  productSpecs,
  products,
  productUnits,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';
import { shanghaiTodaySql } from '../../lib/shanghai-day.ts';

/** Today in Asia/Shanghai: certificates are valid by the users' calendar, whatever the server's time zone. */
const TODAY = shanghaiTodaySql();

/**
 * Green in a city: a valid green certificate today, and the city committee did not mark the listing not green. Read
 * from the listing's copy of its product's facts (migration 0006), like every filter of the catalogue.
 */
export const greenInCity = sql<boolean>`(${listings.productGreen} and ${listings.productGreenValidUntil} >= ${TODAY} and not ${listings.notGreen})`;

/**
 * What every public view requires: a LISTED listing of an enabled product. Exactly the predicate of the partial
 * index product_listings_catalogue_idx, so the planner can use it.
 */
export function publishedIn(cityCode: string): SQL {
  return and(
    eq(listings.cityCode, cityCode),
    eq(listings.status, ListingStatus.LISTED),
    eq(listings.productEnabled, true),
  ) as SQL;
}

/**
 * The search's filters, on listing columns only: the page and the count are index-only scans of the city's part
 * of product_listings_catalogue_idx, which carries every column named here (docs/performance.md).
 */
function searchConditions(q: CityProductSearch): SQL {
  const conditions: (SQL | undefined)[] = [publishedIn(q.cityCode)];
  // A fragment without letters that have a case (Chinese, digits) uses LIKE: the same rows, ~5× cheaper per row than
  // ILIKE in UTF-8. Within one city's published rows a scan beats the products' trigram index (which cannot serve
  // fragments of fewer than three characters anyway).
  if (q.materialName) {
    const pattern = containsPattern(q.materialName);
    const caseless = q.materialName.toLowerCase() === q.materialName.toUpperCase();
    conditions.push(
      caseless ? sql`${listings.productName} like ${pattern}` : sql`${listings.productName} ilike ${pattern}`,
    );
  }
  // Codes are positional ('01' ⊃ '0101'), validated as digits: a prefix match is the class and its descendants.
  if (q.classifyCode) conditions.push(sql`${listings.productClassifyCode} like ${`${q.classifyCode}%`}`);
  if (q.isGreen !== undefined) conditions.push(q.isGreen ? greenInCity : sql`not ${greenInCity}`);
  if (q.starRating !== undefined) conditions.push(and(greenInCity, eq(listings.productStarRating, q.starRating)));
  if (q.isGovProcurement !== undefined) conditions.push(eq(listings.govProcurement, q.isGovProcurement));
  if (q.isPrefabricated !== undefined) conditions.push(eq(listings.productPrefabricated, q.isPrefabricated));
  if (q.isLowCarbon !== undefined) conditions.push(eq(listings.productLowCarbon, q.isLowCarbon));
  if (q.isRecommend !== undefined) conditions.push(eq(listings.productRecommended, q.isRecommend));
  return and(...conditions) as SQL;
}

/**
 * One page of a city's catalogue. Stable order: the most recently listed first, then the listing id (unique), so
 * pages never overlap or skip a row while the data stays the same. It is the order of the partial index
 * product_listings_catalogue_idx, so a page is read in index order and stops after `take` matches; only the page's
 * rows join their products (docs/performance.md). Recommended products are found with the isRecommend filter.
 */
export async function searchPage(tx: Tx, q: CityProductSearch) {
  // The page's listings first (index-only: the filters and the order are all on the index), then only their rows
  // meet products, companies, classes and the cheapest specification, in the same round trip.
  const page = tx
    .select({
      listingId: listings.id,
      productId: listings.productId,
      name: listings.productName,
      classifyCode: listings.productClassifyCode,
      recommended: listings.productRecommended,
      isPrefabricated: listings.productPrefabricated,
      isLowCarbon: listings.productLowCarbon,
      isGreen: greenInCity.as('green_in_city'),
      starRating: listings.productStarRating,
      isGovProcurement: listings.govProcurement,
      listedAt: listings.listedAt,
    })
    .from(listings)
    .where(searchConditions(q))
    .orderBy(sql`${listings.listedAt} desc nulls last`, desc(listings.id))
    .limit(q.take)
    .offset(q.skip)
    .as('page');
  const cheapest = tx
    .select({ price: productSpecs.price, unitName: sql<string | null>`${productUnits.name}`.as('unit_name') })
    .from(productSpecs)
    .leftJoin(productUnits, eq(productUnits.id, productSpecs.unitId))
    .where(
      and(
        eq(productSpecs.productId, page.productId),
        eq(productSpecs.status, SpecStatus.ON_SALE),
        isNotNull(productSpecs.price),
      ),
    )
    .orderBy(asc(productSpecs.price), asc(productSpecs.id))
    .limit(1)
    .as('cheapest');
  return tx
    .select({
      id: page.productId,
      listingId: page.listingId,
      name: page.name,
      brand: products.brand,
      companyId: products.orgId,
      companyName: organizations.name,
      classifyCode: page.classifyCode,
      classifyName: materialClassifications.name,
      recommended: page.recommended,
      isPrefabricated: page.isPrefabricated,
      isLowCarbon: page.isLowCarbon,
      isGreen: page.isGreen,
      starRating: page.starRating,
      isGovProcurement: page.isGovProcurement,
      firstImage: sql<number | string | null>`${products.images}->>0`,
      minPrice: cheapest.price,
      unitName: cheapest.unitName,
      listedAt: page.listedAt,
    })
    .from(page)
    .innerJoin(products, eq(products.id, page.productId))
    .innerJoin(organizations, eq(organizations.id, products.orgId))
    .leftJoin(materialClassifications, eq(materialClassifications.code, page.classifyCode))
    .leftJoinLateral(cheapest, sql`true`)
    .orderBy(sql`${page.listedAt} desc nulls last`, desc(page.listingId));
}

/** How many match, counted up to the cap (+1 to know whether it was reached): bounded work for broad filters. */
export async function countMatches(tx: Tx, q: CityProductSearch): Promise<number> {
  const inner = tx
    .select({ one: sql`1` })
    .from(listings)
    .where(searchConditions(q))
    .limit(CATALOGUE_COUNT_CAP + 1)
    .as('matches');
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

/** The counts of a city's committee page, in one pass over its published listings. */
export async function cityCounts(tx: Tx, cityCode: string) {
  const [row] = await tx
    .select({
      productCount: sql<number>`count(distinct ${listings.productId})::int`,
      manufacturerCount: sql<number>`count(distinct ${listings.orgId})::int`,
      greenCount: sql<number>`count(*) filter (where ${greenInCity})::int`,
      govProcurementCount: sql<number>`count(*) filter (where ${listings.govProcurement})::int`,
    })
    .from(listings)
    .where(publishedIn(cityCode));
  return row ?? { productCount: 0, manufacturerCount: 0, greenCount: 0, govProcurementCount: 0 };
}

/** Published products per product class in a city. */
export async function classCounts(tx: Tx, cityCode: string) {
  return tx
    .select({ code: listings.productClassifyCode, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(publishedIn(cityCode))
    .groupBy(listings.productClassifyCode);
}

export async function allClassifications(tx: Tx) {
  return tx
    .select({
      code: materialClassifications.code,
      name: materialClassifications.name,
      parentCode: materialClassifications.parentCode,
    })
    .from(materialClassifications)
    .orderBy(asc(materialClassifications.sort), asc(materialClassifications.code));
}

/** The government unit whose region is the city: its housing and construction committee. */
export async function committeeOf(tx: Tx, cityCode: string) {
  const [row] = await tx
    .select({ id: organizations.id, name: organizations.name, address: organizations.address })
    .from(organizations)
    .where(and(eq(organizations.type, OrgType.GOVERNMENT), eq(organizations.regionCode, cityCode)))
    .orderBy(asc(organizations.id))
    .limit(1);
  return row ?? null;
}

/** Published products per city, for the region tree. */
export async function productCountsByCity(tx: Tx) {
  return tx
    .select({ cityCode: listings.cityCode, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.status, ListingStatus.LISTED), eq(listings.productEnabled, true)))
    .groupBy(listings.cityCode);
}

/** A product that is published (enabled, listed in at least one city), with its images; undefined otherwise. */
export async function publishedProductImages(tx: Tx, productId: number) {
  const [row] = await tx
    .select({ images: products.images })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        eq(products.enableStatus, ProductEnableStatus.ENABLED),
        sql`exists (select 1 from ${listings} where ${listings.productId} = ${products.id} and ${listings.status} = ${ListingStatus.LISTED})`,
      ),
    )
    .limit(1);
  return row;
}
