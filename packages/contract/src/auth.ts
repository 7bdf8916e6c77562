import { MAX_ID } from './params.ts';
import { isMobile, isStrongPassword, normalizeMobile } from './validators.ts';
import { z } from './zod.ts';

/** A mainland mobile (spec §5), trimmed, stored without its +86 / 0086 prefix. */
export const mobileSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .refine(isMobile, { message: '请输入正确的手机号' })
  .transform(normalizeMobile);

export const passwordSchema = z
  .string({ error: '请输入新密码' })
  .refine(isStrongPassword, { message: '密码需 8–32 位，并包含大写字母、小写字母、数字、符号中的至少三种' });

export const loginBody = z.object({
  mobile: mobileSchema,
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginData = z.object({
  access_token: z.string(),
  id: z.number().int(),
  roles: z.array(z.string()),
});
export type LoginData = z.infer<typeof loginData>;

/** User info (spec §3). `organization.status` is the certification label, 已认证 when certified. */
export const viewerData = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string().nullable(),
  mobile: z.string(),
  headimgurl: z.string().nullable(),
  roles: z.array(z.string()),
  org: z.object({ name: z.string() }).nullable(),
  organization: z
    .object({
      id: z.number().int(),
      type: z.number().int(),
      type_enum: z.string(),
      status: z.string(),
      certStatus: z.number().int(),
    })
    .nullable(),
  companyId: z.number().int().nullable(),
});
export type ViewerData = z.infer<typeof viewerData>;

export const userRoleData = z.object({
  roles: z.array(z.object({ roleCode: z.string(), roleName: z.string() })),
  orgType: z.number().int().nullable(),
});

export const logoutBody = z.object({ appCode: z.string().min(1).max(64).default('jcbb') });
export const logoutData = z.object({ logout: z.literal(true) });

export const authorizedOrgQuery = z.object({ orgId: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围') });
export const authorizedModule = z.object({ moduleCode: z.string(), name: z.string(), enName: z.string() });
export const authorizedOrgData = z.array(authorizedModule);

export const ssoInfoQuery = z.object({ appCode: z.string().min(1).max(64) });
export const ssoInfoData = z.object({ ssoToken: z.string(), expiresIn: z.number().int() });
export const tokenVerifyQuery = z.object({ appCode: z.string().min(1).max(64), ssoToken: z.string().min(1).max(128) });

/** invalidIndex: 0 the token is valid, 1 expired or signed out, 2 ended by a sign-in elsewhere. */
export const invalidDetailsData = z.object({ invalidIndex: z.union([z.literal(0), z.literal(1), z.literal(2)]) });

export const changePasswordBody = z
  .object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(64),
    newPassword: passwordSchema,
  })
  .refine((b) => b.oldPassword !== b.newPassword, { message: '新密码不能与原密码相同', path: ['newPassword'] });

/** Answer of POST /api/user/password. */
export const changePasswordData = z.object({ changed: z.literal(true) });
