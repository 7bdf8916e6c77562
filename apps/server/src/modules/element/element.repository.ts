import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  attributeGroups,
  elementEnums,
  elements,
  listingValues,
  platformCities,
} from '../../db/schema/index.ts';

export type GroupRow = typeof attributeGroups.$inferSelect & { cityName: string | null };
export type ElementRow = typeof elements.$inferSelect;
export type EnumRow = typeof elementEnums.$inferSelect;

const groupColumns = {
  id: attributeGroups.id,
  cityCode: attributeGroups.cityCode,
  name: attributeGroups.name,
  scenario: attributeGroups.scenario,
  useStatus: attributeGroups.useStatus,
  sort: attributeGroups.sort,
  createdAt: attributeGroups.createdAt,
  updatedAt: attributeGroups.updatedAt,
  cityName: administrativeDivisions.name,
};

function selectGroups(tx: Tx) {
  return tx
    .select(groupColumns)
    .from(attributeGroups)
    .leftJoin(administrativeDivisions, eq(administrativeDivisions.code, attributeGroups.cityCode));
}

const groupOrder = [
  asc(sql`${attributeGroups.cityCode} is not null`),
  asc(attributeGroups.sort),
  asc(attributeGroups.id),
];

/** Whether the platform runs a catalogue in a city (platform_cities, opened). */
export async function isOpenedCity(tx: Tx, cityCode: string): Promise<boolean> {
  const [row] = await tx
    .select({ code: platformCities.cityCode })
    .from(platformCities)
    .where(and(eq(platformCities.cityCode, cityCode), eq(platformCities.opened, true)))
    .limit(1);
  return row !== undefined;
}

export async function findGroup(tx: Tx, id: number): Promise<GroupRow | undefined> {
  const [row] = await selectGroups(tx).where(eq(attributeGroups.id, id)).limit(1);
  return row;
}

/** Groups for the administrator: nationwide ones first, then by sort. */
export async function listGroups(
  tx: Tx,
  filter: { cityCode?: string; nationwide?: boolean; scenario?: number; useStatus?: number },
) {
  const where: (SQL | undefined)[] = [];
  if (filter.nationwide) where.push(isNull(attributeGroups.cityCode));
  else if (filter.cityCode) where.push(eq(attributeGroups.cityCode, filter.cityCode));
  if (filter.scenario) where.push(eq(attributeGroups.scenario, filter.scenario));
  if (filter.useStatus) where.push(eq(attributeGroups.useStatus, filter.useStatus));
  const elementCount = tx
    .select({ groupId: elements.groupId, n: count().as('n') })
    .from(elements)
    .groupBy(elements.groupId)
    .as('element_count');
  return tx
    .select({ ...groupColumns, elementCount: sql<number>`coalesce(${elementCount.n}, 0)::int` })
    .from(attributeGroups)
    .leftJoin(administrativeDivisions, eq(administrativeDivisions.code, attributeGroups.cityCode))
    .leftJoin(elementCount, eq(elementCount.groupId, attributeGroups.id))
    .where(and(...where))
    .orderBy(...groupOrder);
}

/**
 * The groups of a city's form of one scenario: the city's own and the nationwide ones (nationwide first), enabled
 * only unless `includeDisabled`.
 */
export async function formGroups(
  tx: Tx,
  cityCode: string | null,
  scenario: number,
  includeDisabled = false,
): Promise<GroupRow[]> {
  const where = [
    cityCode === null
      ? isNull(attributeGroups.cityCode)
      : or(isNull(attributeGroups.cityCode), eq(attributeGroups.cityCode, cityCode)),
    eq(attributeGroups.scenario, scenario),
    includeDisabled ? undefined : eq(attributeGroups.useStatus, 1),
  ];
  return selectGroups(tx)
    .where(and(...where))
    .orderBy(...groupOrder);
}

/**
 * The enabled groups of one scenario that belong to exactly one place: a city's own (not the nationwide ones with
 * it), or with `cityCode` null the nationwide ones alone.
 */
export async function ownGroups(tx: Tx, cityCode: string | null, scenario: number): Promise<GroupRow[]> {
  return selectGroups(tx)
    .where(
      and(
        cityCode === null ? isNull(attributeGroups.cityCode) : eq(attributeGroups.cityCode, cityCode),
        eq(attributeGroups.scenario, scenario),
        eq(attributeGroups.useStatus, 1),
      ),
    )
    .orderBy(...groupOrder);
}

