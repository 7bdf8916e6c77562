import { CertificationStatus } from '@jcbb/contract';
import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { organizations, orgCertifications, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';

const submitter = alias(users, 'submitter');
const reviewer = alias(users, 'reviewer');

/** An application with its organisation, submitter and reviewer: what every view of one needs. */
const applicationColumns = {
  application: orgCertifications,
  orgName: organizations.name,
  orgType: organizations.type,
  orgCertStatus: organizations.certStatus,
  submitterId: submitter.id,
  submitterName: submitter.realName,
  submitterMobile: submitter.mobile,
  reviewerId: reviewer.id,
  reviewerName: reviewer.realName,
};

function selectApplications(tx: Tx) {
  return tx
    .select(applicationColumns)
    .from(orgCertifications)
    .innerJoin(organizations, eq(organizations.id, orgCertifications.orgId))
    .leftJoin(submitter, eq(submitter.id, orgCertifications.submittedBy))
    .leftJoin(reviewer, eq(reviewer.id, orgCertifications.reviewedBy));
}

export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

export async function insertApplication(tx: Tx, values: { orgId: number; submittedBy: number; details: unknown }) {
  const [row] = await tx
    .insert(orgCertifications)
    .values({ ...values, status: CertificationStatus.PENDING })
    .returning({ id: orgCertifications.id });
  return (row as { id: number }).id;
}

export async function findApplication(tx: Tx, id: number) {
  const [row] = await selectApplications(tx).where(eq(orgCertifications.id, id)).limit(1);
  return row;
}

export async function applicationsOfOrg(tx: Tx, orgId: number) {
  return selectApplications(tx)
    .where(eq(orgCertifications.orgId, orgId))
    .orderBy(desc(orgCertifications.createdAt), desc(orgCertifications.id));
}

export async function listApplications(
  tx: Tx,
  filter: { status: number | null; keyword?: string; take: number; skip: number },
) {
  const conditions: SQL[] = [];
  if (filter.status !== null) conditions.push(eq(orgCertifications.status, filter.status));
  if (filter.keyword) conditions.push(ilike(organizations.name, containsPattern(filter.keyword)));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    selectApplications(tx)
      .where(where)
      .orderBy(desc(orgCertifications.createdAt), desc(orgCertifications.id))
      .limit(filter.take)
      .offset(filter.skip),
    tx
      .select({ n: count() })
      .from(orgCertifications)
      .innerJoin(organizations, eq(organizations.id, orgCertifications.orgId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Decide a pending application; undefined when it is no longer pending (decided concurrently). */
export async function decideApplication(
  tx: Tx,
  id: number,
  decision: { status: number; reason: string | null; reviewedBy: number },
) {
  const [row] = await tx
    .update(orgCertifications)
    .set({ ...decision, reviewedAt: sql`now()` })
    .where(and(eq(orgCertifications.id, id), eq(orgCertifications.status, CertificationStatus.PENDING)))
    .returning({ id: orgCertifications.id, orgId: orgCertifications.orgId });
  return row;
}
