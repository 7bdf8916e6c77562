import { shanghaiToday } from '@jcbb/contract/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../bench/seed-scale.ts';
import { staleGreenProductIds } from '../src/modules/product/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

// The benchmark's scale data (npm run seed:scale) must obey the product centre's rules, or the server rewrites it at
// start (the certificate sweep) and the catalogue benchmark measures a database full of dead rows.
let server: TestServer;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  server = await startTestServer();
  await seedScale(server.database.db, 600, () => {});
});
afterAll(async () => {
  await server?.stop();
});

describe('seed:scale', () => {
  it('adds products with specifications and listings in several cities', async () => {
    const [counts] = await rows<{ products: number; cities: number; listed: number }>(sql`
      select (select count(*) from products where description = '规模测试数据')::int as products,
             (select count(distinct city_code) from product_listings)::int as cities,
             (select count(*) from product_listings where status = 3)::int as listed`);
    expect(counts).toMatchObject({ products: 600, cities: 20 });
    expect(counts?.listed).toBeGreaterThan(600);
  });

  it('backs every green tag with a valid certificate, so the certificate sweep finds nothing to change', async () => {
    expect(await staleGreenProductIds(server.database.db, shanghaiToday())).toEqual([]);
    const [green] = await rows<{ valid: number; expired: number }>(sql`
      select count(*) filter (where p.is_green)::int as valid,
             count(*) filter (where not p.is_green)::int as expired
      from products p join product_documents d on d.product_id = p.id and d.kind = 3
      where p.description = '规模测试数据'`);
    expect(green?.valid).toBeGreaterThan(0);
    expect(green?.expired).toBeGreaterThan(0);
    const [lowCarbon] = await rows<{ n: number }>(sql`
      select count(*)::int as n from products p
      where p.is_low_carbon and not exists (select 1 from product_documents d where d.product_id = p.id and d.kind = 2)`);
    expect(lowCarbon?.n).toBe(0);
  });

  it("gives every listing its product's facts for the catalogue", async () => {
    const [stale] = await rows<{ n: number }>(sql`
      select count(*)::int as n from product_listings l join products p on p.id = l.product_id
      where l.product_name <> p.name or l.product_green <> p.is_green or l.product_enabled <> (p.enable_status = 1)
         or l.product_green_valid_until is distinct from p.green_valid_until`);
    expect(stale?.n).toBe(0);
  });
});
