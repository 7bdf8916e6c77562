import {
  authorizedOrgData,
  authorizedOrgQuery,
  changePasswordBody,
  changePasswordData,
  invalidDetailsData,
  loginBody,
  loginData,
  logoutBody,
  logoutData,
  ssoInfoData,
  ssoInfoQuery,
  tokenVerifyQuery,
  userRoleData,
  viewerData,
} from './auth.ts';
import { endpoint } from './endpoint.ts';

/** Sign-in, sessions, SSO and the signed-in user (spec §7 "Auth and user"). */
export const authEndpoints = {
  login: endpoint({ method: 'POST', path: '/api/auth/login', body: loginBody, response: loginData }),
  getTokenInvalidDetails: endpoint({
    method: 'GET',
    path: '/api/auth/token/invalid/details',
    response: invalidDetailsData,
  }),
  viewer: endpoint({ method: 'GET', path: '/api/user/viewer', response: viewerData }),
  getUserRole: endpoint({ method: 'POST', path: '/materials/UserInfoController/getUserRole', response: userRoleData }),
  logout: endpoint({ method: 'POST', path: '/api/user/logout', body: logoutBody, response: logoutData }),
  getAuthorizedOrg: endpoint({
    method: 'GET',
    path: '/api/app/authorized/org',
    query: authorizedOrgQuery,
    response: authorizedOrgData,
  }),
  getSsoInfo: endpoint({ method: 'GET', path: '/api/user/sso/info', query: ssoInfoQuery, response: ssoInfoData }),
  verifyToken: endpoint({
    method: 'GET',
    path: '/api/user/token/verify',
    query: tokenVerifyQuery,
    response: loginData,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/user/password',
    body: changePasswordBody,
    response: changePasswordData,
  }),
};
