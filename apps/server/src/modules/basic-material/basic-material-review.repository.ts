import { BasicMaterialStatus } from '@jcbb/contract';
import { and, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { basicMaterials, materialClassifications, organizations, users } from '../../db/schema/index.ts';
import { platformCodeCeiling } from '../../db/seed/basic-materials.ts';
import { SEED_LOCK } from '../../db/seed/reference.ts';
import { containsPattern } from '../../lib/like.ts';

const applicant = alias(users, 'applicant');
const decider = alias(users, 'decider');

const columns = {
  id: basicMaterials.id,
  code: basicMaterials.code,
  commonName: basicMaterials.commonName,
  classifyCode: basicMaterials.classifyCode,
  classifyName: materialClassifications.name,
  units: basicMaterials.units,
  status: basicMaterials.status,
  remark: basicMaterials.remark,
  orgId: basicMaterials.appliedByOrg,
  orgName: organizations.name,
  applicantId: applicant.id,
  applicantName: applicant.realName,
  applicantMobile: applicant.mobile,
  createdAt: basicMaterials.createdAt,
  rejectReason: basicMaterials.rejectReason,
  decidedAt: basicMaterials.decidedAt,
  deciderId: decider.id,
  deciderName: decider.realName,
};

/** Applications are the rows a manufacturer applied for; the platform's own (seeded) rows are not. */
const isApplication = isNotNull(basicMaterials.appliedByOrg);

function select(tx: Tx) {
  return tx
    .select(columns)
    .from(basicMaterials)
    .leftJoin(materialClassifications, eq(materialClassifications.code, basicMaterials.classifyCode))
    .leftJoin(organizations, eq(organizations.id, basicMaterials.appliedByOrg))
    .leftJoin(applicant, eq(applicant.id, basicMaterials.appliedByUser))
    .leftJoin(decider, eq(decider.id, basicMaterials.decidedBy));
}

export type ApplicationRow = Awaited<ReturnType<typeof findApplication>> & {};

export async function listApplications(
  tx: Tx,
  f: { take: number; skip: number; status?: number; commonName?: string },
) {
  const where = and(
    isApplication,
    f.status ? eq(basicMaterials.status, f.status) : undefined,
    f.commonName ? sql`${basicMaterials.commonName} ilike ${containsPattern(f.commonName)}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    select(tx)
      .where(where)
      .orderBy(desc(basicMaterials.createdAt), desc(basicMaterials.id))
      .limit(f.take)
      .offset(f.skip),
    tx.select({ n: count() }).from(basicMaterials).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findApplication(tx: Tx, id: number) {
  const [row] = await select(tx)
    .where(and(eq(basicMaterials.id, id), isApplication))
    .limit(1);
  return row;
}

/** Another live (approved or pending) entry of that name than `id`. */
export async function otherLiveName(tx: Tx, commonName: string, id: number) {
  const [row] = await tx
    .select({ id: basicMaterials.id })
    .from(basicMaterials)
    .where(
      and(
        eq(basicMaterials.commonName, commonName),
        ne(basicMaterials.id, id),
        sql`${basicMaterials.status} in (${BasicMaterialStatus.APPROVED}, ${BasicMaterialStatus.PENDING})`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The next code after the platform's and every code already given ("BM032", …), as a number. Takes the reference
 * seed's lock first, so two approvals, or an approval and a start-up seeding, never hand out the same code.
 */
export async function nextCodeNumber(tx: Tx): Promise<number> {
  await tx.execute(SEED_LOCK);
  const [row] = await tx
    .select({ n: sql<number | null>`max(substring(${basicMaterials.code} from 3)::integer)`.mapWith(Number) })
    .from(basicMaterials)
    .where(sql`${basicMaterials.code} ~ '^BM[0-9]{1,9}$'`);
  return Math.max(platformCodeCeiling(), row?.n ?? 0) + 1;
}

type Decision =
  | {
      status: typeof BasicMaterialStatus.APPROVED;
      code: string;
      commonName: string;
      classifyCode: string;
      units: { unitId: number; formats: string[] }[];
      decidedBy: number;
    }
  | { status: typeof BasicMaterialStatus.REJECTED; rejectReason: string; decidedBy: number };

/** Decide a pending application; undefined when it is no longer pending (decided meanwhile). */
export async function decide(tx: Tx, id: number, decision: Decision) {
  const [row] = await tx
    .update(basicMaterials)
    .set({ ...decision, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(basicMaterials.id, id), isApplication, eq(basicMaterials.status, BasicMaterialStatus.PENDING)))
    .returning({ id: basicMaterials.id });
  return row;
}
