import { randomBytes } from 'node:crypto';
import { CertStatus, ListingStatus } from '@jcbb/contract';
import { and, eq } from 'drizzle-orm';
import type { TestServer } from '../../../test/harness.ts';
import type { Tx } from '../../db/client.ts';
import {
  addresses,
  listings,
  lots,
  organizations,
  productSpecs,
  products,
  projects,
  stockBalances,
  traceCodes,
  users,
} from '../../db/schema/index.ts';
import { moveStock } from './trace.stock.ts';

/**
 * Fixtures of the trace tests written straight into a test server's database: lots (with their `produce` move),
 * trace codes, addresses, masses. The lot and code endpoints are another part's; these tests do not depend on them.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** A fresh trace code: 20 base32 characters from 100 random bits. */
export function newCode(): string {
  const bytes = randomBytes(20);
  let out = '';
  for (const b of bytes) out += BASE32[b & 31];
  return out;
}

/**
 * The demo's other manufacturer (苏州新材, 13800000008) is not certified, so every call that reaches other
 * organisations refuses it before looking at the records (lib/certification.ts). Tests about whose record is whose
 * certify it first, as cross-organisation.test.ts does, so the object check is what answers.
 */
export async function certify(server: TestServer, orgId: number, certified = true): Promise<void> {
  await server.database.db
    .update(organizations)
    .set(
      certified
        ? { certStatus: CertStatus.CERTIFIED, certifiedAt: new Date() }
        : { certStatus: CertStatus.NONE, certifiedAt: null },
    )
    .where(eq(organizations.id, orgId));
}

export async function userOf(server: TestServer, mobile: string) {
  const [u] = await server.database.db.select().from(users).where(eq(users.mobile, mobile));
  if (!u?.orgId) throw new Error(`no user ${mobile}`);
  return { userId: u.id, orgId: u.orgId };
}

/** A demo specification by product and specification name. */
export async function specOf(server: TestServer, productName: string, specName: string) {
  const [row] = await server.database.db
    .select({ specId: productSpecs.id, productId: products.id, orgId: products.orgId, unitId: productSpecs.unitId })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(and(eq(products.name, productName), eq(productSpecs.name, specName)));
  if (!row) throw new Error(`no spec ${productName} ${specName}`);
  return row;
}

export async function projectIdOf(server: TestServer, name: string): Promise<number> {
  const [row] = await server.database.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name));
  if (!row) throw new Error(`no project ${name}`);
  return row.id;
}

export async function setMass(server: TestServer, specId: number, kg: string | null): Promise<void> {
  await server.database.db.update(productSpecs).set({ massPerUnitKg: kg }).where(eq(productSpecs.id, specId));
}

let batch = 0;
/** A lot of `quantity` units made by the spec's manufacturer, entered into its stock. */
export async function addLot(
  server: TestServer,
  spec: { specId: number; productId: number; orgId: number },
  quantity: number,
  o: { batchNo?: string; productionDate?: string; userId?: number } = {},
): Promise<number> {
  batch += 1;
  return server.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lots)
      .values({
        orgId: spec.orgId,
        productId: spec.productId,
        specId: spec.specId,
        batchNo: o.batchNo ?? `T${Date.now().toString(36).toUpperCase()}${batch}`,
        productionDate: o.productionDate ?? '2026-01-05',
        quantity: quantity.toFixed(3),
        evidence: {
          kind: 'none',
          name: null,
          certNo: null,
          valid: false,
          validUntil: null,
          leafIndex: null,
          asOf: '2026-01-05',
        },
        createdBy: o.userId ?? 1,
      })
      .returning({ id: lots.id });
    const lotId = (row as { id: number }).id;
    await moveStock(tx as Tx, [
      {
        holder: { kind: 'org', orgId: spec.orgId },
        specId: spec.specId,
        lotId,
        bucket: 'usable',
        quantity,
        reason: 'produce',
        docType: 'lot',
        docId: lotId,
        occurredAt: new Date(),
        userId: o.userId ?? null,
      },
    ]);
    return lotId;
  });
}

