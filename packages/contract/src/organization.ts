import { mobileSchema } from './auth.ts';
import { pageOf, pageQuerySchema } from './envelope.ts';
import { MAX_ID } from './params.ts';
import { isCreditCode, isLandline, isMobile } from './validators.ts';
import { z } from './zod.ts';

/** Account status of a user (users.status): 1 enabled, 2 disabled. */
export const UserStatus = { ENABLED: 1, DISABLED: 2 } as const;
export type UserStatusValue = (typeof UserStatus)[keyof typeof UserStatus];
export const userStatusLabels: Record<UserStatusValue, string> = { 1: '启用', 2: '停用' };

/** Status of one certification application (org_certifications.status). */
export const CertificationStatus = { PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;
export type CertificationStatusValue = (typeof CertificationStatus)[keyof typeof CertificationStatus];
export const certificationStatusLabels: Record<CertificationStatusValue, string> = {
  1: '待审核',
  2: '已通过',
  3: '已驳回',
};

/**
 * Organisation types a user may create for themselves. Government units (5) and regulators (9) act with public
 * authority, so only the platform opens them (POST /api/admin/organizations); 0 means "all" and is no type.
 */
export const SELF_SERVICE_ORG_TYPES: readonly number[] = [1, 2, 3, 4, 6, 7, 8, 10];

const CREDIT_CODE_FORMAT = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

// Field schemas, shared by the web forms and the server.

export const orgNameSchema = z
  .string({ error: '请输入企业名称' })
  .trim()
  .min(2, '企业名称至少 2 个字')
  .max(100, '企业名称不能超过 100 个字');

export const orgTypeSchema = z
  .number({ error: '请选择企业类型' })
  .int('请选择企业类型')
  .min(1, '请选择企业类型')
  .max(10, '请选择企业类型');

export const orgNatureSchema = z
  .number({ error: '请选择企业性质' })
  .int('请选择企业性质')
  .min(1, '请选择企业性质')
  .max(6, '请选择企业性质');

/** A six-digit GB/T 2260 division code; whether it exists is checked against the reference table by the server. */
export const regionCodeSchema = z
  .string({ error: '请选择所在地区' })
  .trim()
  .regex(/^\d{6}$/, '请选择正确的所在地区');

/** Unified social credit code (GB 32100-2015): 18 characters whose last is a check character. */
export const creditCodeSchema = z
  .string({ error: '请输入统一社会信用代码' })
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    if (!CREDIT_CODE_FORMAT.test(value)) {
      ctx.addIssue({ code: 'custom', message: '统一社会信用代码应为 18 位数字或大写字母（不含 I、O、S、V、Z）' });
    } else if (!isCreditCode(value)) {
      ctx.addIssue({ code: 'custom', message: '统一社会信用代码校验位不正确' });
    }
  });

export const addressSchema = z
  .string({ error: '请输入详细地址' })
  .trim()
  .min(1, '请输入详细地址')
  .max(200, '详细地址不能超过 200 个字');

export const personNameSchema = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(50, `${label}不能超过 50 个字`);

/** Contact phone: a mainland mobile or a landline (spec §5). */
export const contactPhoneSchema = z
  .string({ error: '请输入联系电话' })
  .trim()
  .refine((v) => isMobile(v) || isLandline(v), '请输入正确的手机号或固定电话（如 025-84561234）');

// GET /api/organization, GET /api/user/{id}/organization

export const enabledModule = z.object({ moduleCode: z.string(), name: z.string(), enName: z.string() });

export const organizationData = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  type_enum: z.string(),
  typeName: z.string(),
  certStatus: z.number().int(),
  /** 已认证 / 未认证 / 审核中 / 未通过 */
  status: z.string(),
  /** Government units need no certification (spec §9). */
  certExempt: z.boolean(),
  nature: z.number().int().nullable(),
  natureName: z.string().nullable(),
  creditCode: z.string().nullable(),
  regionCode: z.string().nullable(),
  /** Division names from the province down, e.g. ["江苏省", "苏州市", "虎丘区"]. */
  regionPath: z.array(z.string()),
  address: z.string().nullable(),
  legalPerson: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  license: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  rejectReason: z.string().nullable(),
  certifiedAt: z.string().nullable(),
  modules: z.array(enabledModule),
});
export type OrganizationData = z.infer<typeof organizationData>;

/**
 * POST /api/organization. Without an organisation: creates one (name and type required). An enterprise
 * administrator: updates their organisation; a field left out stays as it is, null clears it.
 */
export const organizationSaveBody = z.object({
  name: orgNameSchema,
  type: orgTypeSchema.optional(),
  nature: orgNatureSchema.nullish(),
  regionCode: regionCodeSchema.nullish(),
  address: addressSchema.nullish(),
  legalPerson: personNameSchema('法定代表人').nullish(),
  contactName: personNameSchema('联系人').nullish(),
  contactPhone: contactPhoneSchema.nullish(),
  creditCode: creditCodeSchema.nullish(),
});
export type OrganizationSaveBody = z.input<typeof organizationSaveBody>;

export const userIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围') });

// GET /api/organization/function/show

export const functionShowQuery = z.object({
  orgType: z.coerce.number().int().min(0).max(10).optional(),
});
export const functionItem = z.object({
  moduleCode: z.string(),
  name: z.string(),
  enName: z.string(),
  /** Whether the caller's organisation has the module enabled. */
  enabled: z.boolean(),
});
export const functionShowData = z.array(functionItem);

