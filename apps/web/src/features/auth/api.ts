import { call } from '../../lib/api.ts';
import type { RequestOptions } from '../../lib/http.ts';

/**
 * The auth endpoints load with the first auth call, not with the page: the router and the guard import this file,
 * so a static import would put zod and the auth schemas into the sign-in page's first load (its budget is 170 KB as
 * received; docs/performance.md). A signed-out visitor's sign-in page makes no auth call until the form is sent.
 */
const endpoints = () => import('@jcbb/contract/auth.endpoints').then((m) => m.authEndpoints);

/** The auth calls of spec §7, one function each. */
export const authApi = {
  /** Fetch the endpoints' code ahead of the first call (the sign-in form does while the user types). */
  prepare: async () => {
    await endpoints();
  },
  /** The sign-in page passes `{ silent: true }` and shows the failure on the form itself. */
  login: async (mobile: string, password: string, options?: RequestOptions) =>
    call((await endpoints()).login, { mobile, password }, options),
  viewer: async () => call((await endpoints()).viewer, {}, { silent: true }),
  userRole: async () => call((await endpoints()).getUserRole, {}, { silent: true }),
  authorizedModules: async (orgId: number) => call((await endpoints()).getAuthorizedOrg, { orgId }, { silent: true }),
  logout: async (appCode = 'jcbb') => call((await endpoints()).logout, { appCode }, { silent: true }),
  ssoInfo: async (appCode: string) => call((await endpoints()).getSsoInfo, { appCode }),
  verifyToken: async (appCode: string, ssoToken: string) =>
    call((await endpoints()).verifyToken, { appCode, ssoToken }, { silent: true, token: null }),
  /** Called with the token that stopped working (spec §8). */
  invalidDetails: async (token: string | null) =>
    call((await endpoints()).getTokenInvalidDetails, {}, { silent: true, token }),
  changePassword: async (oldPassword: string, newPassword: string, options?: RequestOptions) =>
    call((await endpoints()).changePassword, { oldPassword, newPassword }, options),
};
