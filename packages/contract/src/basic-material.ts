import { pageOf } from './envelope.ts';
import { rejectBody } from './organization.ts';
import { blankToUndefined, classifyCodeField, optionalText, positiveId, requiredText, takeSkip } from './params.ts';
import { z } from './zod.ts';

/**
 * Basic materials (spec §7 basic-materials): the platform's list of common material names (通用名称) with their
 * classification, units and usual formats, and manufacturers' applications for new names.
 */
export const BasicMaterialStatus = { APPROVED: 1, PENDING: 2, REJECTED: 3 } as const;
export const basicMaterialStatusLabels: Record<number, string> = { 1: '已启用', 2: '待审核', 3: '已驳回' };

export const basicMaterialPageBody = z.object({
  ...takeSkip(10, 100),
  /** A fragment of the common name, matched anywhere. */
  commonName: optionalText('通用名称', 50),
  classifyCode: z.preprocess(blankToUndefined, classifyCodeField.optional()),
});
export type BasicMaterialPageBody = z.input<typeof basicMaterialPageBody>;

const unitWithFormats = z.object({ unitId: z.number().int(), unitName: z.string(), formats: z.array(z.string()) });
export const basicMaterialItem = z.object({
  id: z.number().int(),
  commonName: z.string(),
  classifyCode: z.string(),
  classifyName: z.string(),
  units: z.array(unitWithFormats),
  status: z.number().int(),
  statusName: z.string(),
});
export const basicMaterialPage = pageOf(basicMaterialItem);
export type BasicMaterialItem = z.infer<typeof basicMaterialItem>;

export const commonNameBody = z.object({ commonName: requiredText('通用名称', 50) });
export const commonNameUnitBody = commonNameBody.extend({ unitId: positiveId('计量单位') });

export const basicMaterialUnits = z.array(z.object({ id: z.number().int(), name: z.string() }));
export const basicMaterialFormats = z.array(z.string());
export const commonNameClassify = z.object({
  commonName: z.string(),
  classifyCode: z.string(),
  classifyName: z.string(),
  /** The category then the product class: [{ '01', 围护结构及混凝土类 }, { '0105', 保温系统材料 }]. */
  path: z.array(z.object({ code: z.string(), name: z.string() })),
});

/** Units (of the 37) a material is sold in, each with its usual formats. */
const unitsField = z
  .array(
    z.object({
      unitId: positiveId('计量单位'),
      formats: z.array(requiredText('规格', 50)).max(20, '规格最多 20 个').default([]),
    }),
  )
  .max(10, '计量单位最多 10 个');

export const basicMaterialApplyBody = z.object({
  commonName: requiredText('通用名称', 50),
  classifyCode: classifyCodeField,
  units: unitsField.default([]),
  remark: optionalText('申请说明', 200),
});
export type BasicMaterialApplyBody = z.input<typeof basicMaterialApplyBody>;
export const basicMaterialApplied = z.object({ id: z.number().int(), status: z.number().int() });

// The platform's review of applications (super_admin, /api/admin/basic-materials/…)

export const adminBasicMaterialListQuery = z.object({
  ...takeSkip(10, 100),
  /** 2 pending (when left out), 1 approved, 3 rejected; 0: every status. */
  status: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: '状态必须是数字' })
      .int('状态必须是整数')
      .min(0, '状态不正确')
      .max(3, '状态不正确')
      .optional(),
  ),
  /** A fragment of the common name, matched anywhere. */
  commonName: optionalText('通用名称', 50),
});
export type AdminBasicMaterialListQuery = z.input<typeof adminBasicMaterialListQuery>;

const personRef = z.object({ id: z.number().int(), realName: z.string().nullable() });

/** An application as the platform reviews it: what was applied for (or approved as), who applied, the decision. */
export const adminBasicMaterialItem = basicMaterialItem.extend({
  /** The stable code given on approval (BM032, …); null until then. */
  code: z.string().nullable(),
  remark: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  applicant: personRef.extend({ mobile: z.string() }).nullable(),
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai */
  createTime: z.string(),
  rejectReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: personRef.nullable(),
});
export const adminBasicMaterialList = pageOf(adminBasicMaterialItem);
export type AdminBasicMaterialItem = z.infer<typeof adminBasicMaterialItem>;

/** Approval, optionally correcting what the applicant gave; a field left out keeps the applicant's value. */
export const basicMaterialApproveBody = z.object({
  commonName: requiredText('通用名称', 50).optional(),
  classifyCode: classifyCodeField.optional(),
  units: unitsField.optional(),
});
export type BasicMaterialApproveBody = z.input<typeof basicMaterialApproveBody>;

/** A rejection's reason, as for every other platform rejection (2–200 characters); the applicant reads it. */
export const basicMaterialRejectBody = rejectBody;
export type BasicMaterialRejectBody = z.input<typeof basicMaterialRejectBody>;

/** bmUpGradation/page: the correction and upgrade records of the caller's products (from the audit log). */
export const upgradationPageBody = z.object({
  ...takeSkip(10, 100),
  productId: z.preprocess(blankToUndefined, positiveId('产品编号').optional()),
});
export const upgradationItem = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  action: z.string(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  reason: z.string().nullable(),
  createTime: z.string(),
});
export const upgradationPage = pageOf(upgradationItem);
