import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  accountEndpoints,
  fillPath,
  type ProfileData,
  type profileSaveBody,
  ResponseCode,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import type { AuthService } from '../auth/index.ts';
import { type FileService, ownedUploads, storedUpload } from '../file/index.ts';
import * as repo from './account.repository.ts';

type SaveBody = z.output<typeof profileSaveBody>;

/** How many sign-ins the profile lists. */
const RECENT_SIGN_INS = 5;

/** Where an <img> loads a user's avatar: the avatar endpoint's path (no session needed). */
export const avatarUrl = (userId: number, uploadId: number) =>
  fillPath(accountEndpoints.avatar.path, { userId, uploadId });

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * The signed-in user's own profile (docs/account.md): only ever the caller's, so no id is taken. The name lives on
 * the account (users.real_name, what every list shows); e-mail, contact phone and avatar in user_profiles. The
 * sign-in mobile is shown, not changed here.
 */
export function createAccountService({ db, files, auth }: { db: Db; files: FileService; auth: AuthService }) {
  async function view(tx: Tx, user: SessionUser): Promise<ProfileData> {
    const row = await repo.findProfile(tx, user.userId);
    if (!row) throw new AppError(ResponseCode.NO_SESSION);
    const signIns = await repo.recentSessions(tx, user.userId, RECENT_SIGN_INS);
    const now = Date.now();
    return {
      id: row.id,
      mobile: row.mobile,
      username: row.username,
      realName: row.realName,
      email: row.email,
      contactPhone: row.contactPhone,
      avatarUploadId: row.avatarUploadId,
      avatarUrl: row.avatarUploadId === null ? null : avatarUrl(row.id, row.avatarUploadId),
      roles: user.roles,
      organization: row.orgId !== null && row.orgName !== null ? { id: row.orgId, name: row.orgName } : null,
      division:
        row.divisionId !== null && row.divisionName !== null ? { id: row.divisionId, name: row.divisionName } : null,
      createdAt: formatShanghaiTime(row.createdAt),
      passwordChangedAt: row.passwordChangedAt ? formatShanghaiTime(row.passwordChangedAt) : null,
      recentSignIns: signIns.map((s) => ({
        at: formatShanghaiTime(s.createdAt),
        ip: s.ip,
        userAgent: s.userAgent,
        current: s.id === user.sessionId,
        active: s.endedAt === null && s.expiresAt.getTime() > now,
      })),
    };
  }

  /** The avatar chosen must be an image the caller uploaded (their organisation's, or their own), small enough. */
  async function checkAvatar(tx: Tx, user: SessionUser, uploadId: number) {
    const owned = await ownedUploads(tx, [uploadId], user.orgId, user.userId);
    const file = owned.has(uploadId) ? await storedUpload(tx, uploadId) : null;
    const field = 'avatarUploadId';
    if (!file) throw invalidInput([{ field, message: '头像图片不存在，请重新上传' }]);
    if (!AVATAR_MIME_TYPES.includes(file.mime))
      throw invalidInput([{ field, message: '头像只能是 PNG、JPG、GIF 或 WEBP 图片' }]);
    if (file.size > AVATAR_MAX_BYTES) throw invalidInput([{ field, message: '头像图片不能超过 2 MB' }]);
  }

  return {
    profile(user: SessionUser) {
      return view(db, user);
    },

    async save(user: SessionUser, body: SaveBody) {
      const result = await db.transaction(async (tx) => {
        if (body.avatarUploadId) await checkAvatar(tx, user, body.avatarUploadId);
        const changed: string[] = [];
        if (body.realName !== undefined) {
          await repo.setRealName(tx, user.userId, body.realName);
          changed.push('realName');
        }
        const profile: { email?: string | null; contactPhone?: string | null; avatarUploadId?: number | null } = {};
        if (body.email !== undefined) profile.email = body.email;
        if (body.contactPhone !== undefined) profile.contactPhone = body.contactPhone;
        if (body.avatarUploadId !== undefined) {
          profile.avatarUploadId = body.avatarUploadId;
          await repo.setHeadimgurl(
            tx,
            user.userId,
            body.avatarUploadId === null ? null : avatarUrl(user.userId, body.avatarUploadId),
          );
        }
        if (Object.keys(profile).length > 0) {
          await repo.upsertProfile(tx, user.userId, profile);
          changed.push(...Object.keys(profile));
        }
        if (changed.length > 0) {
          await recordAudit(tx, {
            entity: 'user_profile',
            entityId: user.userId,
            actor: user,
            action: 'update',
            data: { fields: changed },
          });
        }
        return view(tx, user);
      });
      // The session cache holds the name the audit trail and messages write.
      if (body.realName !== undefined) auth.forgetUser(user.userId);
      return result;
    },

    /** A user's current avatar image, to anyone who knows both ids; any other pair answers 404. */
    async avatar(userId: number, uploadId: number) {
      const current = await repo.avatarUploadOf(db, userId);
      if (current !== uploadId) throw notFound('头像不存在');
      const file = await storedUpload(db, uploadId);
      if (!file) throw notFound('头像不存在');
      return file;
    },

    open: (sha256: string) => files.open(sha256),
  };
}
