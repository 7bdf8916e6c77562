import { digitsToNumber, optionalText, positiveId, requiredText } from './params.ts';
import { confidenceValues, REASON_MAX } from './procurement.ts';
import { dateField, optionalDate } from './trace.ts';
import { z } from './zod.ts';

/**
 * Procurement's policy data (docs/procurement.md, "Policy data"): the platform operator (super_admin) reads and edits
 * each demand-standard edition's rule parameters, its categories (kind, name, note, confidence) and which platform
 * classifications map onto each, and the policy cities. Every change is audited with its before and after. The code
 * tables shared by all parts: procurement.ts.
 */

export const POLICY_NOTE_MAX = REASON_MAX;
export const POLICY_CATEGORY_NAME_MAX = 50;
export const POLICY_CLASSES_MAX = 200;
export const POLICY_REPORT_AGE_MAX_DAYS = 3650;

const confidenceField = z.enum(confidenceValues, { error: '请选择可信度（官方原文、转载或报道、待核实）' });
const kindField = z.enum(['mandatory', 'optional'], { error: '类别只能是必选类或可选类' });
const editionCodeField = requiredText('需求标准版本', 20);

const pct = (label: string) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: `${label}必须是 0–100 的整数` })
      .int(`${label}必须是整数`)
      .min(0, `${label}不能小于 0`)
      .max(100, `${label}不能大于 100`),
  );
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

/** An edition's rule as the console shows it. */
export const policyRuleView = z.object({
  editionCode: z.string(),
  mandatoryGreenPct: z.number().int(),
  optionalCoverageMinPct: z.number().int().nullable(),
  testReportMaxAgeDays: z.number().int().nullable(),
  confidence: z.enum(confidenceValues),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type PolicyRuleView = z.infer<typeof policyRuleView>;

export const policyCategoryView = z.object({
  id: z.number().int(),
  editionCode: z.string(),
  code: z.string(),
  name: z.string(),
  groupName: z.string(),
  kind: kindField,
  confidence: z.enum(confidenceValues),
  note: z.string().nullable(),
  sort: z.number().int(),
  /** The platform classifications that fall in it. */
  classes: z.array(z.object({ code: z.string(), name: z.string() })),
  updatedAt: z.string(),
});
export type PolicyCategoryView = z.infer<typeof policyCategoryView>;

/** The editions, each with its rule (null: none yet, every line outside the standard) and counts. */
export const policyEditionsData = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    batchCode: z.string(),
    rule: policyRuleView.nullable(),
    categoryCount: z.number().int(),
    mandatoryCount: z.number().int(),
  }),
);
export type PolicyEditionsData = z.infer<typeof policyEditionsData>;

export const policyEditionQuery = z.object({ editionCode: editionCodeField });
export const policyEditionData = z.object({
  code: z.string(),
  name: z.string(),
  rule: policyRuleView.nullable(),
  categories: z.array(policyCategoryView),
});
export type PolicyEditionData = z.infer<typeof policyEditionData>;

/** An edition's rule parameters (created when the edition has none). */
export const policyRuleSaveBody = z.object({
  editionCode: editionCodeField,
  mandatoryGreenPct: pct('必选类绿色比例'),
  optionalCoverageMinPct: orNull(pct('可选类覆盖率下限')),
  testReportMaxAgeDays: orNull(
    z.preprocess(
      digitsToNumber,
      z
        .number({ error: '检测报告有效天数必须是整数' })
        .int('检测报告有效天数必须是整数')
        .min(1, '检测报告有效天数至少 1 天')
        .max(POLICY_REPORT_AGE_MAX_DAYS, `检测报告有效天数不能超过 ${POLICY_REPORT_AGE_MAX_DAYS} 天`),
    ),
  ),
  confidence: confidenceField,
  note: optionalText('说明', POLICY_NOTE_MAX),
});
export type PolicyRuleSaveBody = z.input<typeof policyRuleSaveBody>;

/** A category's kind, name, note and confidence (its code and group are the classification's). */
export const policyCategorySaveBody = z.object({
  id: positiveId('类目'),
  name: requiredText('类目名称', POLICY_CATEGORY_NAME_MAX),
  kind: kindField,
  confidence: confidenceField,
  note: optionalText('说明', POLICY_NOTE_MAX),
});
export type PolicyCategorySaveBody = z.input<typeof policyCategorySaveBody>;

/**
 * The platform classifications a category holds: those listed move onto it (from another category of the same
 * edition, if any); those it held and no longer lists fall outside the standard.
 */
export const policyCategoryClassesBody = z.object({
  id: positiveId('类目'),
  classifyCodes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{4}$/, '请选择产品分类（4 位代码）'),
      { error: '请选择产品分类' },
    )
    .max(POLICY_CLASSES_MAX, `最多 ${POLICY_CLASSES_MAX} 个产品分类`),
});
export type PolicyCategoryClassesBody = z.input<typeof policyCategoryClassesBody>;

export const policyCityView = z.object({
  regionCode: z.string(),
  name: z.string(),
  batchCode: z.string(),
  batchName: z.string(),
  fromDate: z.string(),
  toDate: z.string().nullable(),
  confidence: z.enum(confidenceValues),
  note: z.string().nullable(),
  updatedAt: z.string(),
});
export type PolicyCityView = z.infer<typeof policyCityView>;
export const policyCitiesData = z.object({
  list: z.array(policyCityView),
  /** The policy batches a city may join. */
  batches: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type PolicyCitiesData = z.infer<typeof policyCitiesData>;

const regionCodeField = z
  .string({ error: '请输入行政区划代码' })
  .trim()
  .regex(/^\d{6}$/, '行政区划代码应为 6 位数字');

/** Add a policy city (`create`: true; 409 when it is already there) or edit one. */
export const policyCitySaveBody = z
  .object({
    create: z.boolean().default(false),
    regionCode: regionCodeField,
    name: requiredText('城市名称', 50),
    batchCode: requiredText('批次', 20),
    fromDate: dateField('起始日期'),
    toDate: optionalDate('截止日期'),
    confidence: confidenceField,
    note: optionalText('说明', POLICY_NOTE_MAX),
  })
  .superRefine((b, ctx) => {
    if (b.toDate && b.toDate < b.fromDate) {
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: '截止日期不能早于起始日期' });
    }
  });
export type PolicyCitySaveBody = z.input<typeof policyCitySaveBody>;

export const policyCityRemoveBody = z.object({ regionCode: regionCodeField });

/** Which row's audit trail: an edition's rule (key = edition code), a category (its id) or a city (region code). */
export const policyAuditQuery = z.object({
  target: z.enum(['rule', 'category', 'city'], { error: '请选择记录类型' }),
  key: requiredText('记录', 20),
});
export const policyAuditData = z.array(
  z.object({
    id: z.number().int(),
    action: z.string(),
    actorName: z.string().nullable(),
    time: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  }),
);
export type PolicyAuditData = z.infer<typeof policyAuditData>;
