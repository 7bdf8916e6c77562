import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productSamplings, productSpecs, products, uploads } from '../../db/schema/index.ts';

export interface SamplingFilter {
  productId?: number;
  result?: number;
}

function whereOf(orgId: number, f: SamplingFilter): SQL {
  return and(
    eq(productSamplings.orgId, orgId),
    f.productId !== undefined ? eq(productSamplings.productId, f.productId) : undefined,
    f.result !== undefined ? eq(productSamplings.result, f.result) : undefined,
  ) as SQL;
}

const columns = {
  id: productSamplings.id,
  productId: productSamplings.productId,
  productName: products.name,
  specId: productSamplings.specId,
  specName: productSpecs.name,
  specModel: productSpecs.model,
  projectName: productSamplings.projectName,
  samplingOrgName: productSamplings.samplingOrgName,
  sampledAt: productSamplings.sampledAt,
  result: productSamplings.result,
  remark: productSamplings.remark,
  reportId: uploads.id,
  reportName: uploads.name,
};

function selectRows(tx: Tx) {
  return tx
    .select(columns)
    .from(productSamplings)
    .innerJoin(products, eq(products.id, productSamplings.productId))
    .leftJoin(productSpecs, eq(productSpecs.id, productSamplings.specId))
    .leftJoin(uploads, eq(uploads.id, productSamplings.reportUploadId));
}
export type SamplingRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** The organisation's samplings, latest first. */
export async function page(tx: Tx, orgId: number, f: SamplingFilter & { take: number; skip: number }) {
  const where = whereOf(orgId, f);
  const [rows, [total]] = await Promise.all([
    selectRows(tx)
      .where(where)
      .orderBy(desc(productSamplings.sampledAt), desc(productSamplings.id))
      .limit(f.take)
      .offset(f.skip),
    tx.select({ n: count() }).from(productSamplings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findOne(tx: Tx, orgId: number, id: number) {
  const [row] = await selectRows(tx)
    .where(and(eq(productSamplings.id, id), eq(productSamplings.orgId, orgId)))
    .limit(1);
  return row;
}

export async function countsByResult(tx: Tx, orgId: number, f: SamplingFilter) {
  const rows = await tx
    .select({ result: productSamplings.result, n: sql<number>`count(*)::int` })
    .from(productSamplings)
    .where(whereOf(orgId, f))
    .groupBy(productSamplings.result);
  return new Map(rows.map((r) => [r.result, r.n]));
}

export async function productOfOrg(tx: Tx, productId: number, orgId: number) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.orgId, orgId)))
    .limit(1);
  return row;
}
