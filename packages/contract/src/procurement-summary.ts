import { blankToUndefined, optionalId, positiveId } from './params.ts';
import { standardKindValues } from './procurement.ts';
import { z } from './zod.ts';

/**
 * Procurement's summaries (docs/procurement.md, "Summaries"): a buyer's projects by category — quantities, budget,
 * ordered, delivered, the green share and the policy's two rules with the lines that fail them — and one project's
 * lines of one category. The code tables shared by all parts: procurement.ts.
 */

/** A required-by month, yyyy-mm. */
const monthField = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label}应为文本` })
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label}应为 年-月，如 2026-03`)
      .optional(),
  );

/** The most failing lines a summary lists (the detail pages list them all). */
export const SUMMARY_FAILURES_MAX = 200;

/** The key of the category row for lines outside the project's standard. */
export const OUTSIDE_CATEGORY_KEY = 'outside';

const period = {
  /** Lines whose required-by date falls in these months (inclusive); empty = any. */
  fromMonth: monthField('起始月份'),
  toMonth: monthField('截止月份'),
};
const periodInOrder = (v: { fromMonth?: string; toMonth?: string }) =>
  !v.fromMonth || !v.toMonth || v.fromMonth <= v.toMonth;
const periodIssue = { message: '截止月份不能早于起始月份', path: ['toMonth'] };

export const materialsSummaryBody = z
  .object({
    /** One project; empty = every project the caller buys for. */
    projectId: optionalId('项目'),
    ...period,
  })
  .refine(periodInOrder, periodIssue);
export type MaterialsSummaryInput = z.input<typeof materialsSummaryBody>;

const compliancePart = z.object({
  applicable: z.boolean(),
  met: z.boolean(),
});

/** One project's figures and the policy's rules over its lines. */
export const summaryProjectView = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  editionCode: z.string().nullable(),
  /** The project follows a demand standard with a rule (else every line is outside the standard). */
  inPolicy: z.boolean(),
  ruleConfidence: z.string().nullable(),
  lines: z.number().int(),
  budgetFen: z.number().int(),
  orderedFen: z.number().int(),
  deliveredFen: z.number().int(),
  greenShareByValueBp: z.number().int().nullable(),
  greenShareByKindBp: z.number().int().nullable(),
  mandatory: compliancePart.extend({
    lines: z.number().int(),
    greenLines: z.number().int(),
    failingLineIds: z.array(z.number().int()),
  }),
  optional: compliancePart.extend({
    kindsUsed: z.number().int(),
    greenKinds: z.number().int(),
    coverageBp: z.number().int(),
    minPct: z.number().int().nullable(),
    failingCategoryCodes: z.array(z.string()),
    failingLineIds: z.array(z.number().int()),
  }),
  met: z.boolean(),
});
export type SummaryProjectView = z.infer<typeof summaryProjectView>;

/** One cell of the category × project matrix. */
export const summaryCellView = z.object({
  projectId: z.number().int(),
  /** The category's code, or OUTSIDE_CATEGORY_KEY. */
  categoryKey: z.string(),
  /** How the project's edition classes the category (editions differ, so it is per project). */
  kind: z.enum(standardKindValues),
  lines: z.number().int(),
  greenLines: z.number().int(),
  budgetFen: z.number().int(),
  orderedFen: z.number().int(),
  deliveredFen: z.number().int(),
  greenFen: z.number().int(),
  /** greenFen ÷ budgetFen in basis points; null when the budget is 0. */
  greenShareBp: z.number().int().nullable(),
});
export type SummaryCellView = z.infer<typeof summaryCellView>;

export const summaryCategoryView = z.object({
  key: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
});
export type SummaryCategoryView = z.infer<typeof summaryCategoryView>;

/** A line that fails a rule, with why. */
export const summaryFailureView = z.object({
  projectId: z.number().int(),
  lineId: z.number().int(),
  lineNo: z.number().int(),
  commonName: z.string(),
  categoryKey: z.string(),
  categoryName: z.string(),
  kind: z.enum(standardKindValues),
  /** Why it is not green (see summaryLineView.reason). */
  reason: z.enum(['not_chosen', 'no_evidence_by_required_date', 'delivered_not_green']),
});
export type SummaryFailureView = z.infer<typeof summaryFailureView>;

export const materialsSummaryData = z.object({
  projects: z.array(summaryProjectView),
  categories: z.array(summaryCategoryView),
  cells: z.array(summaryCellView),
  /** Mandatory lines that are not green, then optional lines of the uncovered categories. */
  failures: z.array(summaryFailureView),
  /** How many lines fail in all (failures holds the first SUMMARY_FAILURES_MAX). */
  failuresTotal: z.number().int(),
});
export type MaterialsSummaryData = z.infer<typeof materialsSummaryData>;

export const materialsSummaryDetailBody = z
  .object({
    projectId: positiveId('项目'),
    categoryKey: z
      .string({ error: '请提供类别' })
      .trim()
      .regex(/^(outside|\d{2,8})$/, '类别不正确'),
    ...period,
  })
  .refine(periodInOrder, periodIssue);
export type MaterialsSummaryDetailInput = z.input<typeof materialsSummaryDetailBody>;

/** How a line's green was decided. */
export const summaryGreenBasisValues = ['delivered', 'planned'] as const;

export const summaryLineView = z.object({
  lineId: z.number().int(),
  lineNo: z.number().int(),
  classifyCode: z.string(),
  commonName: z.string(),
  spec: z.string().nullable(),
  unitId: z.number().int(),
  quantity: z.string(),
  requiredBy: z.string(),
  budgetFen: z.number().int(),
  orderedQuantity: z.string(),
  orderedFen: z.number().int(),
  deliveredQuantity: z.string(),
  /** Delivered quantity that was green on its arrival day. */
  greenDeliveredQuantity: z.string(),
  deliveredFen: z.number().int(),
  /** The chosen product, when one was chosen. */
  productName: z.string().nullable(),
  green: z.boolean(),
  /** delivered: decided by what arrived; planned: by the chosen product's evidence on the required-by date. */
  basis: z.enum(summaryGreenBasisValues),
  /** The evidence that proves it green as planned (certificate number or report name). */
  evidenceName: z.string().nullable(),
  reason: summaryFailureView.shape.reason.nullable(),
});
export type SummaryLineView = z.infer<typeof summaryLineView>;

export const materialsSummaryDetailData = z.object({
  project: summaryProjectView.pick({ projectId: true, projectName: true, editionCode: true, inPolicy: true }),
  category: summaryCategoryView,
  /** The project's figures for this category (the matrix cell). */
  cell: summaryCellView,
  lines: z.array(summaryLineView),
});
export type MaterialsSummaryDetailData = z.infer<typeof materialsSummaryDetailData>;
