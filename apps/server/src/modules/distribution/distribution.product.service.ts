import type {
  DistributorProductStatusValue,
  DistributorProductView,
  distributorProductListBody,
  distributorProductSaveBody,
} from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { addresses, distributorProducts, organizations, productSpecs, products } from '../../db/schema/index.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { invalidInput, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { regionFullNames } from '../trace/index.ts';
import { coverageKey, isLicensed, recordCoverage, specLabel } from './distribution.licensed.ts';

/**
 * The distributor's own product records (docs/distribution.md, "The distributor console"): its price, supply regions
 * and addresses, minimum order and lead time for a product some letter of its names. Distributors only (the routes'
 * `orgTypes`); another organisation's record answers 404.
 */

type SaveBody = z.output<typeof distributorProductSaveBody>;
type ListBody = z.output<typeof distributorProductListBody>;
const makers = alias(organizations, 'record_makers');
const NOT_FOUND = '产品记录不存在';

function recordsQuery(tx: Tx | Db) {
  return tx
    .select({
      r: distributorProducts,
      productName: products.name,
      makerName: makers.name,
      specName: productSpecs.name,
      specModel: productSpecs.model,
    })
    .from(distributorProducts)
    .innerJoin(products, eq(products.id, distributorProducts.productId))
    .innerJoin(makers, eq(makers.id, products.orgId))
    .leftJoin(productSpecs, eq(productSpecs.id, distributorProducts.specId));
}
type RecordRow = Awaited<ReturnType<typeof recordsQuery>>[number];

async function views(tx: Tx | Db, orgId: number, rows: RecordRow[]): Promise<DistributorProductView[]> {
  const coverage = await recordCoverage(
    tx,
    orgId,
    rows.map((x) => x.r),
  );
  const names = await regionFullNames(
    tx,
    rows.flatMap((x) => x.r.supplyRegionCodes),
  );
  const addressIds = [...new Set(rows.flatMap((x) => x.r.supplyAddressIds))];
  const addressRows =
    addressIds.length === 0
      ? []
      : await tx
          .select({ id: addresses.id, name: addresses.name })
          .from(addresses)
          .where(inArray(addresses.id, addressIds));
  const addressName = new Map(addressRows.map((a) => [a.id, a.name]));
  return rows.map(({ r, productName, makerName, specName, specModel }) => {
    const c = coverage.get(coverageKey(r));
    return {
      id: r.id,
      productId: r.productId,
      productName,
      makerName,
      specId: r.specId,
      specName: specLabel(specName, specModel),
      priceFen: r.priceFen,
      priceUnit: r.priceUnit,
      supplyRegionCodes: r.supplyRegionCodes,
      supplyRegionNames: r.supplyRegionCodes.map((code) => names.get(code) ?? code),
      supplyAddresses: r.supplyAddressIds.map((id) => ({ id, name: addressName.get(id) ?? '' })),
      minOrderQuantity: r.minOrderQuantity === null ? null : fromMilli(toMilli(r.minOrderQuantity)),
      leadDays: r.leadDays,
      status: r.status as DistributorProductStatusValue,
      remarks: r.remarks,
      coverage: c?.coverage ?? 'not_covered',
      coveredUntil: c?.until ?? null,
      updatedAt: formatShanghaiTime(r.updatedAt),
    };
  });
}

/** The field errors of a record's references: a licensed product, its own spec, known regions, its own addresses. */
async function referenceErrors(tx: Tx, orgId: number, b: SaveBody) {
  const errors: { field: string; message: string }[] = [];
  if (b.specId !== undefined) {
    const [spec] = await tx
      .select({ productId: productSpecs.productId })
      .from(productSpecs)
      .where(eq(productSpecs.id, b.specId));
    if (!spec || spec.productId !== b.productId) errors.push({ field: 'specId', message: '规格型号不属于该产品' });
  }
  if (!(await isLicensed(tx, orgId, b.productId, b.specId ?? null))) {
    errors.push({ field: 'productId', message: '生产企业尚未授权本单位销售该产品（或该规格型号）' });
  }
  const regions = [...new Set(b.supplyRegionCodes)];
  const known = await regionFullNames(tx, regions);
  const unknown = regions.find((c) => !known.has(c) || known.get(c) === c);
  if (unknown) errors.push({ field: 'supplyRegionCodes', message: `行政区划代码不存在：${unknown}` });
  const addressIds = [...new Set(b.supplyAddressIds)];
  if (addressIds.length > 0) {
    const own = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.orgId, orgId), inArray(addresses.id, addressIds)));
    if (own.length !== addressIds.length) errors.push({ field: 'supplyAddressIds', message: '供货地址不存在' });
  }
  return errors;
}

