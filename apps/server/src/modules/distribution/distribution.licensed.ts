import {
  AUTHORISATION_EXPIRING_DAYS,
  type AuthorisationKindValue,
  type AuthorisationStatusValue,
  authorisationState,
  type LicensedDetail,
  type LicensedItemView,
  type licensedListBody,
  productUnits,
  type RecordCoverageValue,
  type StoredAuthorisationStatus,
} from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import { addDays, formatOptionalShanghaiTime, shanghaiToday } from '@jcbb/contract/time';
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  authorisationItems,
  authorisations,
  organizations,
  productSpecs,
  products,
  projects,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { regionFullNames } from '../trace/index.ts';

/**
 * The distributor's licensed products (docs/distribution.md, "The distributor console"): no table of their own, the
 * items of the authorisations that name it (any state but draft), with each letter's state as of today. The product
 * records' coverage and the check that a record names a licensed product read them here too.
 */

type ListBody = z.output<typeof licensedListBody>;
const makers = alias(organizations, 'makers');

/** Items of the distributor's letters that are not drafts, filtered by state (as of `today`) in SQL. */
function stateWhere(state: AuthorisationStatusValue | undefined, today: string): SQL | undefined {
  const live = inArray(authorisations.status, ['issued', 'active', 'suspended']);
  if (state === undefined) return undefined;
  if (state === 'expired') return and(live, sql`${authorisations.validUntil} < ${today}`);
  if (state === 'issued' || state === 'active' || state === 'suspended')
    return and(eq(authorisations.status, state), sql`${authorisations.validUntil} >= ${today}`);
  return eq(authorisations.status, state);
}

const itemColumns = {
  itemId: authorisationItems.id,
  authorisationId: authorisations.id,
  publicId: authorisations.publicId,
  number: authorisations.number,
  makerOrgId: authorisations.makerOrgId,
  makerName: makers.name,
  kind: authorisations.kind,
  platformProjectName: projects.name,
  projectName: authorisations.projectName,
  tenderNo: authorisations.tenderNo,
  productId: authorisationItems.productId,
  productName: products.name,
  specId: authorisationItems.specId,
  specName: productSpecs.name,
  specModel: productSpecs.model,
  regionCodes: authorisations.regionCodes,
  validFrom: authorisations.validFrom,
  validUntil: authorisations.validUntil,
  status: authorisations.status,
  cap: authorisationItems.quantityCap,
  shipped: authorisationItems.shippedQuantity,
};

function itemsQuery(tx: Tx | Db, where: SQL | undefined) {
  return tx
    .select(itemColumns)
    .from(authorisationItems)
    .innerJoin(authorisations, eq(authorisations.id, authorisationItems.authorisationId))
    .innerJoin(makers, eq(makers.id, authorisations.makerOrgId))
    .innerJoin(products, eq(products.id, authorisationItems.productId))
    .leftJoin(productSpecs, eq(productSpecs.id, authorisationItems.specId))
    .leftJoin(projects, eq(projects.id, authorisations.projectId))
    .where(where);
}

type ItemRow = Awaited<ReturnType<typeof itemsQuery>>[number];

/** The spec's name as the console shows it: name and model. */
export const specLabel = (name: string | null, model: string | null): string | null =>
  name === null ? null : model ? `${name} ${model}` : name;

/** The specifications (with their unit's name) of the products, by product. */
async function specsOf(tx: Tx | Db, productIds: number[]) {
  const out = new Map<number, { id: number; name: string; unit: string }[]>();
  if (productIds.length === 0) return out;
  const rows = await tx
    .select({
      id: productSpecs.id,
      productId: productSpecs.productId,
      name: productSpecs.name,
      model: productSpecs.model,
      unitId: productSpecs.unitId,
    })
    .from(productSpecs)
    .where(inArray(productSpecs.productId, [...new Set(productIds)]))
    .orderBy(asc(productSpecs.id));
  for (const r of rows) {
    const unit = productUnits.find((u) => u.id === r.unitId)?.name ?? '';
    out.set(r.productId, [...(out.get(r.productId) ?? []), { id: r.id, name: specLabel(r.name, r.model) ?? '', unit }]);
  }
  return out;
}

