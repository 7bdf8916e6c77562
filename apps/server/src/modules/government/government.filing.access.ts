import { type FilingRole, OrgType } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { committeeCity } from '../listing/index.ts';
import * as repo from './government.filing.repository.ts';

/**
 * Who sees a project's filings, and as what (docs/government.md, "Filing: who does what"): its developer and the
 * construction units accepted on it file; an accepted supervision unit reads; the committee (住建委) of the
 * project's city returns, confirms and closes. Anyone else: 404, as if the filing did not exist.
 */

export const FILING_NOT_FOUND = '填报不存在';
export const PROJECT_NOT_FOUND = '项目不存在';

/** The organisation types the filing's calls serve (the platform operator uses the statistics). */
export const FILING_ORG_TYPES = [
  OrgType.DEVELOPER,
  OrgType.SUPERVISION,
  OrgType.CONSTRUCTION,
  OrgType.GOVERNMENT,
] as const;
/** Those on a project's side: the filers and the supervision unit (which reads; a change answers 403). */
export const PROJECT_SIDE_ORG_TYPES = [OrgType.DEVELOPER, OrgType.SUPERVISION, OrgType.CONSTRUCTION] as const;

/** The caller's role on a project's filings, or null. */
export async function roleOn(
  tx: Tx,
  user: SessionUser,
  project: Pick<repo.ProjectRowDb, 'id' | 'cityCode' | 'developerOrgId'>,
): Promise<FilingRole | null> {
  if (user.orgId === null) return null;
  if (user.orgType === OrgType.GOVERNMENT) {
    return (await committeeCity(tx, user)) === project.cityCode ? 'committee' : null;
  }
  if (user.orgId === project.developerOrgId && user.orgType === OrgType.DEVELOPER) return 'filer';
  const type = await repo.membershipType(tx, project.id, user.orgId);
  if (type === OrgType.CONSTRUCTION && user.orgType === OrgType.CONSTRUCTION) return 'filer';
  if (type === OrgType.SUPERVISION && user.orgType === OrgType.SUPERVISION) return 'reader';
  return null;
}

/** A filing the caller may see, its project and the caller's role; 404 otherwise (a committee never sees a draft). */
export async function visibleFiling(tx: Tx, user: SessionUser, id: number, lock = false) {
  const f = await repo.findFiling(tx, id, lock);
  const project = f ? await repo.projectById(tx, f.projectId) : undefined;
  const role = f && project ? await roleOn(tx, user, project) : null;
  if (!f || !project || !role || (role === 'committee' && f.status === 'draft')) throw notFound(FILING_NOT_FOUND);
  return { f, project, role };
}
