import { ListingStatus } from '@jcbb/contract';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  demandStandardEditions,
  listings,
  lots,
  organizations,
  policyBatches,
  projectMembers,
  projectOrgs,
  projects,
  stockBalances,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';

/** SQL only (docs/architecture.md): every function runs in the caller's transaction. */

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectInsert = Omit<typeof projects.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type MembershipRow = typeof projectOrgs.$inferSelect;

const summaryColumns = {
  project: projects,
  regionName: administrativeDivisions.name,
  developerName: organizations.name,
};

function summaryQuery(tx: Tx) {
  return tx
    .select(summaryColumns)
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.developerOrgId))
    .leftJoin(administrativeDivisions, eq(administrativeDivisions.code, projects.regionCode));
}

export type ProjectSummaryRow = { project: ProjectRow; regionName: string | null; developerName: string };

export async function insertProject(tx: Tx, values: ProjectInsert): Promise<number> {
  const [row] = await tx.insert(projects).values(values).returning({ id: projects.id });
  return (row as { id: number }).id;
}

export async function updateProject(tx: Tx, id: number, values: Partial<ProjectInsert>): Promise<void> {
  await tx
    .update(projects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(projects.id, id));
}

/** A project with its region and developer names; `forUpdate` locks the row for a change. */
export async function projectById(tx: Tx, id: number, forUpdate = false): Promise<ProjectSummaryRow | null> {
  const q = summaryQuery(tx).where(eq(projects.id, id));
  const [row] = forUpdate ? await q.for('update', { of: projects }) : await q;
  return row ?? null;
}

export async function divisionOf(tx: Tx, code: string) {
  const [row] = await tx.select().from(administrativeDivisions).where(eq(administrativeDivisions.code, code));
  return row ?? null;
}

export async function policyNames(tx: Tx, batch: string | null, edition: string | null) {
  const [b] = batch ? await tx.select().from(policyBatches).where(eq(policyBatches.code, batch)) : [];
  const [e] = edition
    ? await tx.select().from(demandStandardEditions).where(eq(demandStandardEditions.code, edition))
    : [];
  return { batch: b ?? null, edition: e ?? null };
}

export async function policyOptions(tx: Tx) {
  const batches = await tx.select().from(policyBatches).orderBy(asc(policyBatches.sort));
  const editions = await tx.select().from(demandStandardEditions).orderBy(asc(demandStandardEditions.sort));
  return { batches, editions };
}

export async function codeTaken(tx: Tx, developerOrgId: number, code: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.developerOrgId, developerOrgId), eq(projects.code, code)));
  return rows.some((r) => r.id !== exceptId);
}

// ---- memberships ----

/**
 * An organisation's membership of a project. `lock`: 'update' holds the row against every other locker until the
 * transaction ends (the removal, before it asks the material modules); 'share' lets other sharers through but waits
 * for, and then sees, a removal in progress (a material module's write for the organisation on the project).
 */
export async function membershipOf(
  tx: Tx,
  projectId: number,
  orgId: number,
  lock?: 'update' | 'share',
): Promise<MembershipRow | null> {
  const q = tx
    .select()
    .from(projectOrgs)
    .where(and(eq(projectOrgs.projectId, projectId), eq(projectOrgs.orgId, orgId)));
  const [row] = lock ? await q.for(lock) : await q;
  return row ?? null;
}

export async function insertMembership(tx: Tx, values: Omit<typeof projectOrgs.$inferInsert, 'id'>): Promise<void> {
  await tx.insert(projectOrgs).values(values);
}

/** Move a membership, guarded on the state it was read in; answers whether it moved. */
export async function moveMembership(
  tx: Tx,
  id: number,
  from: number,
  set: { status: number; invitedBy?: number; invitedAt?: SQL; respondedAt?: SQL | null },
): Promise<boolean> {
  const rows = await tx
    .update(projectOrgs)
    .set(set)
    .where(and(eq(projectOrgs.id, id), eq(projectOrgs.status, from)))
    .returning({ id: projectOrgs.id });
  return rows.length === 1;
}

export interface UserProjectFilter {
  orgId: number;
  status: number;
  orgType?: number;
  name?: string;
  take: number;
  skip: number;
}

