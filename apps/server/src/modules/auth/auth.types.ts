/** The session user type lives in lib/ (shared code imports no module); the auth module re-exports it. */
export type { SessionUser } from '../../lib/session-user.ts';