async function itemViews(tx: Tx | Db, rows: ItemRow[], today: string): Promise<LicensedItemView[]> {
  const names = await regionFullNames(
    tx,
    rows.flatMap((r) => r.regionCodes),
  );
  const specs = await specsOf(
    tx,
    rows.map((r) => r.productId),
  );
  return rows.map((r) => {
    const capMilli = r.cap === null ? null : toMilli(r.cap);
    const shippedMilli = toMilli(r.shipped);
    return {
      itemId: r.itemId,
      authorisationId: r.authorisationId,
      publicId: r.publicId,
      number: r.number ?? '',
      makerOrgId: r.makerOrgId,
      makerName: r.makerName,
      kind: r.kind as AuthorisationKindValue,
      projectName: r.kind === 'project' ? (r.platformProjectName ?? r.projectName ?? r.tenderNo) : null,
      productId: r.productId,
      productName: r.productName,
      specId: r.specId,
      specName: specLabel(r.specName, r.specModel),
      specs: (specs.get(r.productId) ?? []).filter((x) => r.specId === null || x.id === r.specId),
      regionCodes: r.regionCodes,
      regionNames: r.regionCodes.map((c) => names.get(c) ?? c),
      validFrom: r.validFrom,
      validUntil: r.validUntil,
      state: authorisationState(r.status as StoredAuthorisationStatus, r.validUntil, today),
      quantityCap: capMilli === null ? null : fromMilli(capMilli),
      shippedQuantity: fromMilli(shippedMilli),
      remainingQuantity: capMilli === null ? null : fromMilli(capMilli - shippedMilli),
    };
  });
}

const ownItems = (distributorOrgId: number) =>
  and(eq(authorisations.distributorOrgId, distributorOrgId), ne(authorisations.status, 'draft'));

/** POST /api/agent/licensed/list: the distributor's items, newest letter first. */
export async function licensedList(db: Db, orgId: number, body: ListBody) {
  const today = shanghaiToday();
  const keyword = body.keyword
    ? or(
        ilike(products.name, containsPattern(body.keyword)),
        ilike(productSpecs.name, containsPattern(body.keyword)),
        ilike(makers.name, containsPattern(body.keyword)),
        ilike(authorisations.number, containsPattern(body.keyword)),
      )
    : undefined;
  const where = and(ownItems(orgId), stateWhere(body.state, today), keyword);
  const rows = await itemsQuery(db, where)
    .orderBy(desc(authorisations.id), asc(authorisationItems.id))
    .limit(body.take)
    .offset(body.skip);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authorisationItems)
    .innerJoin(authorisations, eq(authorisations.id, authorisationItems.authorisationId))
    .innerJoin(makers, eq(makers.id, authorisations.makerOrgId))
    .innerJoin(products, eq(products.id, authorisationItems.productId))
    .leftJoin(productSpecs, eq(productSpecs.id, authorisationItems.specId))
    .where(where);
  return { list: await itemViews(db, rows, today), total: count?.n ?? 0 };
}

