import { authEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { bearerToken } from '../../plugins/gateway.ts';
import type { AuthService } from './auth.service.ts';
import { ThrottledError } from './login-throttle.ts';

/** A throttled answer tells the client when to come back (RFC 9110 Retry-After, in seconds). */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

const tags = ['认证与用户 Auth'];

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, consoleAppCode: string) {
  defineRoute(app, api.login, {
    summary: '登录 Sign in with mobile and password',
    description:
      "Ends the user's earlier session of the same app (it then answers 10101). Password guesses are limited (429 42900 with Retry-After, docs/decisions.md): 5 failures per mobile and address, then that pair waits 15 min, doubling each time; beyond 10 failures a day a mobile's attempts are spaced by a growing delay (not from an address it signed in from before); 200 failures per address in 15 min.",
    tags,
    access: 'none',
    handler: ({ body, request, reply }) => {
      const appCode = String((request.body as { app_code?: unknown }).app_code ?? consoleAppCode);
      return withRetryAfter(reply, () =>
        auth.login(body.mobile, body.password, appCode, request.ip, request.headers['user-agent'] ?? null),
      );
    },
  });

  defineRoute(app, api.getTokenInvalidDetails, {
    summary: '登录失效原因 Why the Bearer token no longer works',
    description: 'invalidIndex 2: ended by a sign-in elsewhere; 1: expired, signed out or unknown; 0: still valid.',
    tags,
    access: 'none',
    handler: async ({ request }) => ({ invalidIndex: await auth.invalidDetails(bearerToken(request)) }),
  });

  defineRoute(app, api.viewer, {
    summary: '当前用户信息 The signed-in user',
    tags,
    handler: ({ user }) => auth.viewer(user),
  });

  defineRoute(app, api.getUserRole, {
    summary: '当前用户角色 Roles of the signed-in user',
    tags,
    handler: async ({ user }) => auth.userRoles(user),
  });

  defineRoute(app, api.logout, {
    summary: '退出登录 Sign out',
    tags,
    handler: ({ user, body, request }) => auth.logout(user, bearerToken(request) ?? '', body.appCode),
  });

  defineRoute(app, api.getAuthorizedOrg, {
    summary: '企业已开通应用 Modules enabled for an organisation',
    tags,
    handler: ({ user, query }) => auth.authorizedModules(user, query.orgId),
  });

  defineRoute(app, api.getSsoInfo, {
    summary: '单点登录凭证 Issue a one-time SSO token for an app',
    description: 'The token is valid for 60 s and once; exchange it with /api/user/token/verify.',
    tags,
    handler: ({ user, query }) => auth.ssoInfo(user, query.appCode),
  });

  defineRoute(app, api.verifyToken, {
    summary: '校验单点登录凭证 Exchange a one-time SSO token for a session',
    tags,
    access: 'none',
    handler: ({ query, request }) =>
      auth.verifySsoToken(query.appCode, query.ssoToken, request.ip, request.headers['user-agent'] ?? null),
  });

  defineRoute(app, api.changePassword, {
    summary: "修改密码 Change one's password",
    description:
      'Ends every other session of the user. 5 wrong old passwords per 15 min, then 429 42900 with Retry-After.',
    tags,
    handler: ({ user, body, reply }) =>
      withRetryAfter(reply, () => auth.changePassword(user, body.oldPassword, body.newPassword)),
  });
}
