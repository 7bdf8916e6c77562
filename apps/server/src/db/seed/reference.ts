import { createHash } from 'node:crypto';
import {
  BasicMaterialStatus,
  orgNatures as natureList,
  transportTypes as transportList,
  productUnits as unitList,
} from '@jcbb/contract';
import { inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import {
  administrativeDivisions,
  basicMaterials,
  demandStandardEditions,
  inspectionRules,
  materialClassifications,
  orgNatures,
  platformCities,
  policyBatches,
  policyCities,
  productUnits,
  referenceMeta,
  riskRules,
  standardCategories,
  standardCategoryClasses,
  standardIndicators,
  standardRules,
  transportTypes,
} from '../schema/index.ts';
import { basicMaterialRows } from './basic-materials.ts';
import { divisionRows } from './divisions.ts';
import { inspectionRuleRows } from './inspection-rules.ts';
import { classificationRows } from './material-classifications.ts';
import { platformCitySource } from './platform-cities.ts';
import { policyCitySource, standardCategorySource, standardRuleSource } from './procurement-policy.ts';
import { policyBatchSource, standardEditionSource } from './project-policy.ts';
import { riskRuleSource } from './risk-rules.ts';
import { standardIndicatorSource } from './standard-indicators.ts';

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

/**
 * Several server processes on one PostgreSQL may start together: they seed one after another. The platform's
 * approval of a basic-material application takes the same lock (it hands out the next code after the seed's).
 */
export const SEED_LOCK = sql`select pg_advisory_xact_lock(7260215001)`;

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
    key: 'policy_batches',
    format: 1,
    rows: () => [...policyBatchSource],
    // Upsert only: projects keep the batch they were registered under.
    write: async (tx, rows) => {
      await tx
        .insert(policyBatches)
        .values(rows)
        .onConflictDoUpdate({
          target: policyBatches.code,
          set: {
            name: sql`excluded.name`,
            instrument: sql`excluded.instrument`,
            effectiveFrom: sql`excluded.effective_from`,
            sort: sql`excluded.sort`,
          },
        });
    },
  }),
  dataSet({
    key: 'demand_standard_editions',
    format: 1,
    rows: () => [...standardEditionSource],
    // After policy_batches, whose codes these rows reference.
    write: async (tx, rows) => {
      await tx
        .insert(demandStandardEditions)
        .values(rows)
        .onConflictDoUpdate({
          target: demandStandardEditions.code,
          set: { name: sql`excluded.name`, batchCode: sql`excluded.batch_code`, sort: sql`excluded.sort` },
        });
    },
  }),
  // The demand standard's categories, rules and policy cities (procurement-policy.ts): inserted when missing only,
  // because the platform operator edits these rows in the console (audited) and a restart must not undo an edit.
  // After demand_standard_editions and material_classifications, whose codes they reference.
  dataSet({
    key: 'standard_rules',
    format: 1,
    rows: () => [...standardRuleSource],
    write: async (tx, rows) => {
      await tx.insert(standardRules).values(rows).onConflictDoNothing();
    },
  }),
  dataSet({
    key: 'policy_cities',
    format: 1,
    rows: () => [...policyCitySource],
    write: async (tx, rows) => {
      await tx.insert(policyCities).values(rows).onConflictDoNothing();
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
  dataSet({
    key: 'standard_categories',
    format: 1,
    rows: standardCategorySource,
    write: async (tx, rows) => {
      const inserted = await tx
        .insert(standardCategories)
        .values(rows.map(({ classifyCodes: _, ...category }) => category))
        .onConflictDoNothing()
        .returning({
          id: standardCategories.id,
          editionCode: standardCategories.editionCode,
          code: standardCategories.code,
        });
      const idOf = new Map(inserted.map((c) => [`${c.editionCode}/${c.code}`, c.id]));
      const mappings = rows.flatMap((r) => {
        const categoryId = idOf.get(`${r.editionCode}/${r.code}`);
        return categoryId === undefined
          ? []
          : r.classifyCodes.map((classifyCode) => ({ editionCode: r.editionCode, classifyCode, categoryId }));
      });
      if (mappings.length > 0) await tx.insert(standardCategoryClasses).values(mappings).onConflictDoNothing();
    },
  }),
  dataSet({
    key: 'basic_materials',
    format: 1,
    rows: basicMaterialRows,
    // Platform entries are keyed by code; manufacturers' applications (applied_by_org set) are never touched, even
    // once approved with a code of their own: a source row whose code one of them holds, or whose name one of them
    // holds live, is left out (overwriting it, or tripping the one-live-name index, would be worse). After
    // material_classifications, whose codes these rows reference.
    write: async (tx, rows) => {
      const held = await tx
        .select({ code: basicMaterials.code, commonName: basicMaterials.commonName, status: basicMaterials.status })
        .from(basicMaterials)
        .where(isNotNull(basicMaterials.appliedByOrg));
      const heldCodes = new Set(held.map((h) => h.code));
      const heldNames = new Set(held.filter((h) => h.status !== BasicMaterialStatus.REJECTED).map((h) => h.commonName));
      const platform = rows.filter((r) => !heldCodes.has(r.code) && !heldNames.has(r.commonName));
      if (platform.length === 0) return;
      await tx
        .insert(basicMaterials)
        .values(platform.map((r) => ({ ...r, status: BasicMaterialStatus.APPROVED })))
        .onConflictDoUpdate({
          target: basicMaterials.code,
          set: {
            commonName: sql`excluded.common_name`,
            classifyCode: sql`excluded.classify_code`,
            units: sql`excluded.units`,
            updatedAt: sql`now()`,
          },
          setWhere: isNull(basicMaterials.appliedByOrg),
        });
    },
  }),
  // Indicator thresholds per category (standard-indicators.ts), for every edition that has the category: inserted when
  // missing only, like the standard's rules, so the operator's edits survive a restart. After standard_categories.
  dataSet({
    key: 'standard_indicators',
    format: 1,
    rows: () => [...standardIndicatorSource],
    write: async (tx, rows) => {
      const categories = await tx
        .select({ id: standardCategories.id, code: standardCategories.code })
        .from(standardCategories)
        .where(inArray(standardCategories.code, [...new Set(rows.map((r) => r.categoryCode))]));
      const values = rows.flatMap(({ categoryCode, ...row }) =>
        categories.filter((c) => c.code === categoryCode).map((c) => ({ ...row, categoryId: c.id })),
      );
      if (values.length > 0) await tx.insert(standardIndicators).values(values).onConflictDoNothing();
    },
  }),
  // The risk rules' versions (risk-rules.ts): inserted when missing only, like the standard's rules above, so a
  // version added later (and the active flag moved to it) survives a restart.
  dataSet({
    key: 'risk_rules',
    format: 1,
    rows: () => [...riskRuleSource],
    write: async (tx, rows) => {
      await tx.insert(riskRules).values(rows).onConflictDoNothing();
    },
  }),
  dataSet({
    key: 'inspection_rules',
    format: 1,
    rows: inspectionRuleRows,
    // The whole edition: a rule dropped from the source is dropped here (inspections keep the edition they used).
    write: async (tx, rows) => {
      await tx.delete(inspectionRules);
      await tx.insert(inspectionRules).values(rows);
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