/** Item codes of a lot, each standing for `each` units, held by the lot's maker (or `holderKey`). */
export async function addCodes(
  server: TestServer,
  lot: { lotId: number; specId: number; orgId: number },
  count: number,
  each = 1,
  o: { holderKey?: string; status?: string; parentCode?: string; level?: string } = {},
): Promise<string[]> {
  const codes = Array.from({ length: count }, newCode);
  await server.database.db.insert(traceCodes).values(
    codes.map((code) => ({
      code,
      orgId: lot.orgId,
      lotId: lot.lotId,
      specId: lot.specId,
      level: o.level ?? 'item',
      quantity: each.toFixed(3),
      parentCode: o.parentCode ?? null,
      status: o.status ?? 'active',
      holderKey: o.holderKey ?? `org:${lot.orgId}`,
    })),
  );
  return codes;
}

/** Package codes, each with `items` item codes of `each` units inside. Answers the package codes. */
export async function addPackages(
  server: TestServer,
  lot: { lotId: number; specId: number; orgId: number },
  count: number,
  items: number,
  each = 1,
): Promise<string[]> {
  const packages = await addCodes(server, lot, count, items * each, { level: 'package' });
  for (const p of packages) await addCodes(server, lot, items, each, { parentCode: p });
  return packages;
}

/** An address of an organisation. */
export async function addAddress(
  server: TestServer,
  orgId: number,
  o: { kind?: string; name?: string; regionCode?: string; isDefault?: boolean; enabled?: boolean } = {},
): Promise<number> {
  const [row] = await server.database.db
    .insert(addresses)
    .values({
      orgId,
      kind: o.kind ?? 'warehouse',
      name: o.name ?? '测试仓库',
      regionCode: o.regionCode ?? '320115',
      detail: '测试路 1 号',
      contactName: '测试',
      contactPhone: '13900000000',
      isDefault: o.isDefault ?? false,
      enabled: o.enabled ?? true,
    })
    .returning({ id: addresses.id });
  return (row as { id: number }).id;
}

/** A product of the manufacturer with no documents at all (no evidence), listed in a city. */
export async function addBareProduct(
  server: TestServer,
  maker: { orgId: number; userId: number },
  cityCode: string,
): Promise<{ specId: number; productId: number; orgId: number }> {
  const db = server.database.db;
  const [p] = await db
    .insert(products)
    .values({ orgId: maker.orgId, name: '无证测试产品', classifyCode: '0104', createdBy: maker.userId })
    .returning({ id: products.id });
  const productId = (p as { id: number }).id;
  const [s] = await db
    .insert(productSpecs)
    .values({ productId, name: '测试规格', model: 'T-1', unitId: 32 })
    .returning({ id: productSpecs.id });
  await db.insert(listings).values({
    productId,
    orgId: maker.orgId,
    cityCode,
    status: ListingStatus.LISTED,
    createdBy: maker.userId,
  });
  return { specId: (s as { id: number }).id, productId, orgId: maker.orgId };
}

/** A holder's balance of a lot in a bucket (0 when it has no row). */
export async function balanceOf(server: TestServer, holderKey: string, lotId: number, bucket = 'usable') {
  const [row] = await server.database.db
    .select({ q: stockBalances.quantity })
    .from(stockBalances)
    .where(
      and(eq(stockBalances.holderKey, holderKey), eq(stockBalances.lotId, lotId), eq(stockBalances.bucket, bucket)),
    );
  return Number(row?.q ?? 0);
}

/** A code's row as stored (status, holder, first project). */
export async function codeRowOf(server: TestServer, code: string) {
  const [row] = await server.database.db.select().from(traceCodes).where(eq(traceCodes.code, code));
  return row;
}
