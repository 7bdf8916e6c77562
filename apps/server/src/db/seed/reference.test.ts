import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import type { Db } from '../client.ts';
import {
  administrativeDivisions,
  materialClassifications,
  orgNatures,
  platformCities,
  policyCities,
  productUnits,
  referenceMeta,
  riskRules,
  standardCategories,
  standardCategoryClasses,
  standardRules,
  transportTypes,
} from '../schema/index.ts';
import { materialClassificationSource } from './material-classifications.ts';
import { seedReferenceData } from './reference.ts';

const DATA_SETS = [
  'administrative_divisions',
  'basic_materials',
  'bm_product_unit',
  'demand_standard_editions',
  'inspection_rules',
  'material_classifications',
  'org_natures',
  'platform_cities',
  'policy_batches',
  'policy_cities',
  'risk_rules',
  'standard_categories',
  'standard_indicators',
  'standard_rules',
  'transport_types',
];

let server: TestServer;
let db: Db;

beforeAll(async () => {
  // buildApp has seeded the reference data once already.
  server = await startTestServer();
  db = server.database.db;
});
afterAll(() => server.stop());

async function rowCounts() {
  const tables = {
    administrativeDivisions,
    materialClassifications,
    orgNatures,
    platformCities,
    productUnits,
    referenceMeta,
    transportTypes,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row?.n ?? -1;
  }
  return out;
}

async function divisionsAtLevel(level: number) {
  const [row] = await db
    .select({ n: count() })
    .from(administrativeDivisions)
    .where(eq(administrativeDivisions.level, level));
  return row?.n;
}

const forget = (key: string) => db.delete(referenceMeta).where(eq(referenceMeta.key, key));

