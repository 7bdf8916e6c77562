import { MembershipStatus, OrgType, Role } from '@jcbb/contract';
import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  organizations,
  products,
  projectOrgs,
  projects,
  riskAlerts,
  riskRules,
  riskRuns,
  riskSubscriptions,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { shanghaiDay } from '../../lib/shanghai-day.ts';
import type { Finding } from './government.risk.finding.ts';

/** SQL of the risk rules, alerts, runs and subscriptions (docs/government.md, "Risk rules"), in the caller's tx. */

const USER_ENABLED = 1;

// ---- rules ----

export type ActiveRule = Pick<typeof riskRules.$inferSelect, 'code' | 'version' | 'name' | 'severity' | 'params'>;

export function activeRules(tx: Tx): Promise<ActiveRule[]> {
  return tx
    .select({
      code: riskRules.code,
      version: riskRules.version,
      name: riskRules.name,
      severity: riskRules.severity,
      params: riskRules.params,
    })
    .from(riskRules)
    .where(eq(riskRules.active, true))
    .orderBy(asc(riskRules.code));
}

export function allRules(tx: Tx) {
  return tx.select().from(riskRules).orderBy(asc(riskRules.code), desc(riskRules.version));
}

export async function ruleVersion(tx: Tx, code: string, version: number) {
  const [row] = await tx
    .select()
    .from(riskRules)
    .where(and(eq(riskRules.code, code), eq(riskRules.version, version)));
  return row;
}

// ---- the engine's writes ----

export interface KnownAlert {
  id: number;
  fingerprint: string;
  status: string;
  resolvedAt: Date | null;
}

/**
 * The alerts a run keeps in step, for its rules and scope: every alert not closed, and the closed ones whose finding
 * has not been found gone (they keep their fingerprint quiet).
 */
export function alertsInScope(
  tx: Tx,
  s: { cityCode?: string; projectId?: number; codes: string[] },
): Promise<KnownAlert[]> {
  if (s.codes.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: riskAlerts.id,
      fingerprint: riskAlerts.fingerprint,
      status: riskAlerts.status,
      resolvedAt: riskAlerts.resolvedAt,
    })
    .from(riskAlerts)
    .where(
      and(
        inArray(riskAlerts.ruleCode, s.codes),
        s.cityCode === undefined ? undefined : eq(riskAlerts.cityCode, s.cityCode),
        s.projectId === undefined ? undefined : eq(riskAlerts.projectId, s.projectId),
        or(ne(riskAlerts.status, 'closed'), isNull(riskAlerts.resolvedAt)),
      ),
    )
    .orderBy(asc(riskAlerts.id));
}

const findingColumns = (f: Finding) => ({
  subjectId: f.subjectId,
  subjectLabel: f.subjectLabel,
  evidence: f.evidence.map((e) => ({
    kind: e.kind,
    id: e.id,
    label: e.label,
    leafIndex: e.leafIndex ?? null,
    detail: e.detail ?? null,
  })),
  summary: f.summary,
});

/** A new alert, open; null when an alert not closed already holds the fingerprint (a concurrent run). */
export async function insertAlert(tx: Tx, f: Finding, rule: ActiveRule): Promise<number | null> {
  const rows = await tx
    .insert(riskAlerts)
    .values({
      ruleCode: rule.code,
      ruleVersion: rule.version,
      fingerprint: f.fingerprint,
      cityCode: f.cityCode,
      projectId: f.projectId ?? null,
      subjectKind: f.subjectKind,
      orgId: f.orgId ?? null,
      severity: rule.severity,
      ...findingColumns(f),
    })
    .onConflictDoNothing()
    .returning({ id: riskAlerts.id });
  return rows[0]?.id ?? null;
}

/** A finding seen again: when, and what it rests on now; found back after it had gone, no longer resolved. */
export async function touchAlert(tx: Tx, id: number, f: Finding): Promise<void> {
  await tx
    .update(riskAlerts)
    .set({ ...findingColumns(f), lastSeenAt: sql`now()`, resolvedAt: null })
    .where(eq(riskAlerts.id, id));
}

