import { type ComplianceLine, type ComplianceRule, StandardKind, type StandardKindValue } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { standardCategories, standardCategoryClasses, standardRules } from '../../db/schema/index.ts';

/** A category of an edition, as a line placed in it shows it. */
export interface PolicyCategory {
  id: number;
  code: string;
  name: string;
  groupName: string;
  kind: Exclude<StandardKindValue, 'outside'>;
  confidence: string;
}

/**
 * The demand standard a project follows, read once per request (docs/procurement.md, "The compliance rule"): the
 * rule's parameters and where each platform classification falls. A project outside the policy, or an edition with
 * no rule row, has `rule: null`: every line is outside the standard and nothing is required green.
 */
export interface ProjectPolicy {
  editionCode: string | null;
  rule: ComplianceRule | null;
  ruleConfidence: string | null;
  /** classify code → category. */
  categories: Map<string, PolicyCategory>;
}

export async function policyOf(tx: Tx, editionCode: string | null): Promise<ProjectPolicy> {
  if (!editionCode) return { editionCode: null, rule: null, ruleConfidence: null, categories: new Map() };
  const [rule] = await tx.select().from(standardRules).where(eq(standardRules.editionCode, editionCode));
  const rows = await tx
    .select({
      classifyCode: standardCategoryClasses.classifyCode,
      id: standardCategories.id,
      code: standardCategories.code,
      name: standardCategories.name,
      groupName: standardCategories.groupName,
      kind: standardCategories.kind,
      confidence: standardCategories.confidence,
    })
    .from(standardCategoryClasses)
    .innerJoin(standardCategories, eq(standardCategories.id, standardCategoryClasses.categoryId))
    .where(eq(standardCategoryClasses.editionCode, editionCode));
  const categories = new Map(
    rows.map(({ classifyCode, kind, ...c }) => [classifyCode, { ...c, kind: kind as PolicyCategory['kind'] }]),
  );
  return {
    editionCode,
    rule: rule
      ? {
          mandatoryGreenPct: rule.mandatoryGreenPct,
          optionalCoverageMinPct: rule.optionalCoverageMinPct,
          testReportMaxAgeDays: rule.testReportMaxAgeDays,
        }
      : null,
    ruleConfidence: rule?.confidence ?? null,
    categories,
  };
}

/** The category a classification falls in under the project's edition, and its kind (outside when none). */
export function placeLine(policy: ProjectPolicy, classifyCode: string) {
  const category = policy.rule ? policy.categories.get(classifyCode) : undefined;
  const kind: StandardKindValue = category ? category.kind : StandardKind.OUTSIDE;
  return { category: category ?? null, kind };
}

/** A line as the compliance rule reads it. */
export function complianceLine(
  policy: ProjectPolicy,
  line: { id: number; classifyCode: string; green: boolean; amountFen: number },
): ComplianceLine {
  const { category, kind } = placeLine(policy, line.classifyCode);
  return { lineId: line.id, categoryCode: category?.code ?? null, kind, green: line.green, amountFen: line.amountFen };
}
