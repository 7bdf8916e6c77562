import { ApplicationStatus, CertStatus, OrgType } from '@jcbb/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  certificateApplications,
  certificates,
  ledgerRecords,
  organizations,
  productDocuments,
  products,
  uploads,
} from '../../db/schema/index.ts';
import { auditRows as readAudit } from '../../lib/audit.ts';
import { containsPattern } from '../../lib/like.ts';

export async function findOrg(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      certStatus: organizations.certStatus,
    })
    .from(organizations)
    .where(eq(organizations.id, id))
    .limit(1);
  return row;
}

export async function findProduct(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: products.id, orgId: products.orgId, name: products.name })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

/** Products an organisation may apply for, by name (`keyword`), at most `limit`, newest first. */
export type ApplicableProducts = { kind: 'own' } | { kind: 'evidence' };

/**
 * A manufacturer's own products; a distributor's products it has evidence for: named by one of its own ledger
 * records, or by any organisation's record of a file the distributor has on record too (the same SHA-256, e.g. the
 * manufacturer's test report it keeps). docs/decisions.md, "A distributor's certificate applications".
 */
function applicableCondition(orgId: number, scope: ApplicableProducts): SQL {
  if (scope.kind === 'own') return eq(products.orgId, orgId);
  return sql`${products.id} in (
    select r.product_id from ${ledgerRecords} r where r.org_id = ${orgId} and r.product_id is not null
    union
    select other.product_id from ${ledgerRecords} own
      join ${uploads} ou on ou.id = own.upload_id
      join ${uploads} tu on tu.sha256 = ou.sha256
      join ${ledgerRecords} other on other.upload_id = tu.id
    where own.org_id = ${orgId} and other.product_id is not null
  )`;
}

export async function applicableProducts(
  tx: Tx,
  orgId: number,
  scope: ApplicableProducts,
  keyword: string | undefined,
  limit: number,
) {
  const conditions = [applicableCondition(orgId, scope)];
  if (keyword) conditions.push(ilike(products.name, containsPattern(keyword)));
  return tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(...conditions))
    .orderBy(desc(products.id))
    .limit(limit);
}

export async function isApplicableProduct(tx: Tx, orgId: number, scope: ApplicableProducts, productId: number) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), applicableCondition(orgId, scope)))
    .limit(1);
  return row !== undefined;
}

/** The organisation's own uploads among `ids` (others are simply not returned). */
export async function uploadsOfOrg(tx: Tx, ids: readonly number[], orgId: number) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: uploads.id, name: uploads.name })
    .from(uploads)
    .where(and(inArray(uploads.id, [...ids]), eq(uploads.orgId, orgId)));
}

/** Certified certification bodies (organisation type 8), by name. */
export async function certificationBodies(tx: Tx) {
  return tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.type, OrgType.CERTIFICATION_BODY), eq(organizations.certStatus, CertStatus.CERTIFIED)))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

// Applications

const applicant = alias(organizations, 'applicant');
const body = alias(organizations, 'body');

const applicationColumns = {
  application: certificateApplications,
  applicantName: applicant.name,
  productName: products.name,
  bodyName: body.name,
};

function selectApplications(tx: Tx) {
  return tx
    .select(applicationColumns)
    .from(certificateApplications)
    .innerJoin(applicant, eq(applicant.id, certificateApplications.applicantOrgId))
    .innerJoin(products, eq(products.id, certificateApplications.productId))
    .leftJoin(body, eq(body.id, certificateApplications.bodyOrgId));
}

export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

export async function findApplication(tx: Tx, id: number) {
  const [row] = await selectApplications(tx).where(eq(certificateApplications.id, id)).limit(1);
  return row;
}

export async function insertApplication(tx: Tx, values: typeof certificateApplications.$inferInsert) {
  const [row] = await tx.insert(certificateApplications).values(values).returning({ id: certificateApplications.id });
  return (row as { id: number }).id;
}

/**
 * The evidence files of applications, for the evidence reader's queue (docs/evidence-reading.md, "The queue"): of
 * drafts too, so the applicant sees the findings before submitting, as a manufacturer sees its product's; not of
 * withdrawn applications, which nobody decides.
 */
export const certificateReadingUploads: SQL = sql`
  select e.value::int from ${certificateApplications} a, jsonb_array_elements_text(a.evidence_upload_ids) e
  where a.status <> ${sql.raw(String(ApplicationStatus.WITHDRAWN))}`;

/** Update an application only while it is still in `fromStatus`; undefined when it moved on concurrently. */
export async function updateApplication(
  tx: Tx,
  id: number,
  fromStatus: number,
  values: Partial<typeof certificateApplications.$inferInsert>,
) {
  const [row] = await tx
    .update(certificateApplications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(certificateApplications.id, id), eq(certificateApplications.status, fromStatus)))
    .returning({ id: certificateApplications.id });
  return row;
}

