import {
  CertStatus,
  type CertStatusValue,
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
import { hashToken, newToken } from '../../lib/tokens.ts';
import * as repo from './auth.repository.ts';
import type { SessionUser } from './auth.types.ts';
import { SessionCache } from './session-cache.ts';

/** Sign-in throttling: failures allowed per window, per mobile and per address. */
export const LOGIN_LIMITS = { perMobile: 5, perAddress: 20, windowMs: 15 * 60_000 };
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
    cache.delete(ended);
    return { access_token: token, id: userId, roles };
  }

  async function throttled(mobile: string, ip: string): Promise<boolean> {
    const [byMobile, byAddress] = await Promise.all([kv.get(`login:m:${mobile}`), kv.get(`login:ip:${ip}`)]);
    return byMobile >= LOGIN_LIMITS.perMobile || byAddress >= LOGIN_LIMITS.perAddress;
  }

  async function recordFailure(mobile: string, ip: string) {
    await Promise.all([
      kv.increment(`login:m:${mobile}`, LOGIN_LIMITS.windowMs),
      kv.increment(`login:ip:${ip}`, LOGIN_LIMITS.windowMs),
    ]);
  }

  return {
    cache,

    async login(mobile: string, password: string, appCode: string, ip: string, userAgent: string | null) {
      if (await throttled(mobile, ip)) {
        throw new AppError(ResponseCode.TOO_MANY_ATTEMPTS, '登录失败次数过多，请 15 分钟后再试');
      }
      const user = await repo.findUserByMobile(db, mobile);
      // Spend the same time whether or not the mobile is known, so timing does not reveal accounts.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash(config.scryptCost)));
      if (!user || !ok) {
        await recordFailure(mobile, ip);
        throw invalidInput([{ field: 'password', message: '手机号或密码错误' }], '手机号或密码错误');
      }
      if (user.status === USER_DISABLED) throw forbidden('账号已停用，请联系企业管理员');
      await kv.delete(`login:m:${mobile}`);
      return openSession(user.id, appCode, ip, userAgent);
    },

    /** The caller of a Bearer token, or 10100 / 10101 (DESIGN.md §3). */
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
      cache.delete([tokenHash]);
      // `appCode` naming another app (a module opened by SSO) signs the user out of that app too.
      if (appCode !== user.appCode) {
        cache.delete(await repo.endSessions(db, user.userId, InvalidIndex.EXPIRED_OR_SIGNED_OUT, appCode));
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
      const me = await repo.findUserById(db, user.userId);
      if (!me || !(await verifyPassword(oldPassword, me.passwordHash))) {
        throw invalidInput([{ field: 'oldPassword', message: '原密码不正确' }]);
      }
      const hash = await hashPassword(newPassword, config.scryptCost);
      const ended = await db.transaction(async (tx) => {
        await repo.updatePassword(tx, user.userId, hash);
        return repo.endSessions(tx, user.userId, InvalidIndex.EXPIRED_OR_SIGNED_OUT, null, user.sessionId);
      });
      cache.delete(ended);
      return { changed: true as const };
    },

    /** Used by other modules after they change a user's password, status, roles or organisation. */
    async endAllSessions(userId: number, tx: Db = db) {
      cache.delete(await repo.endSessions(tx, userId, InvalidIndex.EXPIRED_OR_SIGNED_OUT, null));
      cache.deleteUser(userId);
    },

    forgetUser(userId: number) {
      cache.deleteUser(userId);
    },
  };
}