/** The projects where an organisation has a membership in `status`, newest first. */
export async function userProjects(tx: Tx, f: UserProjectFilter) {
  const where = and(
    eq(projectOrgs.orgId, f.orgId),
    eq(projectOrgs.status, f.status),
    f.orgType === undefined ? undefined : eq(projectOrgs.orgType, f.orgType),
    f.name ? ilike(projects.name, containsPattern(f.name)) : undefined,
  );
  const rows = await tx
    .select({ ...summaryColumns, membership: projectOrgs })
    .from(projectOrgs)
    .innerJoin(projects, eq(projects.id, projectOrgs.projectId))
    .innerJoin(organizations, eq(organizations.id, projects.developerOrgId))
    .leftJoin(administrativeDivisions, eq(administrativeDivisions.code, projects.regionCode))
    .where(where)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx
    .select({ n: count() })
    .from(projectOrgs)
    .innerJoin(projects, eq(projects.id, projectOrgs.projectId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function cityProjects(
  tx: Tx,
  f: { cityCode: string; name?: string; step?: number; take: number; skip: number },
) {
  const where = and(
    eq(projects.cityCode, f.cityCode),
    f.name ? ilike(projects.name, containsPattern(f.name)) : undefined,
    f.step === undefined ? undefined : eq(projects.step, f.step),
  );
  const rows = await summaryQuery(tx)
    .where(where)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(projects).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The cities whose projects an organisation may supply (docs/decisions.md, "Who may ship to a project"): where a
 * product it lists is listed (a manufacturer), or where a product it holds in usable stock is listed (a distributor,
 * whose stock came from makers; what its letters let it sell there is the distribution module's gate, line by line).
 */
function supplyCities(tx: Tx, orgId: number) {
  const held = tx
    .selectDistinct({ productId: lots.productId })
    .from(stockBalances)
    .innerJoin(lots, eq(lots.id, stockBalances.lotId))
    .where(
      and(
        eq(stockBalances.holderKey, `org:${orgId}`),
        eq(stockBalances.bucket, 'usable'),
        sql`${stockBalances.quantity} > 0`,
      ),
    );
  return tx
    .selectDistinct({ cityCode: listings.cityCode })
    .from(listings)
    .where(
      and(eq(listings.status, ListingStatus.LISTED), or(eq(listings.orgId, orgId), inArray(listings.productId, held))),
    );
}

/** Whether `orgId` may ship to projects in `cityCode` (`supplyCities`). */
export async function maySupplyCity(tx: Tx, orgId: number, cityCode: string): Promise<boolean> {
  const [row] = await tx
    .select({ cityCode: sql<string>`c.city_code` })
    .from(supplyCities(tx, orgId).as('c'))
    .where(sql`c.city_code = ${cityCode}`)
    .limit(1);
  return !!row;
}

/** Projects in the cities `orgId` may supply (`supplyCities`): where it may ship. */
export async function trackProjects(tx: Tx, f: { orgId: number; name?: string; take: number; skip: number }) {
  const cities = supplyCities(tx, f.orgId);
  const where = and(
    inArray(projects.cityCode, cities),
    f.name ? ilike(projects.name, containsPattern(f.name)) : undefined,
  );
  const rows = await summaryQuery(tx)
    .where(where)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(projects).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A project's memberships with the organisations' names, in the order they joined. */
export async function projectOrgRows(tx: Tx, projectId: number) {
  return tx
    .select({ membership: projectOrgs, orgName: organizations.name, creditCode: organizations.creditCode })
    .from(projectOrgs)
    .innerJoin(organizations, eq(organizations.id, projectOrgs.orgId))
    .where(eq(projectOrgs.projectId, projectId))
    .orderBy(asc(projectOrgs.orgType), asc(projectOrgs.id));
}

/** Organisations of the invitable types whose name or credit code contains the keyword. */
export async function searchOrgs(tx: Tx, keyword: string, types: readonly number[], projectId: number) {
  const pattern = containsPattern(keyword);
  return tx
    .select({
      orgId: organizations.id,
      orgName: organizations.name,
      orgType: organizations.type,
      creditCode: organizations.creditCode,
      status: projectOrgs.status,
    })
    .from(organizations)
    .leftJoin(projectOrgs, and(eq(projectOrgs.orgId, organizations.id), eq(projectOrgs.projectId, projectId)))
    .where(
      and(
        inArray(organizations.type, [...types]),
        or(ilike(organizations.name, pattern), ilike(organizations.creditCode, pattern)),
      ),
    )
    .orderBy(asc(organizations.name))
    .limit(20);
}

export async function orgById(tx: Tx, id: number) {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id));
  return row ?? null;
}

// ---- people ----

const personColumns = {
  userId: users.id,
  realName: users.realName,
  mobile: users.mobile,
  username: users.username,
};

/** A project's people (optionally of one organisation), leaders first. */
export async function membersOf(tx: Tx, projectId: number, orgId?: number) {
  return tx
    .select({ ...personColumns, orgId: projectMembers.orgId, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(eq(projectMembers.projectId, projectId), orgId === undefined ? undefined : eq(projectMembers.orgId, orgId)),
    )
    .orderBy(sql`${projectMembers.role} = 'leader' desc`, asc(projectMembers.id));
}

/** The leaders of one organisation on some projects. */
export async function leadersOf(tx: Tx, projectIds: number[], orgId: number) {
  if (projectIds.length === 0) return [];
  return tx
    .select({ ...personColumns, projectId: projectMembers.projectId })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(
        inArray(projectMembers.projectId, projectIds),
        eq(projectMembers.orgId, orgId),
        eq(projectMembers.role, 'leader'),
      ),
    );
}

/** One user's roles on some projects. */
export async function rolesOfUser(tx: Tx, projectIds: number[], userId: number) {
  if (projectIds.length === 0) return [];
  return tx
    .select({ projectId: projectMembers.projectId, role: projectMembers.role })
    .from(projectMembers)
    .where(and(inArray(projectMembers.projectId, projectIds), eq(projectMembers.userId, userId)));
}

export async function usersByIds(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, orgId: users.orgId, status: users.status })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The enabled users of an organisation with their platform roles. */
export async function orgUsers(tx: Tx, orgId: number) {
  const rows = await tx
    .select(personColumns)
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.status, 1)))
    .orderBy(asc(users.id));
  const roles =
    rows.length === 0
      ? []
      : await tx
          .select()
          .from(userRoles)
          .where(
            inArray(
              userRoles.userId,
              rows.map((r) => r.userId),
            ),
          );
  return rows.map((r) => ({ ...r, roles: roles.filter((x) => x.userId === r.userId).map((x) => x.role) }));
}