export function createDistributorProductService({ db }: { db: Db }) {
  async function ownRecord(tx: Tx | Db, orgId: number, id: number, lock = false) {
    const q = tx.select().from(distributorProducts).where(eq(distributorProducts.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row || row.distributorOrgId !== orgId) throw notFound(NOT_FOUND);
    return row;
  }

  return {
    async list(user: SessionUser, body: ListBody) {
      const orgId = callerOrgId(user);
      const where = and(
        eq(distributorProducts.distributorOrgId, orgId),
        body.status ? eq(distributorProducts.status, body.status) : undefined,
        body.keyword
          ? or(
              ilike(products.name, containsPattern(body.keyword)),
              ilike(productSpecs.name, containsPattern(body.keyword)),
              ilike(makers.name, containsPattern(body.keyword)),
            )
          : undefined,
      );
      const rows = await recordsQuery(db)
        .where(where)
        .orderBy(desc(distributorProducts.updatedAt), desc(distributorProducts.id))
        .limit(body.take)
        .offset(body.skip);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(distributorProducts)
        .innerJoin(products, eq(products.id, distributorProducts.productId))
        .innerJoin(makers, eq(makers.id, products.orgId))
        .leftJoin(productSpecs, eq(productSpecs.id, distributorProducts.specId))
        .where(where);
      return { list: await views(db, orgId, rows), total: count?.n ?? 0 };
    },

    async detail(user: SessionUser, id: number) {
      const orgId = callerOrgId(user);
      const rows = await recordsQuery(db).where(eq(distributorProducts.id, id));
      if (rows[0]?.r.distributorOrgId !== orgId) throw notFound(NOT_FOUND);
      return (await views(db, orgId, rows))[0] as DistributorProductView;
    },

    async save(user: SessionUser, b: SaveBody) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const before = b.id === undefined ? null : await ownRecord(tx, orgId, b.id, true);
        const errors = await referenceErrors(tx, orgId, b);
        if (errors.length > 0) throw invalidInput(errors);
        const values = {
          productId: b.productId,
          specId: b.specId ?? null,
          priceFen: b.priceFen ?? null,
          priceUnit: b.priceUnit ?? null,
          supplyRegionCodes: [...new Set(b.supplyRegionCodes)],
          supplyAddressIds: [...new Set(b.supplyAddressIds)],
          minOrderQuantity: b.minOrderQuantity === undefined ? null : String(b.minOrderQuantity),
          leadDays: b.leadDays ?? null,
          status: b.status,
          remarks: b.remarks ?? null,
        };
        let id: number;
        try {
          id = await tx.transaction(async (sp) => {
            if (before) {
              await sp
                .update(distributorProducts)
                .set({ ...values, updatedAt: new Date() })
                .where(eq(distributorProducts.id, before.id));
              return before.id;
            }
            const [row] = await sp
              .insert(distributorProducts)
              .values({ ...values, distributorOrgId: orgId, createdBy: user.userId })
              .returning({ id: distributorProducts.id });
            return (row as { id: number }).id;
          });
        } catch (e) {
          if (!isUniqueViolation(e)) throw e;
          throw invalidInput([
            { field: b.specId === undefined ? 'productId' : 'specId', message: '已有该产品（规格型号）的记录' },
          ]);
        }
        await recordAudit(tx, {
          entity: 'distributor_product',
          entityId: id,
          action: before ? 'update' : 'create',
          fromState: before?.status ?? null,
          toState: b.status,
          actor: user,
        });
        return { id };
      });
    },

    async remove(user: SessionUser, id: number) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const before = await ownRecord(tx, orgId, id, true);
        await tx.delete(distributorProducts).where(eq(distributorProducts.id, id));
        await recordAudit(tx, {
          entity: 'distributor_product',
          entityId: id,
          action: 'delete',
          fromState: before.status,
          toState: null,
          actor: user,
          data: { productId: before.productId, specId: before.specId },
        });
        return { id };
      });
    },
  };
}
