import {
  CertStatus,
  type CertStatusValue,
  Channel,
  certStatusLabels,
  InvalidIndex,
  type LoginData,
  type ModuleCodeValue,
  moduleCodeValues,
  moduleLabels,
  type OrgTypeValue,
  orgTypeLabels,
  ResponseCode,
  Role,
  type ViewerData,
} from '@jcbb/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv-store.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { sendMessage } from '../message/index.ts';
import * as repo from './auth.repository.ts';
import { createLoginThrottle, LOGIN_LIMITS } from './login-throttle.ts';
import { SessionCache } from './session-cache.ts';

export { LOGIN_LIMITS };

/** The shared store's channel on which every process hears of sessions ended elsewhere. */
const SESSIONS_CHANNEL = 'sessions-ended';
export const FAILED_SIGN_IN_TITLE = '账号登录异常提醒';
const SSO_TOKEN_TTL_MS = 60_000;
const USER_DISABLED = 2;

interface Deps {
  db: Db;
  config: Config;
  kv: KvStore;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, config, kv }: Deps) {
  const cache = new SessionCache();
  const throttle = createLoginThrottle(kv);

  /**
   * Drop ended sessions from this process's cache at once, and from every other process's through the shared
   * store (docs/decisions.md, "Session cache"). Should the notice be lost, the other caches
   * still forget the session within the cache's 5 s.
   */
  async function forget(ended: { tokenHashes?: string[]; userId?: number }) {
    if (ended.tokenHashes) cache.delete(ended.tokenHashes);
    if (ended.userId !== undefined) cache.deleteUser(ended.userId);
    if (!ended.tokenHashes?.length && ended.userId === undefined) return;
    await kv.publish(SESSIONS_CHANNEL, JSON.stringify(ended)).catch(() => {});
  }

  function heard(message: string) {
    try {
      const ended = JSON.parse(message) as { tokenHashes?: unknown; userId?: unknown };
      if (Array.isArray(ended.tokenHashes)) cache.delete(ended.tokenHashes.filter((h) => typeof h === 'string'));
      if (typeof ended.userId === 'number') cache.deleteUser(ended.userId);
    } catch {
      // Not ours: ignored.
    }
  }

  /** Tell an account's owner that someone keeps failing to sign in as them (once per hour at most). */
  async function warnOwner(userId: number, ip: string) {
    await sendMessage(
      db,
      { userId },
      {
        channel: Channel.JCBB,
        title: FAILED_SIGN_IN_TITLE,
        content:
          `您的账号近期有多次密码错误的登录尝试（最近一次来自 ${ip}）。如果不是您本人操作，请尽快修改密码。` +
          '您本人在常用网络中使用正确的密码登录不受影响。',
      },
    ).catch(() => 0);
  }

  /** Open a session for a user and app, ending the user's earlier sessions of that app (reason 2). */
  async function openSession(
    userId: number,
    appCode: string,
    ip: string,
    userAgent: string | null,
  ): Promise<LoginData> {
    const token = newToken();
    const tokenHash = hashToken(token);
    const { ended, roles } = await db.transaction(async (tx) => {
      const ended = await repo.endSessions(tx, userId, InvalidIndex.SIGNED_IN_ELSEWHERE, appCode);
      await repo.insertSession(tx, {
        tokenHash,
        userId,
        appCode,
        expiresAt: new Date(Date.now() + config.sessionTtlMs),
        ip,
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      return { ended, roles: await repo.rolesOf(tx, userId) };
    });
    await forget({ tokenHashes: ended });
    return { access_token: token, id: userId, roles };
  }

  return {
    cache,

    /** Listen for sessions other processes end (called once by buildApp). */
    async start() {
      // A store that cannot be reached at start-up does not stop the server: the cache's 5 s bound remains.
      await kv.subscribe(SESSIONS_CHANNEL, heard).catch(() => {});
    },

    async login(mobile: string, password: string, appCode: string, ip: string, userAgent: string | null) {
      // Reserved before the slow hash, atomically: parallel guesses cannot all slip under the limit.
      const attempt = await throttle.reserve(mobile, ip);
      const user = await repo.findUserByMobile(db, mobile);
      // Spend the same time whether or not the mobile is known, so timing does not reveal accounts.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash(config.scryptCost)));
      if (!user || !ok) {
        if ((await attempt.failed()) && user) await warnOwner(user.id, ip);
        throw invalidInput([{ field: 'password', message: '手机号或密码错误' }], '手机号或密码错误');
      }
      await attempt.succeeded();
      if (user.status === USER_DISABLED) throw forbidden('账号已停用，请联系企业管理员');
      return openSession(user.id, appCode, ip, userAgent);
    },

    /** The caller of a Bearer token, or 10100 / 10101 (docs/design.md §3). */
    async resolveSession(token: string | null): Promise<SessionUser> {
      if (!token) throw new AppError(ResponseCode.NO_SESSION);
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      if (cached) return cached;
      const session = await repo.findSessionByHash(db, tokenHash);
      if (!session) throw new AppError(ResponseCode.NO_SESSION);
      if (session.endedAt) {
        throw new AppError(
          session.endReason === InvalidIndex.SIGNED_IN_ELSEWHERE
            ? ResponseCode.SIGNED_IN_ELSEWHERE
            : ResponseCode.NO_SESSION,
        );
      }
      if (session.expiresAt.getTime() <= Date.now()) throw new AppError(ResponseCode.NO_SESSION);
      const user = await repo.findUserById(db, session.userId);
      if (!user || user.status === USER_DISABLED) throw new AppError(ResponseCode.NO_SESSION);
      const [roles, org] = await Promise.all([
        repo.rolesOf(db, user.id),
        user.orgId ? repo.orgOf(db, user.orgId) : Promise.resolve(undefined),
      ]);
      const resolved: SessionUser = {
        userId: user.id,
        sessionId: session.id,
        appCode: session.appCode,
        mobile: user.mobile,
        username: user.username,
        realName: user.realName,
        orgId: user.orgId,
        orgType: org?.type ?? null,
        roles,
      };
      cache.set(tokenHash, resolved, session.expiresAt.getTime());
      return resolved;
    },

    /** Why a token no longer works: 2 after a sign-in elsewhere, 1 when expired, signed out or unknown. */
    async invalidDetails(token: string | null): Promise<0 | 1 | 2> {
      if (!token) return InvalidIndex.EXPIRED_OR_SIGNED_OUT;
      const session = await repo.findSessionByHash(db, hashToken(token));
      if (!session) return InvalidIndex.EXPIRED_OR_SIGNED_OUT;
      if (session.endedAt) {
        return session.endReason === InvalidIndex.SIGNED_IN_ELSEWHERE
          ? InvalidIndex.SIGNED_IN_ELSEWHERE
          : InvalidIndex.EXPIRED_OR_SIGNED_OUT;
      }
      return session.expiresAt.getTime() <= Date.now() ? InvalidIndex.EXPIRED_OR_SIGNED_OUT : 0;
    },

    async logout(user: SessionUser, token: string, appCode: string) {
      const tokenHash = hashToken(token);
      await repo.endSessionByHash(db, tokenHash, InvalidIndex.EXPIRED_OR_SIGNED_OUT);
      await forget({ tokenHashes: [tokenHash] });
      // `appCode` naming another app (a module opened by SSO) signs the user out of that app too.
      if (appCode !== user.appCode) {
        await forget({
          tokenHashes: await repo.endSessions(db, user.userId, InvalidIndex.EXPIRED_OR_SIGNED_OUT, appCode),
        });
      }
      return { logout: true as const };
    },

    async viewer(user: SessionUser): Promise<ViewerData> {
      const me = await repo.findUserById(db, user.userId);
      if (!me) throw new AppError(ResponseCode.NO_SESSION);
      const org = me.orgId ? await repo.orgOf(db, me.orgId) : undefined;
      const certStatus = (org?.certStatus ?? CertStatus.NONE) as CertStatusValue;
      return {
        id: me.id,
        username: me.username,
        realName: me.realName,
        mobile: me.mobile,
        headimgurl: me.headimgurl,
        roles: user.roles,
        org: org ? { name: org.name } : null,
        organization: org
          ? {
              id: org.id,
              type: org.type,
              type_enum: orgTypeLabels[org.type as OrgTypeValue]?.enum ?? 'UNKNOWN',
              status: certStatusLabels[certStatus],
              certStatus,
            }
          : null,
        companyId: org?.id ?? null,
      };
    },

    userRoles(user: SessionUser) {
      return { roles: user.roles.map((r) => ({ roleCode: r, roleName: r })), orgType: user.orgType };
    },

    /** Enabled console modules of an organisation: the caller's own, or any for the platform operator. */
    async authorizedModules(user: SessionUser, orgId: number) {
      if (orgId !== user.orgId && !user.roles.includes(Role.SUPER_ADMIN)) throw notFound('企业不存在');
      const org = await repo.orgOf(db, orgId);
      if (!org) throw notFound('企业不存在');
      const codes = await repo.enabledModulesOf(db, orgId);
      return codes
        .filter((c): c is ModuleCodeValue => (moduleCodeValues as string[]).includes(c))
        .map((c) => ({ moduleCode: c, name: moduleLabels[c].zh, enName: moduleLabels[c].en }));
    },

    /** Issue a one-time SSO token for an app the caller may open: the console itself or an enabled module. */
    async ssoInfo(user: SessionUser, appCode: string) {
      if (appCode !== config.appCode) {
        const enabled = user.orgId ? await repo.enabledModulesOf(db, user.orgId) : [];
        if (!enabled.includes(appCode)) throw forbidden('贵单位未开通该应用');
      }
      const token = newToken();
      await repo.insertSsoToken(db, {
        tokenHash: hashToken(token),
        userId: user.userId,
        appCode,
        expiresAt: new Date(Date.now() + SSO_TOKEN_TTL_MS),
      });
      return { ssoToken: token, expiresIn: SSO_TOKEN_TTL_MS / 1000 };
    },

    async verifySsoToken(appCode: string, ssoToken: string, ip: string, userAgent: string | null) {
      const spent = await repo.consumeSsoToken(db, hashToken(ssoToken), appCode);
      if (!spent) throw new AppError(ResponseCode.NO_SESSION, '登录凭证无效或已过期，请重新登录');
      const user = await repo.findUserById(db, spent.userId);
      if (!user || user.status === USER_DISABLED) throw new AppError(ResponseCode.NO_SESSION);
      return openSession(user.id, appCode, ip, userAgent);
    },

    /** Change one's password; every other session of the user ends (reason 1), this one stays. */
    async changePassword(user: SessionUser, oldPassword: string, newPassword: string) {
      // The old password is a guess like any sign-in: reserved before the hash, 5 per 15 minutes per user.
      const attempt = await throttle.reserveOldPassword(user.userId);
      const me = await repo.findUserById(db, user.userId);
      if (!me || !(await verifyPassword(oldPassword, me.passwordHash))) {
        throw invalidInput([{ field: 'oldPassword', message: '原密码不正确' }]);
      }
      await attempt.succeeded();
      const hash = await hashPassword(newPassword, config.scryptCost);
      const ended = await db.transaction(async (tx) => {
        await repo.updatePassword(tx, user.userId, hash);
        return repo.endSessions(tx, user.userId, InvalidIndex.EXPIRED_OR_SIGNED_OUT, null, user.sessionId);
      });
      await forget({ tokenHashes: ended });
      return { changed: true as const };
    },

    /** Used by other modules after they change a user's password, status, roles or organisation. */
    async endAllSessions(userId: number, tx: Db = db) {
      await forget({
        tokenHashes: await repo.endSessions(tx, userId, InvalidIndex.EXPIRED_OR_SIGNED_OUT, null),
        userId,
      });
    },

    forgetUser(userId: number) {
      cache.deleteUser(userId);
      void forget({ userId });
    },
  };
}
