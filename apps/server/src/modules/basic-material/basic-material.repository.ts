import { BasicMaterialStatus } from '@jcbb/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { basicMaterials, materialClassifications, products, productUnits } from '../../db/schema/index.ts';
import { auditCount, auditRows as readAudit } from '../../lib/audit.ts';
import { containsPattern } from '../../lib/like.ts';

const columns = {
  id: basicMaterials.id,
  commonName: basicMaterials.commonName,
  classifyCode: basicMaterials.classifyCode,
  classifyName: materialClassifications.name,
  classifyParent: materialClassifications.parentCode,
  units: basicMaterials.units,
  status: basicMaterials.status,
};

export async function page(tx: Tx, f: { take: number; skip: number; commonName?: string; classifyCode?: string }) {
  const where = and(
    eq(basicMaterials.status, BasicMaterialStatus.APPROVED),
    f.commonName ? sql`${basicMaterials.commonName} ilike ${containsPattern(f.commonName)}` : undefined,
    f.classifyCode ? sql`${basicMaterials.classifyCode} like ${`${f.classifyCode}%`}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select(columns)
      .from(basicMaterials)
      .innerJoin(materialClassifications, eq(materialClassifications.code, basicMaterials.classifyCode))
      .where(where)
      .orderBy(asc(basicMaterials.classifyCode), asc(basicMaterials.id))
      .limit(f.take)
      .offset(f.skip),
    tx.select({ n: count() }).from(basicMaterials).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** An approved common name (exact, ignoring surrounding spaces). */
export async function findApproved(tx: Tx, commonName: string) {
  const [row] = await tx
    .select(columns)
    .from(basicMaterials)
    .innerJoin(materialClassifications, eq(materialClassifications.code, basicMaterials.classifyCode))
    .where(and(eq(basicMaterials.commonName, commonName), eq(basicMaterials.status, BasicMaterialStatus.APPROVED)))
    .limit(1);
  return row;
}

/** A live (approved or pending) entry of that name, whoever applied. */
export async function findLive(tx: Tx, commonName: string) {
  const [row] = await tx
    .select({ id: basicMaterials.id, status: basicMaterials.status })
    .from(basicMaterials)
    .where(
      and(
        eq(basicMaterials.commonName, commonName),
        inArray(basicMaterials.status, [BasicMaterialStatus.APPROVED, BasicMaterialStatus.PENDING]),
      ),
    )
    .limit(1);
  return row;
}

export async function insertApplication(tx: Tx, values: typeof basicMaterials.$inferInsert) {
  const [row] = await tx.insert(basicMaterials).values(values).returning({ id: basicMaterials.id });
  return row as { id: number };
}

export async function unitNames(tx: Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: productUnits.id, name: productUnits.name })
    .from(productUnits)
    .where(inArray(productUnits.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function classification(tx: Tx, code: string) {
  const [row] = await tx
    .select({
      code: materialClassifications.code,
      name: materialClassifications.name,
      parentCode: materialClassifications.parentCode,
    })
    .from(materialClassifications)
    .where(eq(materialClassifications.code, code))
    .limit(1);
  return row;
}

/** The audit log of an organisation's products: their creation, corrections and status changes, newest first. */
export async function productAuditPage(tx: Tx, orgId: number, f: { take: number; skip: number; productId?: number }) {
  const query = {
    entity: 'product',
    orgId,
    entityId: f.productId,
    newestFirst: true,
    take: f.take,
    skip: f.skip,
  } as const;
  const [logs, total] = await Promise.all([readAudit(tx, query), auditCount(tx, query)]);
  const ids = [...new Set(logs.map(({ log }) => log.entityId).filter((id) => /^\d+$/.test(id)))].map(Number);
  const names =
    ids.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await tx
              .select({ id: products.id, name: products.name })
              .from(products)
              .where(and(inArray(products.id, ids), eq(products.orgId, orgId)))
          ).map((p) => [String(p.id), p.name]),
        );
  const rows = logs.map(({ log }) => ({
    id: log.id,
    entityId: log.entityId,
    productName: names.get(log.entityId) ?? null,
    action: log.action,
    fromState: log.fromState,
    toState: log.toState,
    reason: log.reason,
    createdAt: log.createdAt,
  }));
  return { rows, total };
}

export async function productOfOrg(tx: Tx, productId: number, orgId: number) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.orgId, orgId)))
    .limit(1);
  return row;
}
