import { ListingStatus, ProductDocumentKind } from '@jcbb/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  listings,
  materialClassifications,
  organizations,
  platformCities,
  productDocuments,
  productSpecs,
  products,
  productUnits,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';
import { greenInCity } from '../catalogue/index.ts';

/** Organisations whose name contains the fragment, with their region's name; shortest (closest) names first. */
export async function findByName(tx: Tx, fragment: string, take: number) {
  return tx
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      creditCode: organizations.creditCode,
      regionCode: organizations.regionCode,
      regionName: administrativeDivisions.name,
      address: organizations.address,
      certStatus: organizations.certStatus,
    })
    .from(organizations)
    .leftJoin(administrativeDivisions, eq(administrativeDivisions.code, organizations.regionCode))
    .where(sql`${organizations.name} ilike ${containsPattern(fragment)}`)
    .orderBy(sql`length(${organizations.name})`, asc(organizations.id))
    .limit(take);
}

export async function findOrg(tx: Tx, id: number) {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** An opened platform city by its site letter or its code. */
export async function findOpenedCity(tx: Tx, letterOrCode: string) {
  const [row] = await tx
    .select({ code: platformCities.cityCode, letter: platformCities.letter, name: administrativeDivisions.name })
    .from(platformCities)
    .innerJoin(administrativeDivisions, eq(administrativeDivisions.code, platformCities.cityCode))
    .where(
      and(
        eq(platformCities.opened, true),
        /^\d{6}$/.test(letterOrCode)
          ? eq(platformCities.cityCode, letterOrCode)
          : eq(platformCities.letter, letterOrCode),
      ),
    )
    .limit(1);
  return row;
}

/** The organisation's listings in a city (all but delisted), with each product's facts for the form. */
export async function listingsInCity(tx: Tx, orgId: number, cityCode: string) {
  return tx
    .select({
      listingId: listings.id,
      status: listings.status,
      productId: products.id,
      name: products.name,
      brand: products.brand,
      classifyName: materialClassifications.name,
      materialType: products.materialType,
      description: products.description,
      isPrefabricated: products.isPrefabricated,
      isLowCarbon: products.isLowCarbon,
      isGreen: greenInCity,
      starRating: products.starRating,
      isGovProcurement: listings.govProcurement,
    })
    .from(listings)
    .innerJoin(products, eq(products.id, listings.productId))
    .innerJoin(materialClassifications, eq(materialClassifications.code, products.classifyCode))
    .where(
      and(
        eq(listings.orgId, orgId),
        eq(products.orgId, orgId),
        eq(listings.cityCode, cityCode),
        ne(listings.status, ListingStatus.DELISTED),
      ),
    )
    .orderBy(asc(products.id));
}

export async function specsOf(tx: Tx, productIds: number[]) {
  if (productIds.length === 0) return [];
  return tx
    .select({
      productId: productSpecs.productId,
      name: productSpecs.name,
      model: productSpecs.model,
      unitName: productUnits.name,
      price: productSpecs.price,
      status: productSpecs.status,
    })
    .from(productSpecs)
    .leftJoin(productUnits, eq(productUnits.id, productSpecs.unitId))
    .where(inArray(productSpecs.productId, productIds))
    .orderBy(asc(productSpecs.productId), asc(productSpecs.id));
}

/** Qualification documents (not manuals) of the products. */
export async function certificatesOf(tx: Tx, productIds: number[]) {
  if (productIds.length === 0) return [];
  return tx
    .select({
      productId: productDocuments.productId,
      kind: productDocuments.kind,
      name: productDocuments.name,
      certNo: productDocuments.certNo,
      issuer: productDocuments.issuer,
      starRating: productDocuments.starRating,
      validFrom: productDocuments.validFrom,
      validUntil: productDocuments.validUntil,
    })
    .from(productDocuments)
    .where(and(inArray(productDocuments.productId, productIds), ne(productDocuments.kind, ProductDocumentKind.MANUAL)))
    .orderBy(asc(productDocuments.productId), asc(productDocuments.id));
}
