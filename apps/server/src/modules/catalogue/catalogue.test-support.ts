import { eq } from 'drizzle-orm';
import type { TestServer } from '../../../test/harness.ts';
import { listings, productSpecs, products, users } from '../../db/schema/index.ts';

/** The organisation of a demo account. */
export async function orgOfMobile(server: TestServer, mobile: string): Promise<number> {
  const [row] = await server.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.mobile, mobile));
  if (!row?.orgId) throw new Error(`no organisation for ${mobile}`);
  return row.orgId;
}

export interface FixtureProduct {
  orgId: number;
  name: string;
  classifyCode?: string;
  enabled?: boolean;
  green?: 'valid' | 'expired' | false;
  starRating?: number;
  images?: number[];
  /** Listings: city code → status (3 listed), with options. */
  cities?: Record<string, { status?: number; notGreen?: boolean; gov?: boolean; listedAt?: Date }>;
  price?: string;
}

const day = 24 * 60 * 60 * 1000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Insert a product with one priced specification and its listings straight into the database. */
export async function insertProduct(server: TestServer, p: FixtureProduct): Promise<number> {
  const db = server.database.db;
  const [row] = await db
    .insert(products)
    .values({
      orgId: p.orgId,
      name: p.name,
      brand: '测试品牌',
      classifyCode: p.classifyCode ?? '0105',
      enableStatus: p.enabled === false ? 2 : 1,
      isGreen: p.green === 'valid' || p.green === 'expired',
      starRating: p.green ? (p.starRating ?? 2) : null,
      greenValidUntil:
        p.green === 'valid'
          ? isoDate(Date.now() + 365 * day)
          : p.green === 'expired'
            ? isoDate(Date.now() - 3 * day)
            : null,
      images: p.images ?? [],
      createdBy: 1,
    })
    .returning({ id: products.id });
  const id = (row as { id: number }).id;
  await db
    .insert(productSpecs)
    .values({ productId: id, name: '标准款', model: 'T-1', unitId: 31, price: p.price ?? '88.00' });
  for (const [cityCode, l] of Object.entries(p.cities ?? {})) {
    const status = l.status ?? 3;
    await db.insert(listings).values({
      productId: id,
      orgId: p.orgId,
      cityCode,
      status,
      notGreen: l.notGreen ?? false,
      govProcurement: l.gov ?? false,
      listedAt: status === 3 ? (l.listedAt ?? new Date()) : null,
      createdBy: 1,
    });
  }
  return id;
}
