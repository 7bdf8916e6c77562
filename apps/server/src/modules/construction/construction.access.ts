import { OrgType, ProjectRole, WITNESS_ORG_TYPES } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { acceptedOrgTypes, projectPersonOf, requireVisibleProject } from '../project/index.ts';
import type { InspectionActor } from './construction.transitions.ts';

/**
 * Who may do what at a site (docs/construction.md, "Who does what"). Reading: the developer, the project's member
 * organisations and the city's committee; anyone else (and an invited organisation) gets 404. Writing: the caller's
 * organisation must have joined the project (404 otherwise) and be of the right kind (403 with the reason).
 */

const PROJECT_NOT_FOUND = '项目不存在';

/** The promise's value; a 404 it throws (the project) becomes a 404 in the record's own words. */
export async function orNotFound<T>(p: Promise<T>, message: string): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw notFound(message);
    throw e;
  }
}

export async function siteReader(tx: Tx, user: SessionUser, projectId: number) {
  const p = await requireVisibleProject(tx, user, projectId);
  if (p.access === 'invited') throw notFound(PROJECT_NOT_FOUND);
  return p;
}

/** The construction unit on the project (receiving, issuing, disposing). `inspector`: its inspector or leader. */
export async function contractorOn(tx: Tx, user: SessionUser, projectId: number, { inspector = false } = {}) {
  const p = await projectPersonOf(tx, user, projectId, { lock: true });
  if (p.membership.orgType !== OrgType.CONSTRUCTION) throw forbidden('只有本项目的施工单位可以办理');
  if (inspector && p.role !== ProjectRole.INSPECTOR && p.role !== ProjectRole.LEADER) {
    throw forbidden('只有本项目施工单位的质检员或负责人可以验收');
  }
  return p;
}

/** The supervising engineer: the supervision unit, or the developer where the project has none. */
export async function supervisorOn(tx: Tx, user: SessionUser, projectId: number) {
  const p = await projectPersonOf(tx, user, projectId, { lock: true });
  const type = p.membership.orgType;
  if (type === OrgType.SUPERVISION) return p;
  if (type === OrgType.DEVELOPER && !(await acceptedOrgTypes(tx, projectId)).includes(OrgType.SUPERVISION)) return p;
  throw forbidden('只有本项目的监理单位（无监理单位时为建设单位）可以确认');
}

/** A witness (见证人): a person of the developer or the supervision unit named witness or leader on the project. */
export async function witnessOn(tx: Tx, user: SessionUser, projectId: number) {
  const p = await projectPersonOf(tx, user, projectId, { lock: true });
  if (!WITNESS_ORG_TYPES.includes(p.membership.orgType as (typeof WITNESS_ORG_TYPES)[number])) {
    throw forbidden('只有建设单位或监理单位的见证人可以见证取样');
  }
  if (p.role !== ProjectRole.WITNESS && p.role !== ProjectRole.LEADER) {
    throw forbidden('只有本项目指定的见证人（或负责人）可以见证取样');
  }
  return p;
}

/** The caller's parts on the project, for a detail view's buttons (no refusal). */
export async function actorsOf(tx: Tx, user: SessionUser, projectId: number): Promise<InspectionActor[]> {
  const out: InspectionActor[] = [];
  for (const [actor, check] of [
    ['contractor', () => contractorOn(tx, user, projectId, { inspector: true })],
    ['supervisor', () => supervisorOn(tx, user, projectId)],
    ['witness', () => witnessOn(tx, user, projectId)],
  ] as const) {
    try {
      await check();
      out.push(actor);
    } catch (e) {
      if (!(e instanceof AppError)) throw e; // a refusal: not this part
    }
  }
  return out;
}
