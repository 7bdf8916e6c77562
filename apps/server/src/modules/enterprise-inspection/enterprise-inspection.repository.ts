import { ListingStatus, ProductDocumentKind, SamplingResult } from '@jcbb/contract';
import { and, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  authorisations,
  certificates,
  inspectionRecords,
  listings,
  lots,
  organizations,
  productDocuments,
  productSamplings,
  productSpecs,
  products,
  witnessSamples,
} from '../../db/schema/index.ts';
import { shanghaiDay } from '../../lib/shanghai-day.ts';

/**
 * SQL of enterprise inspection, every function in the caller's transaction: the facts the health page is computed
 * from (read from the certificate, listing, distribution, sampling, construction and product tables; their state
 * rules stay in those modules and in the pure functions of enterprise-inspection.health.ts), who oversees whom, and
 * the inspection records.
 */

export type RecordRow = typeof inspectionRecords.$inferSelect;
export type NewRecord = typeof inspectionRecords.$inferInsert;

// ---- health facts ----

/** Certificates issued on the platform to the organisation, with their product's name. */
export async function certificateFacts(tx: Tx, orgId: number) {
  return tx
    .select({
      id: certificates.id,
      certNo: certificates.certNo,
      productName: products.name,
      validUntil: certificates.validUntil,
      revokedAt: certificates.revokedAt,
    })
    .from(certificates)
    .leftJoin(products, eq(products.id, certificates.productId))
    .where(eq(certificates.holderOrgId, orgId));
}

/** Green-building-material certificates the organisation uploaded to its products (not issued on the platform). */
export async function uploadedCertificateFacts(tx: Tx, orgId: number) {
  return tx
    .select({
      id: productDocuments.id,
      productId: products.id,
      productName: products.name,
      certNo: productDocuments.certNo,
      name: productDocuments.name,
      validUntil: productDocuments.validUntil,
    })
    .from(productDocuments)
    .innerJoin(products, eq(products.id, productDocuments.productId))
    .where(
      and(
        eq(products.orgId, orgId),
        eq(productDocuments.kind, ProductDocumentKind.GREEN_CERTIFICATE),
        isNull(productDocuments.certificateId),
        sql`${productDocuments.validUntil} is not null`,
      ),
    );
}

export async function listingFacts(tx: Tx, orgId: number) {
  return tx
    .select({
      id: listings.id,
      cityCode: listings.cityCode,
      status: listings.status,
      productName: listings.productName,
      greenValidUntil: listings.productGreenValidUntil,
    })
    .from(listings)
    .where(eq(listings.orgId, orgId));
}

/** The manufacturer's authorisations (not drafts), with the distributor's name. */
export async function authorisationFacts(tx: Tx, orgId: number) {
  return tx
    .select({
      id: authorisations.id,
      number: authorisations.number,
      status: authorisations.status,
      validUntil: authorisations.validUntil,
      distributorName: organizations.name,
    })
    .from(authorisations)
    .innerJoin(organizations, eq(organizations.id, authorisations.distributorOrgId))
    .where(and(eq(authorisations.makerOrgId, orgId), ne(authorisations.status, 'draft')));
}

/** The days of failed witness samplings of the organisation's lots (a site's laboratory report). */
export async function failedWitnessDays(tx: Tx, orgId: number): Promise<string[]> {
  const rows = await tx
    .select({ day: witnessSamples.sampledOn })
    .from(witnessSamples)
    .innerJoin(lots, eq(lots.id, witnessSamples.lotId))
    .where(and(eq(lots.orgId, orgId), eq(witnessSamples.result, 'fail')));
  return rows.map((r) => r.day);
}

/** The days (Asia/Shanghai) of failed spot checks of the organisation's products (its sampling results). */
export async function failedSpotCheckDays(tx: Tx, orgId: number): Promise<string[]> {
  const rows = await tx
    .select({ day: shanghaiDay(productSamplings.sampledAt) })
    .from(productSamplings)
    .where(and(eq(productSamplings.orgId, orgId), eq(productSamplings.result, SamplingResult.FAIL)));
  return rows.map((r) => r.day);
}

