import { contactPhoneSchema, personNameSchema } from './organization.ts';
import { MAX_ID } from './params.ts';
import { z } from './zod.ts';

/** The account centre (docs/account.md): the signed-in user's profile and the organisation's divisions (部门). */

/** The largest avatar image the profile accepts (an upload through the file store, checked when it is chosen). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Image types an avatar may be. */
export const AVATAR_MIME_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const idSchema = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, '编号超出范围');

export const emailSchema = z
  .string({ error: '请输入邮箱' })
  .trim()
  .max(100, '邮箱不能超过 100 个字符')
  .pipe(z.email({ error: '请输入正确的邮箱地址' }));

/** A sign-in of the user: when, from where, with what (a session of the console). */
export const signInView = z.object({
  /** YYYY-MM-DD HH:mm:ss, Asia/Shanghai */
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** This is the session the call came in. */
  current: z.boolean(),
  /** Still open (neither signed out nor expired). */
  active: z.boolean(),
});

/** GET /api/account/profile: the caller's own account. */
export const profileData = z.object({
  id: z.number().int(),
  /** The sign-in mobile; changing it is not offered here. */
  mobile: z.string(),
  username: z.string(),
  realName: z.string().nullable(),
  email: z.string().nullable(),
  contactPhone: z.string().nullable(),
  avatarUploadId: z.number().int().nullable(),
  /** Where an <img> loads the avatar (no session needed), or null. */
  avatarUrl: z.string().nullable(),
  roles: z.array(z.string()),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  division: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  passwordChangedAt: z.string().nullable(),
  recentSignIns: z.array(signInView),
});
export type ProfileData = z.infer<typeof profileData>;

/** PUT /api/account/profile: a field left out stays; null clears email, contact phone or avatar. */
export const profileSaveBody = z.object({
  realName: personNameSchema('姓名').optional(),
  email: z.union([z.literal('').transform(() => null), emailSchema]).nullish(),
  contactPhone: z.union([z.literal('').transform(() => null), contactPhoneSchema]).nullish(),
  avatarUploadId: idSchema('请选择头像图片').nullish(),
});
export type ProfileSaveBody = z.input<typeof profileSaveBody>;

/** GET /api/account/avatar/{userId}/{uploadId}: a user's current avatar. */
export const avatarParams = z.object({
  userId: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围'),
  uploadId: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围'),
});

// Divisions (部门)

export const divisionIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围') });

export const divisionNameSchema = z
  .string({ error: '请输入部门名称' })
  .trim()
  .min(1, '请输入部门名称')
  .max(50, '部门名称不能超过 50 个字');

/** POST /api/account/divisions, PUT /api/account/divisions/{id}: null parent = a top-level division. */
export const divisionSaveBody = z.object({
  name: divisionNameSchema,
  parentId: idSchema('请选择上级部门').nullish(),
  leaderId: idSchema('请选择负责人').nullish(),
});
export type DivisionSaveBody = z.input<typeof divisionSaveBody>;

const personRef = z.object({ id: z.number().int(), name: z.string() });

export const divisionView = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  leader: personRef.nullable(),
  memberCount: z.number().int(),
  members: z.array(personRef),
  createdAt: z.string(),
});
export type DivisionView = z.infer<typeof divisionView>;

/** GET /api/account/divisions: every division of the caller's organisation, parents before children. */
export const divisionListData = z.object({ list: z.array(divisionView) });

/** PUT /api/account/divisions/members/{id}: put a member into a division, or (null) take them out of any. */
export const divisionAssignBody = z.object({ divisionId: idSchema('请选择部门').nullable() });
export const divisionAssignData = z.object({
  userId: z.number().int(),
  division: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
