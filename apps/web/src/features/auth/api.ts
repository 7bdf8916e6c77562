import type { LoginData } from '@jcbb/contract';
import { http, type RequestOptions } from '../../lib/http.ts';
import type { SessionUser } from '../../lib/session.ts';

/** The auth calls of spec §7, one function each. */
export const authApi = {
  /** The sign-in page passes `{ silent: true }` and shows the failure on the form itself. */
  login: (mobile: string, password: string, options?: RequestOptions) =>
    http.post<LoginData>('/api/auth/login', { mobile, password }, options),
  viewer: () => http.get<SessionUser>('/api/user/viewer', {}, { silent: true }),
  userRole: () =>
    http.post<{ roles: { roleCode: string; roleName: string }[]; orgType: number | null }>(
      '/materials/UserInfoController/getUserRole',
      {},
      { silent: true },
    ),
  authorizedModules: (orgId: number) =>
    http.get<{ moduleCode: string; name: string; enName: string }[]>(
      '/api/app/authorized/org',
      { orgId },
      { silent: true },
    ),
  logout: (appCode = 'jcbb') => http.post<{ logout: true }>('/api/user/logout', { appCode }, { silent: true }),
  ssoInfo: (appCode: string) => http.get<{ ssoToken: string; expiresIn: number }>('/api/user/sso/info', { appCode }),
  verifyToken: (appCode: string, ssoToken: string) =>
    http.get<LoginData>('/api/user/token/verify', { appCode, ssoToken }, { silent: true, token: null }),
  /** Called with the token that stopped working (spec §8). */
  invalidDetails: (token: string | null) =>
    http.get<{ invalidIndex: 0 | 1 | 2 }>('/api/auth/token/invalid/details', {}, { silent: true, token }),
  changePassword: (oldPassword: string, newPassword: string, options?: RequestOptions) =>
    http.post<{ changed: true }>('/api/user/password', { oldPassword, newPassword }, options),
};