describe('seedReferenceData', () => {
  it('seeds every data set with a version marker', async () => {
    const markers = await db.select().from(referenceMeta).orderBy(referenceMeta.key);
    expect(markers.map((m) => m.key)).toEqual(DATA_SETS);
    const counts = await rowCounts();
    expect(counts.productUnits).toBe(37);
    expect(counts.transportTypes).toBe(16);
    expect(counts.platformCities).toBe(6);
    const products = materialClassificationSource.reduce((n, c) => n + c.products.length, 0);
    expect(counts.materialClassifications).toBe(6 + products);
  });

  it('loads the package’s divisions: 34 province-level units, 342 cities, the counties', async () => {
    expect(await divisionsAtLevel(1)).toBe(34);
    expect(await divisionsAtLevel(2)).toBe(342);
    // areas.json lists 2 978; 东莞, 中山 and 儋州 appear there once more as their own county and are kept once.
    expect(await divisionsAtLevel(3)).toBe(2975);
    const [row] = await db.select().from(administrativeDivisions).where(eq(administrativeDivisions.code, '320115'));
    expect(row).toEqual({ code: '320115', name: '江宁区', parentCode: '320100', level: 3 });
  });

  it('a second run with unchanged data writes nothing', async () => {
    const before = await rowCounts();
    const markersBefore = await db.select().from(referenceMeta).orderBy(referenceMeta.key);
    const result = await seedReferenceData(db);
    expect(result.applied).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    expect(await db.select().from(referenceMeta).orderBy(referenceMeta.key)).toEqual(markersBefore);
  });

  it('skips a data set while its marker holds, and rewrites it once the marker differs', async () => {
    await db.update(productUnits).set({ name: '改过' }).where(eq(productUnits.id, 1));
    expect((await seedReferenceData(db)).applied).toEqual([]);
    const [skipped] = await db.select().from(productUnits).where(eq(productUnits.id, 1));
    expect(skipped?.name).toBe('改过');

    await db.update(referenceMeta).set({ value: 'outdated' }).where(eq(referenceMeta.key, 'bm_product_unit'));
    expect((await seedReferenceData(db)).applied).toEqual(['bm_product_unit']);
    const [restored] = await db.select().from(productUnits).where(eq(productUnits.id, 1));
    expect(restored?.name).toBe('箱');
  });

  it('removes divisions the package no longer lists', async () => {
    await db
      .insert(administrativeDivisions)
      .values({ code: '320199', name: '已撤销区', parentCode: '320100', level: 3 });
    await forget('administrative_divisions');
    expect((await seedReferenceData(db)).applied).toEqual(['administrative_divisions']);
    expect(await db.select().from(administrativeDivisions).where(eq(administrativeDivisions.code, '320199'))).toEqual(
      [],
    );
    expect(await divisionsAtLevel(3)).toBe(2975);
  });

  it('keeps the platform operator’s edits of the policy data, and seeds what is missing', async () => {
    const [optional] = await db
      .select()
      .from(standardCategories)
      .where(and(eq(standardCategories.editionCode, '2025'), eq(standardCategories.kind, 'optional')))
      .limit(1);
    if (!optional) throw new Error('the 2025 edition has optional categories');
    await db.update(standardCategories).set({ kind: 'mandatory' }).where(eq(standardCategories.id, optional.id));
    await db.update(standardRules).set({ optionalCoverageMinPct: 45 }).where(eq(standardRules.editionCode, '2025'));
    await db.delete(policyCities).where(eq(policyCities.regionCode, '370200'));
    await forget('standard_categories');
    await forget('standard_rules');
    await forget('policy_cities');
    await seedReferenceData(db);
    const [category] = await db.select().from(standardCategories).where(eq(standardCategories.id, optional.id));
    expect(category?.kind).toBe('mandatory');
    const [rule] = await db.select().from(standardRules).where(eq(standardRules.editionCode, '2025'));
    expect(rule?.optionalCoverageMinPct).toBe(45);
    expect(await db.select().from(policyCities).where(eq(policyCities.regionCode, '370200'))).toHaveLength(1);
    // Every 2025 category has its classification mapped onto it.
    const mapped = await db
      .select()
      .from(standardCategoryClasses)
      .where(eq(standardCategoryClasses.editionCode, '2025'));
    const categories = await db.select().from(standardCategories).where(eq(standardCategories.editionCode, '2025'));
    expect(mapped.length).toBe(categories.length);
    await db.update(standardCategories).set({ kind: 'optional' }).where(eq(standardCategories.id, optional.id));
    await db.update(standardRules).set({ optionalCoverageMinPct: 40 }).where(eq(standardRules.editionCode, '2025'));
  });

  it('keeps a risk rule’s later version, and inserts the versions that are missing', async () => {
    await db
      .update(riskRules)
      .set({ active: false })
      .where(and(eq(riskRules.code, 'GBM-08'), eq(riskRules.version, 1)));
    await db.insert(riskRules).values({
      code: 'GBM-08',
      version: 2,
      name: '见证取样比例偏低',
      nameEn: 'Witnessed samples below the share',
      legalBasis: '建建〔2000〕211号',
      definition: '低于 40%',
      severity: 'medium',
      params: { minSharePct: 40, minRequired: 3 },
      effectiveFrom: '2027-01-01',
    });
    await db.delete(riskRules).where(eq(riskRules.code, 'GBM-12'));
    await forget('risk_rules');
    expect((await seedReferenceData(db)).applied).toEqual(['risk_rules']);
    const versions = await db.select().from(riskRules).where(eq(riskRules.code, 'GBM-08')).orderBy(riskRules.version);
    expect(versions.map((v) => [v.version, v.active])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await db.select().from(riskRules).where(eq(riskRules.code, 'GBM-12'))).toHaveLength(1);
    await db.delete(riskRules).where(and(eq(riskRules.code, 'GBM-08'), eq(riskRules.version, 2)));
    await db.update(riskRules).set({ active: true }).where(eq(riskRules.code, 'GBM-08'));
  });

  it('keeps an operator’s choice of which platform cities are open', async () => {
    await db.update(platformCities).set({ opened: false, letter: 'xx' }).where(eq(platformCities.cityCode, '330600'));
    await forget('platform_cities');
    await seedReferenceData(db);
    const [city] = await db.select().from(platformCities).where(eq(platformCities.cityCode, '330600'));
    expect(city).toEqual({ cityCode: '330600', letter: 'sx', opened: false });
    await db.update(platformCities).set({ opened: true }).where(eq(platformCities.cityCode, '330600'));
  });

  it('two processes seeding at once write each data set once', async () => {
    await db.delete(referenceMeta);
    const before = await rowCounts();
    const runs = await Promise.all([seedReferenceData(db), seedReferenceData(db)]);
    expect(runs.flatMap((r) => r.applied).sort()).toEqual(DATA_SETS);
    expect(await rowCounts()).toEqual({ ...before, referenceMeta: DATA_SETS.length });
  });
});