export async function markResolved(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(riskAlerts)
    .set({ resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(riskAlerts.id, ids), isNull(riskAlerts.resolvedAt)));
}

export async function insertRun(
  tx: Tx,
  r: { trigger: string; scope: string; startedAt: Date; opened: number; stillOpen: number; resolved: number },
): Promise<number> {
  const [row] = await tx
    .insert(riskRuns)
    .values({ ...r, finishedAt: new Date() })
    .returning({ id: riskRuns.id });
  return (row as { id: number }).id;
}

// ---- recipients ----

/** The enabled committee members (role 住建委) of the city's government organisations. */
export function committeeMembers(tx: Tx, cityCode: string) {
  return tx
    .selectDistinct({ userId: users.id, orgId: organizations.id })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(organizations.type, OrgType.GOVERNMENT),
        sql`substr(${organizations.regionCode}, 1, 4) || '00' = ${cityCode}`,
        eq(users.status, USER_ENABLED),
        eq(userRoles.role, Role.CITY_COMMITTEE),
      ),
    )
    .orderBy(asc(users.id));
}

/** Who follows a project, a supplier or products: user id → what they follow of these. */
export async function followersOf(
  tx: Tx,
  s: { projectId: number | null; supplierOrgId: number | null; productIds: number[] },
): Promise<Map<number, string>> {
  const conditions = [
    s.projectId === null
      ? undefined
      : and(eq(riskSubscriptions.subjectKind, 'project'), eq(riskSubscriptions.subjectId, s.projectId)),
    s.supplierOrgId === null
      ? undefined
      : and(eq(riskSubscriptions.subjectKind, 'supplier'), eq(riskSubscriptions.subjectId, s.supplierOrgId)),
    s.productIds.length === 0
      ? undefined
      : and(eq(riskSubscriptions.subjectKind, 'product'), inArray(riskSubscriptions.subjectId, s.productIds)),
  ].filter((c): c is SQL => c !== undefined);
  if (conditions.length === 0) return new Map();
  const rows = await tx
    .select({ userId: riskSubscriptions.userId, kind: riskSubscriptions.subjectKind })
    .from(riskSubscriptions)
    .where(or(...conditions))
    .orderBy(asc(riskSubscriptions.id));
  const out = new Map<number, string>();
  for (const r of rows) if (!out.has(r.userId)) out.set(r.userId, r.kind);
  return out;
}

