/**
 * The project module's public functions: the only ones other modules may import (docs/architecture.md). Each takes
 * the caller's transaction, so a later module's change and its project check commit together.
 *
 *   requireProjectMember(tx, user, projectId, { lock? })
 *                                              the project and the caller's organisation's accepted membership, or 404;
 *                                              lock: held FOR SHARE, for a write that names the organisation there
 *   requireVisibleProject(tx, user, projectId) the project and how the caller sees it (developer, member, invited,
 *                                              committee), or 404
 *   projectAccess(tx, user, project)           that answer without throwing (null = not visible)
 *   projectPersonOf(tx, user, projectId)       requireProjectMember, plus the caller's role as a person on it
 *   acceptedOrgTypes(tx, projectId)            the organisation types that have joined it
 *   hasAnyProject(tx, orgId, orgType?)         the 暂无项目 check on the server
 *   maySupplyCity(tx, orgId, cityCode)         may the organisation ship to the city's projects (a product it lists,
 *                                              or holds in usable stock, is listed there)
 *   MemberRemovalCheck                         the check each material module implements and app.ts passes to
 *                                              createProjectService({ removalChecks }): may an organisation leave a
 *                                              project (project.removal.ts; traceability's today)
 */
export type { MemberRemovalCheck } from './project.removal.ts';
export { registerProjectRoutes } from './project.routes.ts';
export {
  acceptedOrgTypes,
  createProjectService,
  hasAnyProject,
  maySupplyCity,
  type ProjectAccess,
  projectAccess,
  projectPersonOf,
  requireProjectMember,
  requireVisibleProject,
} from './project.service.ts';