/** An organisation's enabled users not yet on the project. */
export async function candidates(tx: Tx, projectId: number, orgId: number) {
  const onProject = tx
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  return tx
    .select(personColumns)
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.status, 1), notInArray(users.id, onProject)))
    .orderBy(asc(users.id));
}

export async function insertMembers(tx: Tx, rows: Omit<typeof projectMembers.$inferInsert, 'id'>[]): Promise<void> {
  if (rows.length > 0) await tx.insert(projectMembers).values(rows);
}

export async function memberOf(tx: Tx, projectId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return row ?? null;
}

export async function setMemberRole(tx: Tx, id: number, role: string): Promise<void> {
  await tx.update(projectMembers).set({ role }).where(eq(projectMembers.id, id));
}

/** The organisation's current leader on the project steps down to member. */
export async function demoteLeader(tx: Tx, projectId: number, orgId: number): Promise<void> {
  await tx
    .update(projectMembers)
    .set({ role: 'member' })
    .where(
      and(eq(projectMembers.projectId, projectId), eq(projectMembers.orgId, orgId), eq(projectMembers.role, 'leader')),
    );
}

export async function deleteMember(tx: Tx, id: number): Promise<void> {
  await tx.delete(projectMembers).where(eq(projectMembers.id, id));
}

/** When an organisation leaves a project its people leave with it. */
export async function deleteOrgMembers(tx: Tx, projectId: number, orgId: number): Promise<void> {
  await tx.delete(projectMembers).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.orgId, orgId)));
}