export async function orgTypeOf(tx: Tx, orgId: number): Promise<{ type: number; name: string } | undefined> {
  const [row] = await tx
    .select({ type: organizations.type, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row;
}

// ---- reading alerts ----

/** Whose alerts a caller reads: every city's (the platform), one city's (its committee), or an organisation's. */
export type Viewer = { all: true } | { cityCode: string } | { orgId: number };

/** The projects an organisation has joined (its developer's own membership included). */
const joinedProjects = (orgId: number) =>
  sql`(select ${projectOrgs.projectId} from ${projectOrgs} where ${projectOrgs.orgId} = ${orgId} and ${projectOrgs.status} = ${MembershipStatus.ACCEPTED})`;

export function visibleTo(v: Viewer): SQL | undefined {
  if ('all' in v) return undefined;
  if ('cityCode' in v) return eq(riskAlerts.cityCode, v.cityCode);
  return or(eq(riskAlerts.orgId, v.orgId), sql`${riskAlerts.projectId} in ${joinedProjects(v.orgId)}`);
}

/** The alerts on what a user follows: its projects, suppliers (the organisation asked, or named) and products. */
export function followedBy(userId: number): SQL {
  const subjects = (kind: string) =>
    sql`(select ${riskSubscriptions.subjectId} from ${riskSubscriptions} where ${riskSubscriptions.userId} = ${userId} and ${riskSubscriptions.subjectKind} = ${kind})`;
  return sql`(${riskAlerts.projectId} in ${subjects('project')} or ${riskAlerts.orgId} in ${subjects('supplier')}
    or exists (select 1 from jsonb_array_elements(${riskAlerts.evidence}) e
      where e->>'kind' in ('product', 'organization') and (e->>'id') ~ '^[0-9]+$'
        and (((e->>'kind') = 'product' and (e->>'id')::int in ${subjects('product')})
          or ((e->>'kind') = 'organization' and (e->>'id')::int in ${subjects('supplier')}))))`;
}

export interface AlertFilter {
  status?: string;
  severity?: string;
  ruleCode?: string;
  projectId?: number;
  /** detected within [from, to] (Shanghai days). */
  from?: string;
  to?: string;
  awaitingOrgId?: number;
  followedBy?: number;
  includeClosed?: boolean;
}

function filterWhere(v: Viewer, f: AlertFilter, withSeverity = true): SQL | undefined {
  return and(
    visibleTo(v),
    f.status ? eq(riskAlerts.status, f.status) : f.includeClosed ? undefined : ne(riskAlerts.status, 'closed'),
    withSeverity && f.severity ? eq(riskAlerts.severity, f.severity) : undefined,
    f.ruleCode ? eq(riskAlerts.ruleCode, f.ruleCode) : undefined,
    f.projectId ? eq(riskAlerts.projectId, f.projectId) : undefined,
    f.from ? sql`${shanghaiDay(riskAlerts.detectedAt)} >= ${f.from}::date` : undefined,
    f.to ? sql`${shanghaiDay(riskAlerts.detectedAt)} <= ${f.to}::date` : undefined,
    f.awaitingOrgId === undefined
      ? undefined
      : and(eq(riskAlerts.orgId, f.awaitingOrgId), eq(riskAlerts.status, 'acknowledged')),
    f.followedBy === undefined ? undefined : followedBy(f.followedBy),
  );
}

const listColumns = {
  alert: riskAlerts,
  ruleName: riskRules.name,
  projectName: projects.name,
  orgName: organizations.name,
};

const listed = (tx: Tx) =>
  tx
    .select(listColumns)
    .from(riskAlerts)
    .leftJoin(riskRules, and(eq(riskRules.code, riskAlerts.ruleCode), eq(riskRules.version, riskAlerts.ruleVersion)))
    .leftJoin(projects, eq(projects.id, riskAlerts.projectId))
    .leftJoin(organizations, eq(organizations.id, riskAlerts.orgId));

export interface ListedAlert {
  alert: typeof riskAlerts.$inferSelect;
  ruleName: string | null;
  projectName: string | null;
  orgName: string | null;
}

export async function listAlerts(
  tx: Tx,
  v: Viewer,
  f: AlertFilter,
  take: number,
  skip: number,
): Promise<{ rows: ListedAlert[]; total: number; bySeverity: { severity: string; n: number }[] }> {
  const where = filterWhere(v, f);
  const rows = await listed(tx)
    .where(where)
    .orderBy(desc(riskAlerts.detectedAt), desc(riskAlerts.id))
    .limit(take)
    .offset(skip);
  const [total] = await tx.select({ n: sql<number>`count(*)::int` }).from(riskAlerts).where(where);
  const bySeverity = await tx
    .select({ severity: riskAlerts.severity, n: sql<number>`count(*)::int` })
    .from(riskAlerts)
    .where(and(filterWhere(v, { ...f, status: undefined, includeClosed: false }, false)))
    .groupBy(riskAlerts.severity);
  return { rows, total: total?.n ?? 0, bySeverity };
}

export async function findAlert(tx: Tx, id: number, lock = false): Promise<ListedAlert | undefined> {
  const q = listed(tx).where(eq(riskAlerts.id, id));
  const [row] = lock ? await q.for('update', { of: riskAlerts }) : await q;
  return row;
}

/** Is the alert on a project the organisation has joined? */
export async function onJoinedProject(tx: Tx, orgId: number, projectId: number | null): Promise<boolean> {
  if (projectId === null) return false;
  const [row] = await tx
    .select({ id: projectOrgs.id })
    .from(projectOrgs)
    .where(
      and(
        eq(projectOrgs.orgId, orgId),
        eq(projectOrgs.projectId, projectId),
        eq(projectOrgs.status, MembershipStatus.ACCEPTED),
      ),
    );
  return !!row;
}

export async function updateAlert(tx: Tx, id: number, set: PgUpdateSetSource<typeof riskAlerts>): Promise<void> {
  await tx
    .update(riskAlerts)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(riskAlerts.id, id));
}

export async function userNames(tx: Tx, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.realName, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name ?? r.username]));
}