export async function listApplications(
  tx: Tx,
  filter: {
    applicantOrgId?: number;
    bodyOrgId?: number;
    /** Statuses to include; empty: all. */
    statuses: number[];
    type?: number;
    keyword?: string;
    take: number;
    skip: number;
  },
) {
  const conditions: SQL[] = [];
  if (filter.applicantOrgId !== undefined)
    conditions.push(eq(certificateApplications.applicantOrgId, filter.applicantOrgId));
  if (filter.bodyOrgId !== undefined) conditions.push(eq(certificateApplications.bodyOrgId, filter.bodyOrgId));
  if (filter.statuses.length > 0) conditions.push(inArray(certificateApplications.status, filter.statuses));
  if (filter.type !== undefined) conditions.push(eq(certificateApplications.type, filter.type));
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    conditions.push(or(ilike(products.name, pattern), ilike(applicant.name, pattern)) as SQL);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectApplications(tx)
      .where(where)
      .orderBy(desc(certificateApplications.updatedAt), desc(certificateApplications.id))
      .limit(filter.take)
      .offset(filter.skip),
    tx
      .select({ n: count() })
      .from(certificateApplications)
      .innerJoin(applicant, eq(applicant.id, certificateApplications.applicantOrgId))
      .innerJoin(products, eq(products.id, certificateApplications.productId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// Certificates

const holder = alias(organizations, 'holder');
const issuer = alias(organizations, 'issuer');

const certificateColumns = {
  certificate: certificates,
  holderName: holder.name,
  issuerName: issuer.name,
  productName: products.name,
};

function selectCertificates(tx: Tx) {
  return tx
    .select(certificateColumns)
    .from(certificates)
    .innerJoin(holder, eq(holder.id, certificates.holderOrgId))
    .innerJoin(issuer, eq(issuer.id, certificates.issuerOrgId))
    .innerJoin(products, eq(products.id, certificates.productId));
}

export type CertificateRow = NonNullable<Awaited<ReturnType<typeof findCertificate>>>;

export async function findCertificate(tx: Tx, id: number) {
  const [row] = await selectCertificates(tx).where(eq(certificates.id, id)).limit(1);
  return row;
}

/** By certificate number (as stored: upper case) or by public id. */
export async function findCertificateByNoOrPublicId(tx: Tx, key: { no?: string; publicId?: string }) {
  const conditions: SQL[] = [];
  if (key.no) conditions.push(eq(certificates.certNo, key.no.toUpperCase()));
  if (key.publicId) conditions.push(eq(certificates.publicId, key.publicId));
  if (conditions.length === 0) return undefined;
  const [row] = await selectCertificates(tx)
    .where(or(...conditions))
    .limit(1);
  return row;
}

export async function certNoTaken(tx: Tx, certNo: string) {
  const [row] = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(eq(certificates.certNo, certNo))
    .limit(1);
  return row !== undefined;
}

export async function insertCertificate(tx: Tx, values: typeof certificates.$inferInsert) {
  const [row] = await tx.insert(certificates).values(values).returning({ id: certificates.id });
  return (row as { id: number }).id;
}

export async function updateCertificate(tx: Tx, id: number, values: Partial<typeof certificates.$inferInsert>) {
  await tx.update(certificates).set(values).where(eq(certificates.id, id));
}

/** Revoke a certificate that is not yet revoked; undefined when it already was (concurrently). */
export async function markRevoked(
  tx: Tx,
  id: number,
  values: { revokedBy: number; revokeReason: string; revokedAt: Date },
) {
  const [row] = await tx
    .update(certificates)
    .set(values)
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  return row;
}

export async function listCertificates(
  tx: Tx,
  filter: {
    holderOrgId?: number;
    issuerOrgId?: number;
    state?: 'valid' | 'expired' | 'revoked';
    /** Today in Asia/Shanghai, YYYY-MM-DD: decides valid and expired. */
    today: string;
    keyword?: string;
    take: number;
    skip: number;
  },
) {
  const conditions: SQL[] = [];
  if (filter.holderOrgId !== undefined) conditions.push(eq(certificates.holderOrgId, filter.holderOrgId));
  if (filter.issuerOrgId !== undefined) conditions.push(eq(certificates.issuerOrgId, filter.issuerOrgId));
  if (filter.state === 'revoked') conditions.push(isNotNull(certificates.revokedAt));
  if (filter.state === 'valid') {
    conditions.push(isNull(certificates.revokedAt), gte(certificates.validUntil, filter.today));
  }
  if (filter.state === 'expired')
    conditions.push(isNull(certificates.revokedAt), lt(certificates.validUntil, filter.today));
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    conditions.push(
      or(ilike(certificates.certNo, pattern), ilike(products.name, pattern), ilike(holder.name, pattern)) as SQL,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectCertificates(tx)
      .where(where)
      .orderBy(desc(certificates.issuedAt), desc(certificates.id))
      .limit(filter.take)
      .offset(filter.skip),
    tx
      .select({ n: count() })
      .from(certificates)
      .innerJoin(holder, eq(holder.id, certificates.holderOrgId))
      .innerJoin(products, eq(products.id, certificates.productId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// The product's document that carries a certificate to its green tag

export async function insertProductDocument(tx: Tx, values: typeof productDocuments.$inferInsert) {
  const [row] = await tx.insert(productDocuments).values(values).returning({ id: productDocuments.id });
  return (row as { id: number }).id;
}

export async function deleteProductDocumentsOfCertificate(tx: Tx, certificateId: number) {
  await tx.delete(productDocuments).where(eq(productDocuments.certificateId, certificateId));
}

// Audit log

export async function auditHistory(tx: Tx, entity: 'certificate_application' | 'certificate', entityId: string) {
  const rows = await readAudit(tx, { entity, entityId });
  return rows.map(({ log, actorName }) => ({
    action: log.action,
    fromState: log.fromState,
    toState: log.toState,
    reason: log.reason,
    actorName,
    createdAt: log.createdAt,
    detail: log.detail,
  }));
}
