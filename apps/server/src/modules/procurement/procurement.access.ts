import { OrgType } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { requireProjectMember } from '../project/index.ts';

/** The organisation types that buy for a project (docs/procurement.md, "Who sees what"). */
export const BUYER_ORG_TYPES = [OrgType.DEVELOPER, OrgType.CONSTRUCTION] as const;
/** The organisation types that quote and take orders. */
export const SUPPLIER_ORG_TYPES = [OrgType.MANUFACTURER, OrgType.DISTRIBUTOR] as const;

export const PROJECT_NOT_FOUND = '项目不存在';

/**
 * The project, when the caller's organisation buys for it: its developer, or a construction unit that has joined it
 * (accepted membership). Anyone else, and a project that does not exist: 404 (the route's `orgTypes` refuses other
 * organisation types first). `lock` holds the membership FOR SHARE for a write that names the organisation there.
 */
export async function requireBuyerProject(tx: Tx, user: SessionUser, projectId: number, { lock = false } = {}) {
  if (user.orgType !== OrgType.DEVELOPER && user.orgType !== OrgType.CONSTRUCTION) throw notFound(PROJECT_NOT_FOUND);
  const row = await requireProjectMember(tx, user, projectId, { lock });
  return row.project;
}
