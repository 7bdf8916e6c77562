import { and, asc, eq, ilike, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  materialClassifications,
  orgNatures,
  platformCities,
  productUnits,
  transportTypes,
} from '../../db/schema/index.ts';

export interface Division {
  code: string;
  name: string;
  /** 1 province, 2 city, 3 county. */
  level: number;
  parentCode: string | null;
}

const divisionColumns = {
  code: administrativeDivisions.code,
  name: administrativeDivisions.name,
  level: administrativeDivisions.level,
  parentCode: administrativeDivisions.parentCode,
};

/** One GB/T 2260 division by its six-digit code, or undefined. For other modules validating region codes. */
export async function findDivision(tx: Tx, code: string): Promise<Division | undefined> {
  const [row] = await tx
    .select(divisionColumns)
    .from(administrativeDivisions)
    .where(eq(administrativeDivisions.code, code))
    .limit(1);
  return row;
}

/** The division and its ancestors, province first (empty for an unknown code): [江苏省, 南京市, 江宁区]. */
export async function divisionPath(tx: Tx, code: string): Promise<Division[]> {
  // The data has three levels at most, so two self-joins reach the province.
  const parent = alias(administrativeDivisions, 'parent');
  const grandparent = alias(administrativeDivisions, 'grandparent');
  const [row] = await tx
    .select({
      self: divisionColumns,
      parent: { code: parent.code, name: parent.name, level: parent.level, parentCode: parent.parentCode },
      grandparent: {
        code: grandparent.code,
        name: grandparent.name,
        level: grandparent.level,
        parentCode: grandparent.parentCode,
      },
    })
    .from(administrativeDivisions)
    .leftJoin(parent, eq(parent.code, administrativeDivisions.parentCode))
    .leftJoin(grandparent, eq(grandparent.code, parent.parentCode))
    .where(eq(administrativeDivisions.code, code))
    .limit(1);
  if (!row) return [];
  return [row.grandparent, row.parent, row.self].filter((d): d is Division => d !== null);
}

/** Whether a division has subdivisions in the data (a county, or a city without counties such as 东莞, has none). */
export async function hasChildDivisions(tx: Tx, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ code: administrativeDivisions.code })
    .from(administrativeDivisions)
    .where(eq(administrativeDivisions.parentCode, code))
    .limit(1);
  return row !== undefined;
}

/** The children of a division (the provinces when `parentCode` is null), by code, with whether each has children. */
export async function childDivisions(tx: Tx, parentCode: string | null) {
  const parents = tx
    .selectDistinct({ code: administrativeDivisions.parentCode })
    .from(administrativeDivisions)
    .as('parents');
  return tx
    .select({
      code: administrativeDivisions.code,
      name: administrativeDivisions.name,
      level: administrativeDivisions.level,
      hasChildren: sql<boolean>`${parents.code} is not null`,
    })
    .from(administrativeDivisions)
    .leftJoin(parents, eq(parents.code, administrativeDivisions.code))
    .where(
      parentCode === null
        ? isNull(administrativeDivisions.parentCode)
        : eq(administrativeDivisions.parentCode, parentCode),
    )
    .orderBy(asc(administrativeDivisions.code));
}

export async function allDivisions(tx: Tx): Promise<Division[]> {
  return tx.select(divisionColumns).from(administrativeDivisions).orderBy(asc(administrativeDivisions.code));
}

/** The platform's opened cities with their province, by city code. */
export async function openedCities(tx: Tx) {
  const city = alias(administrativeDivisions, 'city');
  const province = alias(administrativeDivisions, 'province');
  return tx
    .select({
      cityCode: platformCities.cityCode,
      letter: platformCities.letter,
      cityName: city.name,
      provinceCode: province.code,
      provinceName: province.name,
    })
    .from(platformCities)
    .innerJoin(city, eq(city.code, platformCities.cityCode))
    .innerJoin(province, eq(province.code, city.parentCode))
    .where(eq(platformCities.opened, true))
    .orderBy(asc(platformCities.cityCode));
}

export async function isOpenedCity(tx: Tx, cityCode: string): Promise<boolean> {
  const [row] = await tx
    .select({ cityCode: platformCities.cityCode })
    .from(platformCities)
    .where(and(eq(platformCities.cityCode, cityCode), eq(platformCities.opened, true)))
    .limit(1);
  return row !== undefined;
}

/** `%` and `_` in a user's text are matched literally. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUnits(tx: Tx, nameContains?: string) {
  return tx
    .select({ id: productUnits.id, name: productUnits.name, enName: productUnits.enName })
    .from(productUnits)
    .where(nameContains ? ilike(productUnits.name, `%${likeEscape(nameContains)}%`) : undefined)
    .orderBy(asc(productUnits.id));
}

export async function listTransportTypes(tx: Tx) {
  return tx
    .select({
      id: transportTypes.id,
      name: transportTypes.name,
      enName: transportTypes.enName,
      factor: transportTypes.factor,
    })
    .from(transportTypes)
    .orderBy(asc(transportTypes.id));
}

export async function listOrgNatures(tx: Tx) {
  return tx
    .select({ code: orgNatures.code, name: orgNatures.name, enName: orgNatures.enName })
    .from(orgNatures)
    .orderBy(asc(orgNatures.code));
}

export async function listClassifications(tx: Tx) {
  return tx
    .select({
      code: materialClassifications.code,
      name: materialClassifications.name,
      parentCode: materialClassifications.parentCode,
    })
    .from(materialClassifications)
    .orderBy(asc(materialClassifications.level), asc(materialClassifications.sort), asc(materialClassifications.code));
}
