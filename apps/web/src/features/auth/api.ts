// The subpath, not the contract's index: the sign-in page and the console shell load this file.
import { authEndpoints as api } from '@jcbb/contract/auth.endpoints';
import { call } from '../../lib/api.ts';
import type { RequestOptions } from '../../lib/http.ts';

/** The auth calls of spec §7, one function each. */
export const authApi = {
  /** The sign-in page passes `{ silent: true }` and shows the failure on the form itself. */
  login: (mobile: string, password: string, options?: RequestOptions) => call(api.login, { mobile, password }, options),
  viewer: () => call(api.viewer, {}, { silent: true }),
  userRole: () => call(api.getUserRole, {}, { silent: true }),
  authorizedModules: (orgId: number) => call(api.getAuthorizedOrg, { orgId }, { silent: true }),
  logout: (appCode = 'jcbb') => call(api.logout, { appCode }, { silent: true }),
  ssoInfo: (appCode: string) => call(api.getSsoInfo, { appCode }),
  verifyToken: (appCode: string, ssoToken: string) =>
    call(api.verifyToken, { appCode, ssoToken }, { silent: true, token: null }),
  /** Called with the token that stopped working (spec §8). */
  invalidDetails: (token: string | null) => call(api.getTokenInvalidDetails, {}, { silent: true, token }),
  changePassword: (oldPassword: string, newPassword: string, options?: RequestOptions) =>
    call(api.changePassword, { oldPassword, newPassword }, options),
};
