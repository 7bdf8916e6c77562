import { createHash } from 'node:crypto';
import { orgNatures as natureList, transportTypes as transportList, productUnits as unitList } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import {
  administrativeDivisions,
  materialClassifications,
  orgNatures,
  platformCities,
  productUnits,
  referenceMeta,
  transportTypes,
} from '../schema/index.ts';
import { divisionRows } from './divisions.ts';
import { classificationRows } from './material-classifications.ts';
import { platformCitySource } from './platform-cities.ts';

/**
 * One reference data set: its rows as they should be, and how to write them. `format` is part of the version
 * marker, so changing how rows are written (not only the rows) reseeds the set once.
 */
interface DataSet<T> {
  key: string;
  format: number;
  rows: () => T[];
  write: (tx: Tx, rows: T[]) => Promise<void>;
}

interface SeedStep {
  key: string;
  prepare(): { marker: string; write(tx: Tx): Promise<void> };
}

function dataSet<T>(spec: DataSet<T>): SeedStep {
  return {
    key: spec.key,
    prepare() {
      const rows = spec.rows();
      return { marker: markerOf(spec.format, rows), write: (tx) => spec.write(tx, rows) };
    },
  };
}

/** Several server processes on one PostgreSQL may start together: they seed one after another. */
const SEED_LOCK = sql`select pg_advisory_xact_lock(7260215001)`;

const dataSets: SeedStep[] = [
  dataSet({
    key: 'bm_product_unit',
    format: 1,
    rows: () => unitList.map((u) => ({ id: u.id, name: u.name, enName: u.enName })),
    write: async (tx, rows) => {
      await tx
        .insert(productUnits)
        .values(rows)
        .onConflictDoUpdate({
          target: productUnits.id,
          set: { name: sql`excluded.name`, enName: sql`excluded.en_name` },
        });
    },
  }),
  dataSet({
    key: 'transport_types',
    format: 1,
    rows: () => transportList.map((t) => ({ id: t.id, name: t.name, enName: t.enName, factor: t.factor })),
    write: async (tx, rows) => {
      await tx
        .insert(transportTypes)
        .values(rows)
        .onConflictDoUpdate({
          target: transportTypes.id,
          set: { name: sql`excluded.name`, enName: sql`excluded.en_name`, factor: sql`excluded.factor` },
        });
    },
  }),
  dataSet({
    key: 'org_natures',
    format: 1,
    rows: () => natureList.map((n) => ({ code: n.code, name: n.zh, enName: n.en })),
    write: async (tx, rows) => {
      await tx
        .insert(orgNatures)
        .values(rows)
        .onConflictDoUpdate({
          target: orgNatures.code,
          set: { name: sql`excluded.name`, enName: sql`excluded.en_name` },
        });
    },
  }),
  dataSet({
    key: 'administrative_divisions',
    format: 1,
    rows: divisionRows,
    // The table mirrors the package: divisions it no longer lists (merged or renamed counties) go. Rows travel as
    // one JSON parameter, several times faster than a multi-row VALUES list on PGlite.
    write: async (tx, rows) => {
      await tx.delete(administrativeDivisions);
      await tx.execute(sql`
        insert into ${administrativeDivisions} (code, name, parent_code, level)
        select code, name, "parentCode", level
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(code text, name text, "parentCode" text, level smallint)`);
    },
  }),
  dataSet({
    key: 'platform_cities',
    format: 1,
    rows: () => platformCitySource.map((c) => ({ cityCode: c.cityCode, letter: c.letter })),
    // Only the host letter follows the source: whether a city is open is the operator's call and survives reseeding,
    // and cities the operator added stay.
    write: async (tx, rows) => {
      await tx
        .insert(platformCities)
        .values(rows)
        .onConflictDoUpdate({ target: platformCities.cityCode, set: { letter: sql`excluded.letter` } });
    },
  }),
  dataSet({
    key: 'material_classifications',
    format: 1,
    rows: classificationRows,
    // Upsert only: products keep their classification codes even if a later catalogue drops a class.
    write: async (tx, rows) => {
      await tx
        .insert(materialClassifications)
        .values(rows)
        .onConflictDoUpdate({
          target: materialClassifications.code,
          set: {
            name: sql`excluded.name`,
            parentCode: sql`excluded.parent_code`,
            level: sql`excluded.level`,
            sort: sql`excluded.sort`,
          },
        });
    },
  }),
];

function markerOf(format: number, rows: unknown[]): string {
  return `${format}:${createHash('sha256').update(JSON.stringify(rows)).digest('hex')}`;
}

export interface ReferenceSeedResult {
  /** Keys of the data sets written in this run; the others were unchanged since their last seeding. */
  applied: string[];
}

/**
 * Seed the reference tables at start-up, in one transaction. Each data set carries a version marker in
 * reference_meta (a hash of its rows); a set whose marker is unchanged is skipped, so a restart costs one read.
 */
export async function seedReferenceData(db: Db): Promise<ReferenceSeedResult> {
  const prepared = dataSets.map((step) => ({ key: step.key, ...step.prepare() }));
  return db.transaction(async (tx) => {
    await tx.execute(SEED_LOCK);
    const stored = new Map((await tx.select().from(referenceMeta)).map((m) => [m.key, m.value]));
    const applied: string[] = [];
    for (const { key, marker, write } of prepared) {
      if (stored.get(key) === marker) continue;
      await write(tx);
      await tx
        .insert(referenceMeta)
        .values({ key, value: marker })
        .onConflictDoUpdate({ target: referenceMeta.key, set: { value: marker } });
      applied.push(key);
    }
    return { applied };
  });
}
