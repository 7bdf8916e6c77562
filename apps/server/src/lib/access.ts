import { forbidden, notFound } from './errors.ts';
import type { SessionUser } from './session-user.ts';

/**
 * Whose the call is (issue 23, item 1; docs/decisions.md, "One refusal for a caller without an organisation"). Two
 * answers, the same in every module:
 *
 * - a call that needs the caller's organisation, from a user who has none (the platform operator, a fresh account):
 *   **403 40300 您尚未加入企业** (`callerOrgId`);
 * - a row that is not the caller's organisation's, or does not exist: **404** with the row's own words (产品不存在…),
 *   so another organisation's ids cannot be told from unused ones (`ownRowOr404`, `isOwnOrg`).
 *
 * Routes that admit only some organisation types declare `orgTypes` (lib/route.ts), which refuses first; there this
 * only names the organisation.
 */
export const NO_ORGANISATION = '您尚未加入企业';

/** The caller's organisation id, or 403 您尚未加入企业 for a caller who has none. */
export function callerOrgId(user: Pick<SessionUser, 'orgId'>): number {
  if (user.orgId === null) throw forbidden(NO_ORGANISATION);
  return user.orgId;
}

/** Whether an organisation id is the caller's own (never for a caller without one). */
export const isOwnOrg = (user: Pick<SessionUser, 'orgId'>, orgId: number | null | undefined): boolean =>
  user.orgId !== null && orgId === user.orgId;

/** The row, if it exists and is the caller's organisation's; else 404 with `message` (the same for both). */
export function ownRowOr404<T extends { orgId: number | null }>(
  user: Pick<SessionUser, 'orgId'>,
  row: T | null | undefined,
  message: string,
): T {
  if (!row || !isOwnOrg(user, row.orgId)) throw notFound(message);
  return row;
}