/** GET /api/agent/licensed/detail: one letter of the distributor's (not a draft), else 404. */
export async function licensedDetail(db: Db, user: SessionUser, id: number): Promise<LicensedDetail> {
  const [a] = await db
    .select({ a: authorisations, makerName: makers.name, platformProjectName: projects.name })
    .from(authorisations)
    .innerJoin(makers, eq(makers.id, authorisations.makerOrgId))
    .leftJoin(projects, eq(projects.id, authorisations.projectId))
    .where(and(eq(authorisations.id, id), ne(authorisations.status, 'draft')));
  if (!a || a.a.distributorOrgId !== user.orgId) throw notFound('授权书不存在');
  const today = shanghaiToday();
  const rows = await itemsQuery(db, eq(authorisationItems.authorisationId, id)).orderBy(asc(authorisationItems.id));
  const items = await itemViews(db, rows, today);
  const names = await regionFullNames(db, a.a.regionCodes);
  const state = authorisationState(a.a.status as StoredAuthorisationStatus, a.a.validUntil, today);
  return {
    id: a.a.id,
    publicId: a.a.publicId,
    number: a.a.number ?? '',
    version: a.a.version,
    makerOrgId: a.a.makerOrgId,
    makerName: a.makerName,
    kind: a.a.kind as AuthorisationKindValue,
    projectName: a.platformProjectName ?? a.a.projectName,
    tenderNo: a.a.tenderNo,
    exclusive: a.a.exclusive,
    regionCodes: a.a.regionCodes,
    regionNames: a.a.regionCodes.map((c) => names.get(c) ?? c),
    validFrom: a.a.validFrom,
    validUntil: a.a.validUntil,
    state,
    statusReason: a.a.statusReason,
    afterSalesCommitment: a.a.afterSalesCommitment,
    supplyCommitment: a.a.supplyCommitment,
    signatoryName: a.a.signatoryName,
    signatoryTitle: a.a.signatoryTitle,
    issuedAt: formatOptionalShanghaiTime(a.a.issuedAt),
    acceptedAt: formatOptionalShanghaiTime(a.a.acceptedAt),
    items,
    canAccept: state === 'issued',
  };
}

/** Whether some letter of the distributor (any state but draft) names the product (and, if given, the spec). */
export async function isLicensed(tx: Tx, orgId: number, productId: number, specId: number | null): Promise<boolean> {
  const specMatch =
    specId === null ? undefined : or(sql`${authorisationItems.specId} is null`, eq(authorisationItems.specId, specId));
  const [row] = await tx
    .select({ id: authorisationItems.id })
    .from(authorisationItems)
    .innerJoin(authorisations, eq(authorisations.id, authorisationItems.authorisationId))
    .where(and(ownItems(orgId), eq(authorisationItems.productId, productId), specMatch))
    .limit(1);
  return row !== undefined;
}

/**
 * Today's coverage of product records (product, optional spec): in force when an active letter in its period names
 * it (all specifications, or the record's); expiring when the last such letter ends within
 * AUTHORISATION_EXPIRING_DAYS; else not covered. Keyed `productId:specId|0`.
 */
export async function recordCoverage(
  tx: Tx | Db,
  orgId: number,
  records: readonly { productId: number; specId: number | null }[],
): Promise<Map<string, { coverage: RecordCoverageValue; until: string | null }>> {
  const out = new Map<string, { coverage: RecordCoverageValue; until: string | null }>();
  const productIds = [...new Set(records.map((r) => r.productId))];
  if (productIds.length === 0) return out;
  const today = shanghaiToday();
  const rows = await tx
    .select({
      productId: authorisationItems.productId,
      specId: authorisationItems.specId,
      validUntil: authorisations.validUntil,
    })
    .from(authorisationItems)
    .innerJoin(authorisations, eq(authorisations.id, authorisationItems.authorisationId))
    .where(
      and(
        eq(authorisations.distributorOrgId, orgId),
        eq(authorisations.status, 'active'),
        sql`${authorisations.validFrom} <= ${today}`,
        sql`${authorisations.validUntil} >= ${today}`,
        inArray(authorisationItems.productId, productIds),
      ),
    );
  const soon = addDays(today, AUTHORISATION_EXPIRING_DAYS);
  for (const r of records) {
    const until = rows
      .filter((i) => i.productId === r.productId && (i.specId === null || i.specId === r.specId))
      .map((i) => i.validUntil)
      .sort()
      .at(-1);
    out.set(coverageKey(r), {
      coverage: until === undefined ? 'not_covered' : until <= soon ? 'expiring' : 'in_force',
      until: until ?? null,
    });
  }
  return out;
}

export const coverageKey = (r: { productId: number; specId: number | null }) => `${r.productId}:${r.specId ?? 0}`;
