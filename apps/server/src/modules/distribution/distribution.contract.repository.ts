import { MembershipStatus, OrgType } from '@jcbb/contract';
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  organizations,
  productSpecs,
  products,
  projectOrgs,
  projects,
  salesContractLines,
  salesContractShipments,
  salesContracts,
  shipments,
  uploads,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';

/** SQL of the sales contracts (docs/distribution.md, "Sales contracts"); every function takes its transaction. */

export type ContractRow = typeof salesContracts.$inferSelect;
export type ContractInsert = typeof salesContracts.$inferInsert;
export type LineInsert = Omit<typeof salesContractLines.$inferInsert, 'contractId'>;
const sellers = alias(organizations, 'sellers');

export async function findContract(tx: Tx | Db, id: number, lock = false): Promise<ContractRow | undefined> {
  const q = tx.select().from(salesContracts).where(eq(salesContracts.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertContract(tx: Tx, values: ContractInsert): Promise<number> {
  const [row] = await tx.insert(salesContracts).values(values).returning({ id: salesContracts.id });
  return (row as { id: number }).id;
}

export async function updateContract(tx: Tx, id: number, values: Partial<ContractInsert>): Promise<void> {
  await tx
    .update(salesContracts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(salesContracts.id, id));
}

export async function replaceLines(tx: Tx, contractId: number, lines: readonly LineInsert[]): Promise<void> {
  await tx.delete(salesContractLines).where(eq(salesContractLines.contractId, contractId));
  await tx.insert(salesContractLines).values(lines.map((l) => ({ ...l, contractId })));
}

export async function linesOf(tx: Tx | Db, contractId: number, lock = false) {
  const q = tx
    .select({
      l: salesContractLines,
      productName: products.name,
      specName: productSpecs.name,
      specModel: productSpecs.model,
    })
    .from(salesContractLines)
    .innerJoin(products, eq(products.id, salesContractLines.productId))
    .innerJoin(productSpecs, eq(productSpecs.id, salesContractLines.specId))
    .where(eq(salesContractLines.contractId, contractId))
    .orderBy(asc(salesContractLines.lineNo));
  return lock ? q.for('update', { of: salesContractLines }) : q;
}

/** Specifications by id with their product (a contract line names a specification; its product follows). */
export async function specsByIds(tx: Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { productId: number }>();
  const rows = await tx
    .select({ id: productSpecs.id, productId: productSpecs.productId })
    .from(productSpecs)
    .where(inArray(productSpecs.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function orgById(tx: Tx | Db, id: number) {
  const [row] = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      creditCode: organizations.creditCode,
    })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row;
}

/** Whether a contract past its draft names the organisation as buyer on the project (the project's removal rule). */
export async function namesBuyerOnProject(tx: Tx, projectId: number, orgId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: salesContracts.id })
    .from(salesContracts)
    .where(
      and(
        eq(salesContracts.projectId, projectId),
        eq(salesContracts.buyerOrgId, orgId),
        ne(salesContracts.status, 'draft'),
      ),
    )
    .limit(1);
  return !!row;
}

export async function uploadOf(tx: Tx | Db, id: number) {
  const [row] = await tx
    .select({ id: uploads.id, name: uploads.name, sha256: uploads.sha256, orgId: uploads.orgId })
    .from(uploads)
    .where(eq(uploads.id, id));
  return row;
}

/** The project, if the organisation has accepted a place on it (a developer is its first member). */
export async function projectOfMember(tx: Tx | Db, projectId: number, orgId: number) {
  const [row] = await tx
    .select({ id: projects.id, name: projects.name, regionCode: projects.regionCode })
    .from(projects)
    .innerJoin(projectOrgs, eq(projectOrgs.projectId, projects.id))
    .where(
      and(eq(projects.id, projectId), eq(projectOrgs.orgId, orgId), eq(projectOrgs.status, MembershipStatus.ACCEPTED)),
    );
  return row;
}

export async function projectsOfMember(tx: Tx | Db, orgId: number) {
  return tx
    .select({ id: projects.id, name: projects.name, regionCode: projects.regionCode })
    .from(projects)
    .innerJoin(projectOrgs, eq(projectOrgs.projectId, projects.id))
    .where(and(eq(projectOrgs.orgId, orgId), eq(projectOrgs.status, MembershipStatus.ACCEPTED)))
    .orderBy(desc(projects.id))
    .limit(100);
}

/** Platform organisations by name or credit code (not the caller’s, nor a platform user’s), at most 20. */
export async function searchOrgs(tx: Tx | Db, keyword: string, exceptOrgId: number) {
  return tx
    .select({
      id: organizations.id,
      name: organizations.name,
      creditCode: organizations.creditCode,
      type: organizations.type,
    })
    .from(organizations)
    .where(
      and(
        ne(organizations.id, exceptOrgId),
        ne(organizations.type, OrgType.PLATFORM_USER),
        or(ilike(organizations.name, containsPattern(keyword)), eq(organizations.creditCode, keyword.toUpperCase())),
      ),
    )
    .orderBy(asc(organizations.name))
    .limit(20);
}

export interface ListFilter {
  orgId: number;
  side: 'mine' | 'buyer';
  status?: string;
  keyword?: string;
  take: number;
  skip: number;
}

export async function listContracts(tx: Tx | Db, f: ListFilter) {
  const where: SQL[] = [
    f.side === 'mine' ? eq(salesContracts.distributorOrgId, f.orgId) : eq(salesContracts.buyerOrgId, f.orgId),
  ];
  if (f.side === 'buyer') where.push(ne(salesContracts.status, 'draft'));
  if (f.status) where.push(eq(salesContracts.status, f.status));
  if (f.keyword) {
    const p = containsPattern(f.keyword);
    where.push(
      or(
        ilike(salesContracts.number, p),
        ilike(salesContracts.buyerName, p),
        ilike(salesContracts.projectName, p),
        ilike(projects.name, p),
      ) as SQL,
    );
  }
  const rows = await tx
    .select({
      c: salesContracts,
      sellerName: sellers.name,
      platformProjectName: projects.name,
      lineCount: sql<number>`(select count(*)::int from ${salesContractLines} where ${salesContractLines.contractId} = ${salesContracts.id})`,
    })
    .from(salesContracts)
    .innerJoin(sellers, eq(sellers.id, salesContracts.distributorOrgId))
    .leftJoin(projects, eq(projects.id, salesContracts.projectId))
    .where(and(...where))
    .orderBy(desc(salesContracts.id))
    .limit(f.take)
    .offset(f.skip);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(salesContracts)
    .leftJoin(projects, eq(projects.id, salesContracts.projectId))
    .where(and(...where));
  return { rows, total: count?.n ?? 0 };
}

export async function contractHead(tx: Tx | Db, id: number) {
  const [row] = await tx
    .select({ c: salesContracts, sellerName: sellers.name, platformProjectName: projects.name })
    .from(salesContracts)
    .innerJoin(sellers, eq(sellers.id, salesContracts.distributorOrgId))
    .leftJoin(projects, eq(projects.id, salesContracts.projectId))
    .where(eq(salesContracts.id, id));
  return row;
}

export async function shipmentsOf(tx: Tx | Db, contractId: number) {
  return tx
    .select({ id: shipments.id, number: shipments.number, status: shipments.status, shipDate: shipments.shipDate })
    .from(salesContractShipments)
    .innerJoin(shipments, eq(shipments.id, salesContractShipments.shipmentId))
    .where(eq(salesContractShipments.contractId, contractId))
    .orderBy(desc(shipments.id));
}

export async function linkShipment(tx: Tx, contractId: number, shipmentId: number): Promise<void> {
  await tx.insert(salesContractShipments).values({ contractId, shipmentId });
}