/** Each product: whether it has a certificate or test report, and how many specifications lack their mass. */
export async function productFacts(tx: Tx, orgId: number) {
  return tx
    .select({
      id: products.id,
      name: products.name,
      // The outer product is named in full: in a one-table select Drizzle writes its columns unqualified, which
      // inside these subqueries would read the inner table's id.
      hasEvidence: sql<boolean>`(exists (select 1 from ${productDocuments} d where d.product_id = "products"."id"
        and d.kind in (${ProductDocumentKind.GREEN_CERTIFICATE}, ${ProductDocumentKind.TEST_REPORT}))
        or exists (select 1 from ${certificates} c where c.product_id = "products"."id" and c.revoked_at is null))`,
      specsWithoutMass: sql<number>`(select count(*)::int from ${productSpecs} s
        where s.product_id = "products"."id" and s.mass_per_unit_kg is null)`,
    })
    .from(products)
    .where(eq(products.orgId, orgId));
}

// ---- oversight ----

/** Organisations holding a certificate the certification body issued. */
const heldFrom = (bodyOrgId: number) =>
  sql`${organizations.id} in (select holder_org_id from ${certificates} where issuer_org_id = ${bodyOrgId})`;

/** Organisations with a product listed, or applied for, in the city (any listing past its draft). */
const listedIn = (cityCode: string) =>
  sql`${organizations.id} in (select org_id from ${listings} where city_code = ${cityCode} and status <> ${ListingStatus.DRAFT})`;

export type Oversight = { bodyOrgId: number } | { cityCode: string };

const oversightSql = (o: Oversight): SQL => ('bodyOrgId' in o ? heldFrom(o.bodyOrgId) : listedIn(o.cityCode));

export async function overseen(tx: Tx, o: Oversight, orgId?: number) {
  return tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(oversightSql(o), orgId === undefined ? undefined : eq(organizations.id, orgId)))
    .orderBy(organizations.name);
}

export async function productsOf(tx: Tx, orgIds: number[]) {
  if (orgIds.length === 0) return [];
  return tx
    .select({ id: products.id, name: products.name, orgId: products.orgId })
    .from(products)
    .where(inArray(products.orgId, orgIds))
    .orderBy(products.id);
}

export async function orgNames(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- records ----

export async function insertRecord(tx: Tx, values: NewRecord): Promise<number> {
  const [row] = await tx.insert(inspectionRecords).values(values).returning({ id: inspectionRecords.id });
  return (row as { id: number }).id;
}

export async function findRecord(tx: Tx, id: number, lock = false): Promise<RecordRow | undefined> {
  const q = tx.select().from(inspectionRecords).where(eq(inspectionRecords.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateRecord(tx: Tx, id: number, values: Partial<NewRecord>): Promise<void> {
  await tx.update(inspectionRecords).set(values).where(eq(inspectionRecords.id, id));
}

export interface RecordFilter {
  /** Records about this organisation, or entered by this organisation (either matches). */
  subjectOrgId?: number;
  inspectorOrgId?: number;
  /** Narrowing by the caller's query. */
  onlySubjectOrgId?: number;
  state?: string;
}

function whereOf(f: RecordFilter): SQL | undefined {
  const whose = or(
    f.subjectOrgId === undefined ? undefined : eq(inspectionRecords.subjectOrgId, f.subjectOrgId),
    f.inspectorOrgId === undefined ? undefined : eq(inspectionRecords.inspectorOrgId, f.inspectorOrgId),
  );
  return and(
    whose ?? sql`false`,
    f.onlySubjectOrgId === undefined ? undefined : eq(inspectionRecords.subjectOrgId, f.onlySubjectOrgId),
    f.state === undefined ? undefined : eq(inspectionRecords.state, f.state),
  );
}

export async function listRecords(tx: Tx, f: RecordFilter, take: number, skip: number) {
  const where = whereOf(f);
  const rows = await tx
    .select()
    .from(inspectionRecords)
    .where(where)
    .orderBy(desc(inspectionRecords.inspectedOn), desc(inspectionRecords.id))
    .limit(take)
    .offset(skip);
  const [total] = await tx.select({ n: count() }).from(inspectionRecords).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The organisation's records awaiting rectification or its acceptance (health, calendar). */
export async function openRecordsOf(tx: Tx, orgId: number) {
  return tx
    .select()
    .from(inspectionRecords)
    .where(and(eq(inspectionRecords.subjectOrgId, orgId), inArray(inspectionRecords.state, ['open', 'submitted'])));
}

export async function productNames(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: products.id, name: products.name, orgId: products.orgId })
    .from(products)
    .where(inArray(products.id, ids));
}