// Certification

export const certificationBody = z.object({
  name: orgNameSchema,
  nature: orgNatureSchema,
  regionCode: regionCodeSchema,
  creditCode: creditCodeSchema,
  address: addressSchema,
  legalPerson: personNameSchema('法定代表人'),
  contactName: personNameSchema('联系人'),
  contactPhone: contactPhoneSchema,
  licenseUploadId: z
    .number({ error: '请上传营业执照' })
    .int('请上传营业执照')
    .positive('请上传营业执照')
    .max(MAX_ID, '营业执照文件不存在，请重新上传'),
});
export type CertificationBody = z.input<typeof certificationBody>;

/** The details of an application as submitted (a snapshot: later edits of the organisation do not change it). */
export const certificationDetails = z.object({
  name: z.string(),
  nature: z.number().int(),
  natureName: z.string(),
  regionCode: z.string(),
  regionPath: z.array(z.string()),
  creditCode: z.string(),
  address: z.string(),
  legalPerson: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  licenseUploadId: z.number().int(),
  licenseName: z.string(),
});
export type CertificationDetails = z.infer<typeof certificationDetails>;

const personRef = z.object({ id: z.number().int(), realName: z.string().nullable() });

export const certificationItem = z.object({
  id: z.number().int(),
  status: z.number().int(),
  statusName: z.string(),
  reason: z.string().nullable(),
  details: certificationDetails,
  submitter: personRef.nullable(),
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai */
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export const certificationHistoryData = z.array(certificationItem);

export const adminCertificationListQuery = pageQuerySchema.extend({
  /** 1 pending (when left out), 2 approved, 3 rejected; 0 or empty: all. */
  status: z.coerce.number().int().min(0).max(3).optional(),
  keyword: z.string().trim().max(50).optional(),
});

export const adminCertificationItem = certificationItem.extend({
  orgId: z.number().int(),
  orgName: z.string(),
  orgType: z.number().int(),
  orgTypeName: z.string(),
  orgCertStatus: z.number().int(),
  submitter: personRef.extend({ mobile: z.string() }).nullable(),
  reviewer: personRef.nullable(),
});
export const adminCertificationList = pageOf(adminCertificationItem);

export const adminCertificationDetail = adminCertificationItem.extend({
  license: z.object({ id: z.number().int(), name: z.string(), mime: z.string(), size: z.number().int() }).nullable(),
});

export const rejectBody = z.object({
  reason: z
    .string({ error: '请填写驳回原因' })
    .trim()
    .min(2, '驳回原因至少 2 个字')
    .max(200, '驳回原因不能超过 200 个字'),
});

export const certificationDecisionData = z.object({
  id: z.number().int(),
  status: z.number().int(),
  statusName: z.string(),
  orgId: z.number().int(),
  orgCertStatus: z.number().int(),
});

// Platform administration of organisations

export const adminOrganizationListQuery = pageQuerySchema.extend({
  keyword: z.string().trim().max(50).optional(),
  type: z.coerce.number().int().min(1).max(10).optional(),
  certStatus: z.coerce.number().int().min(0).max(3).optional(),
});

export const adminOrganizationItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  type_enum: z.string(),
  typeName: z.string(),
  certStatus: z.number().int(),
  status: z.string(),
  /** Government units need no certification (spec §9). */
  certExempt: z.boolean(),
  creditCode: z.string().nullable(),
  regionCode: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export const adminOrganizationList = pageOf(adminOrganizationItem);

/** POST /api/admin/organizations: the platform opens an organisation of any type with its first account. */
export const adminOrganizationCreateBody = z.object({
  name: orgNameSchema,
  type: orgTypeSchema,
  regionCode: regionCodeSchema.optional(),
  adminMobile: mobileSchema,
  adminRealName: personNameSchema('管理员姓名'),
});

export const adminOrganizationCreated = z.object({
  orgId: z.number().int(),
  userId: z.number().int(),
  mobile: z.string(),
  roles: z.array(z.string()),
  /** Shown once; the server keeps only its hash. */
  initialPassword: z.string(),
});

// Members

export const memberListQuery = pageQuerySchema.extend({
  keyword: z.string().trim().max(50).optional(),
  status: z.coerce.number().int().min(1).max(2).optional(),
});

export const memberItem = z.object({
  id: z.number().int(),
  /** Masked (138****0001) unless the caller is an enterprise administrator. */
  mobile: z.string(),
  username: z.string(),
  realName: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.number().int(),
  statusName: z.string(),
  /** The member's division (部门) in the account centre, if any. */
  division: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export const memberList = pageOf(memberItem);

export const memberCreateBody = z.object({
  mobile: mobileSchema,
  realName: personNameSchema('姓名'),
  username: z.string().trim().min(1, '请输入用户名').max(50, '用户名不能超过 50 个字').optional(),
});

export const memberCreated = memberItem.extend({
  /** Shown once; the server keeps only its hash. */
  initialPassword: z.string(),
});

export const memberStatusBody = z.object({
  status: z.union([z.literal(1), z.literal(2)], { error: '状态只能是 1（启用）或 2（停用）' }),
});

export const memberPasswordReset = z.object({
  id: z.number().int(),
  /** Shown once; the server keeps only its hash. */
  newPassword: z.string(),
});
