import type {
  ConfidenceValue,
  PolicyAuditData,
  PolicyCategoryView,
  PolicyCityView,
  PolicyRuleView,
  policyCategoryClassesBody,
  policyCategorySaveBody,
  policyCitySaveBody,
  policyRuleSaveBody,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  demandStandardEditions,
  materialClassifications,
  policyBatches,
  policyCities,
  standardCategories,
  standardCategoryClasses,
  standardRules,
} from '../../db/schema/index.ts';
import { auditRows, recordAudit } from '../../lib/audit.ts';
import { conflict, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';

/**
 * The platform operator's policy data (docs/procurement.md, "Policy data"): each demand-standard edition's rule
 * parameters, its categories and the classifications mapped onto them, and the policy cities. Every change is one
 * transaction with an audit row holding the row before and after (organisation: none, the platform's).
 */

type RuleRow = typeof standardRules.$inferSelect;
type CategoryRow = typeof standardCategories.$inferSelect;
type CityRow = typeof policyCities.$inferSelect;

const ruleView = (r: RuleRow): PolicyRuleView => ({
  editionCode: r.editionCode,
  mandatoryGreenPct: r.mandatoryGreenPct,
  optionalCoverageMinPct: r.optionalCoverageMinPct,
  testReportMaxAgeDays: r.testReportMaxAgeDays,
  confidence: r.confidence as ConfidenceValue,
  note: r.note,
  updatedAt: formatShanghaiTime(r.updatedAt),
});

const ruleFacts = (r: RuleRow | undefined) =>
  r
    ? {
        mandatoryGreenPct: r.mandatoryGreenPct,
        optionalCoverageMinPct: r.optionalCoverageMinPct,
        testReportMaxAgeDays: r.testReportMaxAgeDays,
        confidence: r.confidence,
        note: r.note,
      }
    : null;
const categoryFacts = (c: CategoryRow) => ({ name: c.name, kind: c.kind, confidence: c.confidence, note: c.note });
const cityFacts = (c: CityRow | undefined) =>
  c
    ? {
        name: c.name,
        batchCode: c.batchCode,
        fromDate: c.fromDate,
        toDate: c.toDate,
        confidence: c.confidence,
        note: c.note,
      }
    : null;

async function editionOr404(tx: Tx, code: string) {
  const [edition] = await tx.select().from(demandStandardEditions).where(eq(demandStandardEditions.code, code));
  if (!edition) throw notFound('需求标准版本不存在');
  return edition;
}

async function categoryViews(tx: Tx, where: ReturnType<typeof eq>): Promise<PolicyCategoryView[]> {
  const rows = await tx
    .select()
    .from(standardCategories)
    .where(where)
    .orderBy(asc(standardCategories.sort), asc(standardCategories.id));
  if (rows.length === 0) return [];
  const classes = await tx
    .select({
      categoryId: standardCategoryClasses.categoryId,
      code: materialClassifications.code,
      name: materialClassifications.name,
    })
    .from(standardCategoryClasses)
    .innerJoin(materialClassifications, eq(materialClassifications.code, standardCategoryClasses.classifyCode))
    .where(
      inArray(
        standardCategoryClasses.categoryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(materialClassifications.code));
  return rows.map((r) => ({
    id: r.id,
    editionCode: r.editionCode,
    code: r.code,
    name: r.name,
    groupName: r.groupName,
    kind: r.kind as 'mandatory' | 'optional',
    confidence: r.confidence as ConfidenceValue,
    note: r.note,
    sort: r.sort,
    classes: classes.filter((c) => c.categoryId === r.id).map(({ code, name }) => ({ code, name })),
    updatedAt: formatShanghaiTime(r.updatedAt),
  }));
}

async function cityView(tx: Tx, regionCode: string): Promise<PolicyCityView> {
  const [row] = await cityRows(tx, regionCode);
  if (!row) throw notFound('政策城市不存在');
  return row;
}

async function cityRows(tx: Tx, regionCode?: string): Promise<PolicyCityView[]> {
  const rows = await tx
    .select({ c: policyCities, batchName: policyBatches.name })
    .from(policyCities)
    .innerJoin(policyBatches, eq(policyBatches.code, policyCities.batchCode))
    .where(regionCode === undefined ? undefined : eq(policyCities.regionCode, regionCode))
    .orderBy(asc(policyBatches.sort), asc(policyCities.fromDate), asc(policyCities.regionCode));
  return rows.map(({ c, batchName }) => ({
    regionCode: c.regionCode,
    name: c.name,
    batchCode: c.batchCode,
    batchName,
    fromDate: c.fromDate,
    toDate: c.toDate,
    confidence: c.confidence as ConfidenceValue,
    note: c.note,
    updatedAt: formatShanghaiTime(c.updatedAt),
  }));
}

export function createPolicyService({ db }: { db: Db }) {
  return {
    async editions() {
      const editions = await db.select().from(demandStandardEditions).orderBy(asc(demandStandardEditions.sort));
      const rules = await db.select().from(standardRules);
      const counts = await db
        .select({
          editionCode: standardCategories.editionCode,
          n: count(),
          mandatory: sql<number>`count(*) filter (where ${standardCategories.kind} = 'mandatory')`.mapWith(Number),
        })
        .from(standardCategories)
        .groupBy(standardCategories.editionCode);
      return editions.map((e) => {
        const rule = rules.find((r) => r.editionCode === e.code);
        const c = counts.find((x) => x.editionCode === e.code);
        return {
          code: e.code,
          name: e.name,
          batchCode: e.batchCode,
          rule: rule ? ruleView(rule) : null,
          categoryCount: c?.n ?? 0,
          mandatoryCount: c?.mandatory ?? 0,
        };
      });
    },

    async edition(editionCode: string) {
      const edition = await editionOr404(db, editionCode);
      const [rule] = await db.select().from(standardRules).where(eq(standardRules.editionCode, editionCode));
      return {
        code: edition.code,
        name: edition.name,
        rule: rule ? ruleView(rule) : null,
        categories: await categoryViews(db, eq(standardCategories.editionCode, editionCode)),
      };
    },

    saveRule(user: SessionUser, b: z.output<typeof policyRuleSaveBody>) {
      return db.transaction(async (tx) => {
        await editionOr404(tx, b.editionCode);
        const [before] = await tx
          .select()
          .from(standardRules)
          .where(eq(standardRules.editionCode, b.editionCode))
          .for('update');
        const values = {
          mandatoryGreenPct: b.mandatoryGreenPct,
          optionalCoverageMinPct: b.optionalCoverageMinPct,
          testReportMaxAgeDays: b.testReportMaxAgeDays,
          confidence: b.confidence,
          note: b.note ?? null,
          updatedAt: new Date(),
        };
        const [after] = await tx
          .insert(standardRules)
          .values({ editionCode: b.editionCode, ...values })
          .onConflictDoUpdate({ target: standardRules.editionCode, set: values })
          .returning();
        const row = after as RuleRow;
        await recordAudit(tx, {
          entity: 'procurement_policy',
          entityId: `rule:${b.editionCode}`,
          action: 'rule.save',
          actor: user,
          orgId: null,
          data: { before: ruleFacts(before), after: ruleFacts(row) },
        });
        return ruleView(row);
      });
    },

    saveCategory(user: SessionUser, b: z.output<typeof policyCategorySaveBody>) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(standardCategories)
          .where(eq(standardCategories.id, b.id))
          .for('update');
        if (!before) throw notFound('类目不存在');
        const [after] = await tx
          .update(standardCategories)
          .set({ name: b.name, kind: b.kind, confidence: b.confidence, note: b.note ?? null, updatedAt: new Date() })
          .where(eq(standardCategories.id, b.id))
          .returning();
        await recordAudit(tx, {
          entity: 'procurement_policy',
          entityId: `category:${b.id}`,
          action: 'category.save',
          actor: user,
          orgId: null,
          data: { before: categoryFacts(before), after: categoryFacts(after as CategoryRow) },
        });
        const [view] = await categoryViews(tx, eq(standardCategories.id, b.id));
        return view as PolicyCategoryView;
      });
    },

    setCategoryClasses(user: SessionUser, b: z.output<typeof policyCategoryClassesBody>) {
      return db.transaction(async (tx) => {
        const [category] = await tx
          .select()
          .from(standardCategories)
          .where(eq(standardCategories.id, b.id))
          .for('update');
        if (!category) throw notFound('类目不存在');
        const wanted = [...new Set(b.classifyCodes)];
        const known =
          wanted.length === 0
            ? []
            : await tx
                .select({ code: materialClassifications.code })
                .from(materialClassifications)
                .where(and(inArray(materialClassifications.code, wanted), eq(materialClassifications.level, 2)));
        const knownCodes = new Set(known.map((k) => k.code));
        const errors = b.classifyCodes
          .map((code, i) => ({ code, i }))
          .filter(({ code }) => !knownCodes.has(code))
          .map(({ code, i }) => ({ field: `classifyCodes.${i}`, message: `产品分类 ${code} 不存在` }));
        if (errors.length > 0) throw invalidInput(errors);
        const edition = category.editionCode;
        const current = await tx
          .select({
            classifyCode: standardCategoryClasses.classifyCode,
            categoryId: standardCategoryClasses.categoryId,
          })
          .from(standardCategoryClasses)
          .where(eq(standardCategoryClasses.editionCode, edition));
        const before = current
          .filter((c) => c.categoryId === b.id)
          .map((c) => c.classifyCode)
          .sort();
        const movedFrom = current
          .filter((c) => c.categoryId !== b.id && knownCodes.has(c.classifyCode))
          .map((c) => ({ classifyCode: c.classifyCode, categoryId: c.categoryId }));
        const dropped = before.filter((code) => !knownCodes.has(code));
        if (dropped.length > 0) {
          await tx
            .delete(standardCategoryClasses)
            .where(
              and(
                eq(standardCategoryClasses.editionCode, edition),
                inArray(standardCategoryClasses.classifyCode, dropped),
              ),
            );
        }
        if (wanted.length > 0) {
          await tx
            .insert(standardCategoryClasses)
            .values(wanted.map((classifyCode) => ({ editionCode: edition, classifyCode, categoryId: b.id })))
            .onConflictDoUpdate({
              target: [standardCategoryClasses.editionCode, standardCategoryClasses.classifyCode],
              set: { categoryId: b.id },
            });
        }
        await tx.update(standardCategories).set({ updatedAt: new Date() }).where(eq(standardCategories.id, b.id));
        await recordAudit(tx, {
          entity: 'procurement_policy',
          entityId: `category:${b.id}`,
          action: 'category.classes',
          actor: user,
          orgId: null,
          data: { before: { classifyCodes: before }, after: { classifyCodes: [...wanted].sort(), movedFrom } },
        });
        const [view] = await categoryViews(tx, eq(standardCategories.id, b.id));
        return view as PolicyCategoryView;
      });
    },

    async cities() {
      const batches = await db
        .select({ code: policyBatches.code, name: policyBatches.name })
        .from(policyBatches)
        .orderBy(asc(policyBatches.sort));
      return { list: await cityRows(db), batches };
    },

    saveCity(user: SessionUser, b: z.output<typeof policyCitySaveBody>) {
      return db.transaction(async (tx) => {
        const [batch] = await tx.select().from(policyBatches).where(eq(policyBatches.code, b.batchCode));
        if (!batch) throw invalidInput([{ field: 'batchCode', message: '批次不存在' }]);
        const [before] = await tx
          .select()
          .from(policyCities)
          .where(eq(policyCities.regionCode, b.regionCode))
          .for('update');
        if (b.create && before) throw conflict(`政策城市 ${b.regionCode}（${before.name}）已在列表中，请直接修改`);
        if (!b.create && !before) throw notFound('政策城市不存在');
        const values = {
          name: b.name,
          batchCode: b.batchCode,
          fromDate: b.fromDate,
          toDate: b.toDate ?? null,
          confidence: b.confidence,
          note: b.note ?? null,
          updatedAt: new Date(),
        };
        const [after] = before
          ? await tx.update(policyCities).set(values).where(eq(policyCities.regionCode, b.regionCode)).returning()
          : await tx
              .insert(policyCities)
              .values({ regionCode: b.regionCode, ...values })
              .returning();
        await recordAudit(tx, {
          entity: 'procurement_policy',
          entityId: `city:${b.regionCode}`,
          action: before ? 'city.update' : 'city.create',
          actor: user,
          orgId: null,
          data: { before: cityFacts(before), after: cityFacts(after) },
        });
        return cityView(tx, b.regionCode);
      });
    },

    removeCity(user: SessionUser, regionCode: string) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(policyCities)
          .where(eq(policyCities.regionCode, regionCode))
          .for('update');
        if (!before) throw notFound('政策城市不存在');
        await tx.delete(policyCities).where(eq(policyCities.regionCode, regionCode));
        await recordAudit(tx, {
          entity: 'procurement_policy',
          entityId: `city:${regionCode}`,
          action: 'city.remove',
          actor: user,
          orgId: null,
          data: { before: cityFacts(before), after: null },
        });
        return { regionCode };
      });
    },

    async audit(target: 'rule' | 'category' | 'city', key: string): Promise<PolicyAuditData> {
      const rows = await auditRows(db, {
        entity: 'procurement_policy',
        entityId: `${target}:${key}`,
        newestFirst: true,
      });
      return rows.map(({ log, actorName }) => {
        const detail = (log.detail ?? {}) as {
          before?: Record<string, unknown> | null;
          after?: Record<string, unknown>;
        };
        return {
          id: log.id,
          action: log.action,
          actorName,
          time: formatShanghaiTime(log.createdAt),
          before: detail.before ?? null,
          after: detail.after ?? null,
        };
      });
    },
  };
}