/** The elements of some groups with their options, by sort; enabled ones only unless `includeDisabled`. */
export async function elementsOfGroups(
  tx: Tx,
  groupIds: number[],
  includeDisabled = false,
): Promise<{ element: ElementRow; options: EnumRow[] }[]> {
  if (groupIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(elements)
    .where(and(inArray(elements.groupId, groupIds), includeDisabled ? undefined : eq(elements.useStatus, 1)))
    .orderBy(asc(elements.sort), asc(elements.id));
  const options = await optionsOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((element) => ({ element, options: options.get(element.id) ?? [] }));
}

export async function optionsOf(tx: Tx, elementIds: number[]): Promise<Map<number, EnumRow[]>> {
  const map = new Map<number, EnumRow[]>();
  if (elementIds.length === 0) return map;
  const rows = await tx
    .select()
    .from(elementEnums)
    .where(inArray(elementEnums.elementId, elementIds))
    .orderBy(asc(elementEnums.sort), asc(elementEnums.id));
  for (const r of rows) map.set(r.elementId, [...(map.get(r.elementId) ?? []), r]);
  return map;
}

export async function insertGroup(tx: Tx, values: typeof attributeGroups.$inferInsert) {
  const [row] = await tx.insert(attributeGroups).values(values).returning({ id: attributeGroups.id });
  return (row as { id: number }).id;
}

export async function updateGroup(tx: Tx, id: number, values: Partial<typeof attributeGroups.$inferInsert>) {
  const rows = await tx
    .update(attributeGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(attributeGroups.id, id))
    .returning({ id: attributeGroups.id });
  return rows.length > 0;
}

export async function deleteGroup(tx: Tx, id: number) {
  await tx.delete(attributeGroups).where(eq(attributeGroups.id, id));
}

export async function findElement(tx: Tx, id: number): Promise<ElementRow | undefined> {
  const [row] = await tx.select().from(elements).where(eq(elements.id, id)).limit(1);
  return row;
}

export async function insertElement(tx: Tx, values: typeof elements.$inferInsert) {
  const [row] = await tx.insert(elements).values(values).returning({ id: elements.id });
  return (row as { id: number }).id;
}

export async function updateElement(tx: Tx, id: number, values: Partial<typeof elements.$inferInsert>) {
  await tx
    .update(elements)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(elements.id, id));
}

export async function deleteElement(tx: Tx, id: number) {
  await tx.delete(elements).where(eq(elements.id, id));
}

export async function insertOption(tx: Tx, values: typeof elementEnums.$inferInsert) {
  await tx.insert(elementEnums).values(values);
}

export async function updateOption(tx: Tx, id: number, values: Partial<typeof elementEnums.$inferInsert>) {
  await tx.update(elementEnums).set(values).where(eq(elementEnums.id, id));
}

export async function deleteOptions(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.delete(elementEnums).where(inArray(elementEnums.id, ids));
}

/** Whether any listing has a value for one of these elements (then deleting them would lose answers). */
export async function elementsHaveValues(tx: Tx, elementIds: number[]): Promise<boolean> {
  if (elementIds.length === 0) return false;
  const [row] = await tx
    .select({ id: listingValues.elementId })
    .from(listingValues)
    .where(inArray(listingValues.elementId, elementIds))
    .limit(1);
  return row !== undefined;
}

export async function elementIdsOfGroup(tx: Tx, groupId: number): Promise<number[]> {
  const rows = await tx.select({ id: elements.id }).from(elements).where(eq(elements.groupId, groupId));
  return rows.map((r) => r.id);
}

/** Whether any element of the group belongs to the government-procurement demand standard. */
export async function groupHasStandardElements(tx: Tx, groupId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: elements.id })
    .from(elements)
    .where(and(eq(elements.groupId, groupId), eq(elements.govProcurement, true)))
    .limit(1);
  return row !== undefined;
}

export async function setGroupSort(tx: Tx, id: number, sort: number) {
  const rows = await tx
    .update(attributeGroups)
    .set({ sort, updatedAt: new Date() })
    .where(eq(attributeGroups.id, id))
    .returning({ id: attributeGroups.id });
  return rows.length;
}

export async function setElementSort(tx: Tx, id: number, sort: number) {
  const rows = await tx
    .update(elements)
    .set({ sort, updatedAt: new Date() })
    .where(eq(elements.id, id))
    .returning({ id: elements.id });
  return rows.length;
}
