/** Who is calling (shared by lib/route.ts, lib/audit.ts and every module; the auth module resolves it): resolved from the Bearer token once per request (cached briefly, see session-cache.ts). */
export interface SessionUser {
  userId: number;
  sessionId: number;
  appCode: string;
  mobile: string;
  username: string;
  realName: string | null;
  orgId: number | null;
  orgType: number | null;
  roles: string[];
}