// ---- subscriptions ----

export function subscriptionsOf(tx: Tx, userId: number) {
  return tx
    .select({
      sub: riskSubscriptions,
      projectName: projects.name,
      orgName: organizations.name,
      productName: products.name,
    })
    .from(riskSubscriptions)
    .leftJoin(projects, and(eq(riskSubscriptions.subjectKind, 'project'), eq(projects.id, riskSubscriptions.subjectId)))
    .leftJoin(
      organizations,
      and(eq(riskSubscriptions.subjectKind, 'supplier'), eq(organizations.id, riskSubscriptions.subjectId)),
    )
    .leftJoin(products, and(eq(riskSubscriptions.subjectKind, 'product'), eq(products.id, riskSubscriptions.subjectId)))
    .where(eq(riskSubscriptions.userId, userId))
    .orderBy(desc(riskSubscriptions.createdAt), desc(riskSubscriptions.id));
}

/** Alerts not closed on one subscription's subject, in the city. */
export async function openAlertsOn(tx: Tx, cityCode: string, kind: string, subjectId: number): Promise<number> {
  const on =
    kind === 'project'
      ? eq(riskAlerts.projectId, subjectId)
      : kind === 'supplier'
        ? sql`(${riskAlerts.orgId} = ${subjectId} or ${riskAlerts.evidence} @> ${JSON.stringify([{ kind: 'organization', id: String(subjectId) }])}::jsonb)`
        : sql`${riskAlerts.evidence} @> ${JSON.stringify([{ kind: 'product', id: String(subjectId) }])}::jsonb`;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(riskAlerts)
    .where(and(eq(riskAlerts.cityCode, cityCode), ne(riskAlerts.status, 'closed'), on));
  return row?.n ?? 0;
}

export async function insertSubscription(
  tx: Tx,
  s: { orgId: number; userId: number; subjectKind: string; subjectId: number },
): Promise<void> {
  await tx.insert(riskSubscriptions).values(s).onConflictDoNothing();
}

export async function deleteSubscription(tx: Tx, id: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(riskSubscriptions)
    .where(and(eq(riskSubscriptions.id, id), eq(riskSubscriptions.userId, userId)))
    .returning({ id: riskSubscriptions.id });
  return rows.length > 0;
}

export async function projectCity(tx: Tx, id: number) {
  const [row] = await tx
    .select({ cityCode: projects.cityCode, name: projects.name })
    .from(projects)
    .where(eq(projects.id, id));
  return row;
}

export async function productOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: products.id, orgId: products.orgId, name: products.name })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

/** Is the product listed (or in the city's audit) in the city? */
export async function productInCity(tx: Tx, productId: number, cityCode: string): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await tx.execute(
      sql`select 1 as one from product_listings where product_id = ${productId} and city_code = ${cityCode} and status in (2, 3) limit 1`,
    ),
  );
  return rows.length > 0;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function orgRegion(tx: Tx, orgId: number): Promise<string | null> {
  const [row] = await tx
    .select({ regionCode: organizations.regionCode })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.regionCode ?? null;
}
